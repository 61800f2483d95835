import { COLLECTION_PATH, nextLinkTarget } from '@todokit/sdk/contract'
import { isErrorType } from '@todokit/sdk/internal'
import type { HttpClient, HttpResponse } from './http/client.ts'
import { NetworkError, RequestTimeoutError } from './http/errors.ts'
import type { Exchange } from './http/exchange.ts'
import type { Expected, Id, Model, OwnRecord } from './model/model.ts'
import { readFindings } from './rules/reads.ts'
import {
  fieldProblem,
  isObject,
  type Judgement,
  type ListQuery,
  type Observation,
  type ProbeKind,
  type Rule,
  shown,
  typeProblem,
} from './rules/rule.ts'

/** What the rules said over the run: how often each held, and its failures. */
export interface RuleTally {
  held: number
  failures: Array<Extract<Judgement, { failed: string }> & { exchanges: Exchange[] }>
}

/** The server stopped answering: a fresh `GET /todos` failed to connect too. The run ends. */
export class Unreachable extends Error {}

/** The run's signal aborted a request: nothing more is sent or judged but cleanup. */
export class Interrupted extends Error {}

/** Failures kept per rule: the report shows the first, and counts the rest. */
const FAILURES_KEPT = 3

/** The path of one record, for any id type the server hands out. */
export const recordPath = (id: Id | string): string =>
  `${COLLECTION_PATH}/${encodeURIComponent(String(id))}`

/** The query as URL parameters, in a stable order. */
function parameters(query: ListQuery | undefined): Record<string, string> | undefined {
  if (!query) return undefined
  const entries = Object.entries({ ...query, order: query.order?.join(',') }).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  )
  return entries.length ? Object.fromEntries(entries) : undefined
}

/**
 * The only way the kit talks to a server. Each operation sends one request, records what it saw
 * with the model's state before it, has every rule judge that, and then moves the model on.
 */
export class Operations {
  readonly tally: Map<string, RuleTally>
  requests = 0
  /** How many requests of each kind (`PATCH /todos/{id}`) got no answer within the timeout. */
  private readonly unanswered = new Map<string, number>()
  /** Keys of records written while a paged walk goes on. */
  private touching?: Set<string>

  readonly http: HttpClient
  readonly model: Model
  readonly rules: readonly Rule[]

  constructor(
    http: HttpClient,
    model: Model,
    rules: readonly Rule[],
    tally?: Map<string, RuleTally>,
  ) {
    this.http = http
    this.model = model
    this.rules = rules
    this.tally = tally ?? new Map(rules.map((rule) => [rule.id, { held: 0, failures: [] }]))
  }

  /** The same operations, model and tally over another client (cleanup's, which no signal stops). */
  over(http: HttpClient): Operations {
    const ops = new Operations(http, this.model, this.rules, this.tally)
    ops.requests = this.requests
    return ops
  }

  private async send(
    method: string,
    path: string,
    options: { json?: unknown; rawBody?: string; query?: ListQuery } = {},
  ): Promise<{ response?: HttpResponse; error?: string; exchange: Exchange }> {
    // An operation that hangs would hang for the rest of the run: after two requests of one kind
    // got no answer, the kit stops sending that kind, and says so in place of an answer.
    const kind = `${method} ${path === COLLECTION_PATH ? COLLECTION_PATH : `${COLLECTION_PATH}/{id}`}`
    if ((this.unanswered.get(kind) ?? 0) >= 2) {
      const error = `not sent: ${kind} got no answer twice already`
      return {
        error,
        exchange: {
          method,
          url: `${this.http.config.baseUrl}${path}`,
          requestHeaders: {},
          durationMs: 0,
          error,
        },
      }
    }
    this.requests += 1
    try {
      const query = parameters(options.query)
      const response = await this.http.request(method, path, {
        ...(options.json === undefined ? {} : { json: options.json }),
        ...(options.rawBody === undefined ? {} : { rawBody: options.rawBody }),
        ...(query ? { query } : {}),
      })
      return { response, exchange: response.exchange }
    } catch (error) {
      const exchange = (error as { exchange?: Exchange }).exchange
      if (this.http.config.signal?.aborted) throw new Interrupted('interrupted')
      if (!exchange) throw error
      if (isErrorType(error, NetworkError)) {
        try {
          await this.http.request('GET', COLLECTION_PATH)
        } catch (again) {
          if (isErrorType(again, NetworkError)) throw new Unreachable(again.message)
        }
      }
      if (isErrorType(error, RequestTimeoutError))
        this.unanswered.set(kind, (this.unanswered.get(kind) ?? 0) + 1)
      return { error: error instanceof Error ? error.message : String(error), exchange }
    }
  }

  /** Every rule judges the observation; then the model moves on. */
  private observe(observation: Observation): Observation {
    for (const rule of this.rules) {
      const judgement = rule.judge(observation, this.model)
      const tally = this.tally.get(rule.id)
      if (!judgement || !tally) continue
      if ('held' in judgement) tally.held += 1
      else if (tally.failures.length < FAILURES_KEPT) {
        tally.failures.push({
          ...judgement,
          exchanges: judgement.exchanges ?? [observation.exchange],
        })
      } else tally.failures.push({ failed: '', exchanges: [] })
    }
    // One cause is charged once: what a read showed and a rule was charged with is tolerated.
    for (const finding of readFindings(observation, this.model)) {
      if (finding.shownState) finding.record.tolerated.add(finding.shownState)
    }
    return observation
  }

  async list(query?: ListQuery, probe?: ProbeKind): Promise<Observation> {
    const sent = await this.send('GET', COLLECTION_PATH, { query })
    return this.observe({
      op: 'list',
      ...(query && Object.keys(query).length ? { query } : {}),
      ...(probe ? { probe } : {}),
      ...sent,
    })
  }

  /**
   * Walks `GET /todos?limit=N&…` over every `rel="next"` link; `between` runs after the first
   * page, and the records it writes are left out of the walk's judgement.
   */
  async walk(query: ListQuery, between?: () => Promise<void>): Promise<Observation> {
    const pages: HttpResponse[] = []
    const touched = new Set<string>()
    const followed = new Set<string>()
    const maxPages =
      Math.ceil((this.model.live().length + this.model.foreign.size + 20) / Number(query.limit)) + 5
    let first = await this.send('GET', COLLECTION_PATH, { query })
    let stopped: string | undefined
    const start = first
    for (;;) {
      if (!first.response) break
      pages.push(first.response)
      const target = nextLinkTarget(first.response.headers.get('link'))
      if (first.response.status !== 200 || target === undefined) break
      let next: URL
      try {
        next = new URL(target, first.exchange.url)
      } catch {
        break
      }
      if (next.origin !== new URL(first.exchange.url).origin) break
      if (followed.has(next.href)) {
        stopped = `repeats a next link it already followed (${next.pathname}${next.search})`
        break
      }
      if (pages.length >= maxPages) {
        stopped = `did not end within ${maxPages} pages`
        break
      }
      followed.add(next.href)
      if (pages.length === 1 && between) {
        this.touching = touched
        await between()
        this.touching = undefined
      }
      this.requests += 1
      try {
        const response = await this.http.request(
          'GET',
          next.pathname.slice(new URL(this.http.config.baseUrl).pathname.replace(/\/$/, '').length),
          {
            query: Object.fromEntries(next.searchParams),
          },
        )
        first = { response, exchange: response.exchange }
      } catch (error) {
        stopped = `stopped: ${error instanceof Error ? error.message : String(error)}`
        break
      }
    }
    return this.observe({
      op: 'walk',
      query,
      ...start,
      pages,
      touched,
      ...(stopped ? { walkStopped: stopped } : {}),
    })
  }

  private touch(record: OwnRecord | undefined) {
    if (record) this.touching?.add(record.key)
  }

  async get(
    target: OwnRecord | string,
    probe?: ProbeKind,
    allowed?: string[],
  ): Promise<Observation> {
    const path =
      typeof target === 'string' ? `${COLLECTION_PATH}/${target}` : recordPath(target.expected.id)
    const sent = await this.send('GET', path)
    return this.observe({
      op: 'get',
      ...this.aim(target),
      ...(probe ? { probe } : {}),
      ...(allowed ? { allowed } : {}),
      ...sent,
    })
  }

  private aim(target: OwnRecord | string | undefined) {
    if (target === undefined) return {}
    return typeof target === 'string' ? { pathId: target } : { target }
  }

  /** Creates a record; answers the record the run now owns, if the server stored one. */
  async create(
    body: Record<string, unknown> | string,
    probe?: ProbeKind,
  ): Promise<OwnRecord | undefined> {
    const sent = await this.send(
      'POST',
      COLLECTION_PATH,
      typeof body === 'string' ? { rawBody: body } : { json: body },
    )
    const observation = this.observe({
      op: 'create',
      sent: body,
      ...(probe ? { probe } : {}),
      ...sent,
    })
    return this.afterCreate(observation)
  }

  private async afterCreate(observation: Observation): Promise<OwnRecord | undefined> {
    const { model } = this
    const sent = isObject(observation.sent) ? observation.sent : {}
    const code = observation.response?.status
    const json = observation.response?.json
    if (code === undefined || code >= 300) {
      if (code !== undefined && code < 500)
        model.refusedCreates.push({ sent: observation.sent, exchange: observation.exchange })
      else if (typeof sent.content === 'string' && model.ownsContent(sent.content))
        model.unanswered.add(sent.content)
      return undefined
    }
    let id =
      isObject(json) && (typeof json.id === 'number' || typeof json.id === 'string')
        ? json.id
        : undefined
    if (id === undefined && model.ownsContent(sent.content)) {
      // No id in the answer: the run's unique content still proves which listed record it made.
      const listed = await this.send('GET', COLLECTION_PATH)
      const found = Array.isArray(listed.response?.json)
        ? listed.response.json.find((item) => isObject(item) && item.content === sent.content)
        : undefined
      if (isObject(found) && (typeof found.id === 'number' || typeof found.id === 'string'))
        id = found.id
    }
    if (observation.probe) model.acceptedProbe = observation.exchange
    if (id === undefined) return undefined
    if (model.foreign.has(JSON.stringify(id))) {
      model.shared.push({
        id,
        content: typeof sent.content === 'string' ? sent.content : shown(sent.content),
      })
      return undefined
    }
    const holder = model.records.get(JSON.stringify(id))
    if (holder && !holder.deleted) {
      holder.blame = { rule: 'ids.unique', exchange: observation.exchange }
      return undefined
    }
    if (!observation.probe) this.learn(sent, id)
    if (observation.probe === 'large-id' && String(id) !== String(sent.id)) return undefined
    const shownBody = isObject(json) ? json : {}
    const expected: Expected = {
      id,
      content: typeof sent.content === 'string' ? sent.content : String(shownBody.content),
      completed:
        typeof sent.completed === 'boolean' ? sent.completed : shownBody.completed === true,
    }
    this.trim(expected, shownBody)
    // The answer is the stored todo: where it differs from what was sent, a rule was charged
    // with it, and reads are judged against what the server says it stored.
    if (fieldProblem(json) === undefined)
      Object.assign(expected, { content: shownBody.content, completed: shownBody.completed })
    const record = model.adopt(expected, {
      op: 'create',
      sent: ['content', 'completed'],
      exchange: observation.exchange,
    })
    // A record whose stored fields the type rule already charged, or whose id cannot be named
    // exactly, is read no further: one cause, one charge.
    if (
      !isObject(json) ||
      typeof json.completed !== 'boolean' ||
      (typeof id === 'number' && !Number.isSafeInteger(id))
    )
      record.uncertain = true
    if (observation.probe === 'wrong-type') {
      model.untypedCreate = observation.exchange
      if (fieldProblem(json) !== undefined) record.untyped = true
    }
    return record
  }

  /** What a successful create says of the server's choices. */
  private learn(sent: Record<string, unknown>, id: Id) {
    const { policy } = this.model
    if ('id' in sent) policy.clientIds = String(id) === String(sent.id) ? 'stored' : 'ignored'
    else policy.assignsIds = true
    if (!('completed' in sent)) policy.completedOptional = true
    policy.idType = typeof id === 'number' && Number.isInteger(id) ? 'integer' : 'other'
  }

  /** A server that trims content: the model follows it, once the rule for it is charged. */
  private trim(expected: Expected, shownBody: Record<string, unknown>) {
    if (
      expected.content !== expected.content.trim() &&
      shownBody.content === expected.content.trim()
    ) {
      this.model.policy.trims = true
      expected.content = expected.content.trim()
    }
  }

  async replace(
    target: OwnRecord | string,
    body: Record<string, unknown> | string,
    probe?: ProbeKind,
  ): Promise<Observation> {
    return this.write('PUT', target, body, probe)
  }

  async patch(
    target: OwnRecord | string,
    body: Record<string, unknown> | string,
    probe?: ProbeKind,
  ): Promise<Observation> {
    return this.write('PATCH', target, body, probe)
  }

  async delete(target: OwnRecord | string, probe?: ProbeKind): Promise<Observation> {
    const path =
      typeof target === 'string' ? `${COLLECTION_PATH}/${target}` : recordPath(target.expected.id)
    const sent = await this.send('DELETE', path)
    const observation = this.observe({
      op: 'delete',
      ...this.aim(target),
      ...(probe ? { probe } : {}),
      ...sent,
    })
    if (typeof target === 'string') return observation
    this.touch(target)
    const code = observation.response?.status
    if (code === undefined || code >= 500)
      Object.assign(target, { uncertain: true, maybeGone: true })
    else if (code < 300) target.deleted = true
    else target.blame = { rule: 'write.refused-no-trace', exchange: observation.exchange }
    return observation
  }

  private async write(
    method: 'PUT' | 'PATCH',
    target: OwnRecord | string,
    body: Record<string, unknown> | string,
    probe?: ProbeKind,
  ): Promise<Observation> {
    const op = method === 'PUT' ? 'replace' : 'patch'
    const path =
      typeof target === 'string' ? `${COLLECTION_PATH}/${target}` : recordPath(target.expected.id)
    const sent = await this.send(
      method,
      path,
      typeof body === 'string' ? { rawBody: body } : { json: body },
    )
    const observation = this.observe({
      op,
      sent: body,
      ...this.aim(target),
      ...(probe ? { probe } : {}),
      ...sent,
    })
    if (typeof target === 'string') {
      const named = this.model.records.get(JSON.stringify(Number.parseInt(target, 10)))
      const stored = observation.response && observation.response.status < 300
      if (probe === 'path-id' && named && stored)
        named.blame = { rule: 'path.id-integer', exchange: observation.exchange }
      // A write to an id nobody held that made a record: the run made it, and removes it.
      const made = isObject(observation.response?.json) ? observation.response.json : undefined
      if (
        probe === 'unknown-id' &&
        stored &&
        made &&
        String(made.id) === target &&
        (typeof made.id === 'number' || typeof made.id === 'string')
      ) {
        const record = this.model.adopt(
          { id: made.id, content: String(made.content), completed: made.completed === true },
          { op, sent: [], exchange: observation.exchange },
        )
        record.uncertain = true
      }
      return observation
    }
    this.touch(target)
    const code = observation.response?.status
    const json = observation.response?.json
    if (code === undefined || code >= 500) {
      target.uncertain = true
      return observation
    }
    if (code >= 300) {
      target.blame = { rule: 'write.refused-no-trace', exchange: observation.exchange }
      return observation
    }
    const fields = isObject(body) ? body : {}
    const sentFields = (['content', 'completed'] as const).filter((field) => field in fields)
    if (probe === 'body-id') {
      const other = this.model.records.get(JSON.stringify(fields.id))
      if (other) other.blame = { rule: 'write.body-id', exchange: observation.exchange }
      if (isObject(json) && String(json.id) !== String(target.expected.id))
        target.blame = { rule: 'write.body-id', exchange: observation.exchange }
    }
    if (probe === 'wrong-type' || probe === 'missing-field' || probe === 'empty-patch') {
      if (isObject(json) && typeProblem(json) === undefined)
        Object.assign(target.expected, { content: json.content, completed: json.completed })
      else if (probe === 'wrong-type') target.untyped = true
      else target.uncertain = true
    } else {
      for (const field of sentFields) Object.assign(target.expected, { [field]: fields[field] })
      this.trim(target.expected, isObject(json) ? json : {})
      // The answer is the record as stored: a difference was charged to the write's own rule,
      // and reads are judged against it from now on.
      if (
        !target.concurrent &&
        isObject(json) &&
        fieldProblem(json) === undefined &&
        String(json.id) === String(target.expected.id)
      ) {
        Object.assign(target.expected, { content: json.content, completed: json.completed })
      }
      if (probe !== 'body-id') delete target.blame
    }
    target.lastWrite = {
      op,
      sent: op === 'replace' ? ['content', 'completed'] : sentFields,
      exchange: observation.exchange,
    }
    target.tolerated.clear()
    return observation
  }
}
