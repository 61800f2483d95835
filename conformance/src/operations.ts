import { COLLECTION_PATH, nextLinkTarget } from '@todokit/sdk/contract'
import { isErrorType, NetworkError, TimeoutError } from '@todokit/sdk/internal'
import { ServerUnreachableError } from './errors.ts'
import { type HttpClient, type HttpResponse, urlFor } from './http/client.ts'
import type { Exchange } from './http/exchange.ts'
import { idIn, type Model, type OwnRecord } from './model/model.ts'
import { capabilitiesOf, judging } from './rules/predictions.ts'
import {
  type Failure,
  isObject,
  type ListQuery,
  listedItems,
  type Observation,
  type ProbeKind,
  type Rule,
} from './rules/rule.ts'

/** What one rule said over the run: how often it held and broke, and its first failure. */
type RuleTally = { held: number; broken: number; failure?: Failure & { exchanges: Exchange[] } }

/** A record of the run, or a path id aimed at no record of it (sent as it is). */
type Target = OwnRecord | string

const pathOf = (target?: Target) =>
  typeof target === 'object'
    ? `${COLLECTION_PATH}/${encodeURIComponent(String(target.expected.id))}`
    : `${COLLECTION_PATH}${target === undefined ? '' : `/${target}`}`

const aim = (target?: Target) => (typeof target === 'object' ? { target } : {})

/** A body sent as JSON, or as raw text (malformed JSON on purpose). */
type Body = Record<string, unknown> | string

const METHODS = { create: 'POST', replace: 'PUT', patch: 'PATCH', delete: 'DELETE' } as const

/**
 * The only way the kit talks to a server. Each operation sends one request, records what it saw
 * with the model's state before it, has every rule judge that, and then moves the model on.
 */
export class Operations {
  readonly tally: Map<Rule, RuleTally>
  requests = 0
  /** The kind (`PATCH /todos/{id}`) of each request that got no answer within the timeout. */
  private readonly unanswered: string[] = []

  /** Swapped for cleanup's client, which no signal stops. */
  http: HttpClient
  readonly model: Model
  readonly concurrency: number

  constructor(http: HttpClient, model: Model, rules: readonly Rule[], concurrency = 1) {
    this.http = http
    this.model = model
    this.concurrency = concurrency
    this.tally = new Map(rules.map((rule) => [rule, { held: 0, broken: 0 }]))
  }

  /** Sends one request; a lost connection that a fresh `GET /todos` confirms ends the run. */
  private async send(
    method: string,
    path: string,
    body?: Body,
    query?: ListQuery,
  ): Promise<{ response?: HttpResponse; error?: string; exchange: Exchange; unsent?: true }> {
    // After two requests of one kind got no answer, that kind is not sent again, lest it hang the
    // rest of the run; a list's kind is its parameters' names, so a hanging search stops searches.
    const names = Object.keys(query ?? {}).sort()
    const where = path.startsWith(`${COLLECTION_PATH}/`) ? '/{id}' : ''
    const kind = `${method} ${COLLECTION_PATH}${where}${names.length ? `?${names.join('&')}` : ''}`
    if (this.unanswered.filter((unanswered) => unanswered === kind).length >= 2)
      return this.unsent(method, path, `${kind} got no answer twice already`)
    this.requests += 1
    const parameters = Object.entries({ ...query, order: query?.order?.join(',') }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    )
    try {
      const sent = typeof body === 'string' ? { rawBody: body } : { json: body }
      const asked = parameters.length > 0 ? { query: Object.fromEntries(parameters) } : {}
      const response = await this.http.request(method, path, { ...sent, ...asked })
      return { response, exchange: response.exchange }
    } catch (error) {
      const exchange = (error as { exchange?: Exchange }).exchange
      if (this.http.config.signal?.aborted || !exchange) throw error
      if (isErrorType(error, NetworkError)) {
        const again: unknown = await this.http.request('GET', COLLECTION_PATH).catch((e) => e)
        if (isErrorType(again, NetworkError)) throw new ServerUnreachableError(again.message)
      }
      if (isErrorType(error, TimeoutError)) this.unanswered.push(kind)
      return { error: error instanceof Error ? error.message : String(error), exchange }
    }
  }

  /** A request the kit chose not to send, in place of its answer. */
  private unsent(method: string, path: string, why: string) {
    const error = `not sent: ${why}`
    const url = urlFor(this.http.config.baseUrl, path)
    const exchange = { method, url, requestHeaders: {}, durationMs: 0, error }
    return { error, exchange, unsent: true } as const
  }

  /** Has every rule judge what a request sent and saw; a request not sent says nothing. */
  private observe<O extends Observation>(observation: O): O {
    if (observation.unsent) return observation
    const judge = judging(observation, this.model)
    for (const [rule, tally] of this.tally) {
      const judgement = judge(rule)
      if (!judgement) continue
      if ('held' in judgement) tally.held += 1
      else {
        this.model.broken.add(rule.level)
        tally.broken += 1
        tally.failure ??= { ...judgement, exchanges: judgement.exchanges ?? [observation.exchange] }
      }
    }
    return observation
  }

  async list(query?: ListQuery, probe?: ProbeKind): Promise<Observation> {
    const sent = await this.send('GET', COLLECTION_PATH, undefined, query)
    const asked = query && Object.keys(query).length > 0 ? query : undefined
    const observation = this.observe({ op: 'list', query: asked, probe, ...sent })
    const [alone, ...more] = asked && !probe ? capabilitiesOf(asked) : []
    const { response } = observation
    if (alone && !more.length && response?.status === 200 && Array.isArray(response.json))
      this.model.answeredAlone.add(alone)
    return observation
  }

  /**
   * Walks `GET /todos?limit=N&…` over every `rel="next"` link; `between` runs after the first
   * page, and the records it answers it wrote are left out of the walk's judgement.
   */
  async walk(
    query: ListQuery,
    between?: () => Promise<Array<OwnRecord | undefined>>,
  ): Promise<Observation> {
    const pages: HttpResponse[] = []
    let touched: Set<string> | undefined
    const followed = new Set<string>()
    const maxPages =
      5 + Math.ceil((this.model.live().length + this.model.foreign.size + 20) / Number(query.limit))
    const start = await this.send('GET', COLLECTION_PATH, undefined, query)
    let page = start
    let stopped: string | undefined
    while (page.response && stopped === undefined) {
      pages.push(page.response)
      const target = nextLinkTarget(page.response.headers.get('link'))
      const next = target === undefined ? null : URL.parse(target, page.exchange.url)
      if (page.response.status !== 200 || next?.origin !== new URL(page.exchange.url).origin) break
      if (followed.has(next.href))
        stopped = `repeats a next link it already followed (${next.pathname}${next.search})`
      else if (pages.length >= maxPages) stopped = `did not end within ${maxPages} pages`
      else {
        followed.add(next.href)
        if (pages.length === 1 && between)
          touched = new Set((await between()).flatMap((record) => record?.key ?? []))
        page = await this.send('GET', next.href)
        if (page.error !== undefined) stopped = `stopped: ${page.error}`
      }
    }
    return this.observe({ op: 'walk', query, ...start, pages, touched, walkStopped: stopped })
  }

  async get(target: Target, probe?: ProbeKind, allowed?: string[]): Promise<Observation> {
    const sent = await this.send('GET', pathOf(target))
    return this.observe({ op: 'get', ...aim(target), probe, allowed, ...sent })
  }

  /**
   * Creates a record the way the server takes a create, with a content of the run's: the first
   * scenario has learnt whether the server assigns ids, and whether it takes the kit's.
   */
  async make(label: string, completed = false, content?: string): Promise<OwnRecord | undefined> {
    const { policy } = this.model
    const body = { content: content ?? this.model.content(label), completed }
    if (policy.assignsIds !== false) return this.create(body)
    if (policy.clientIds === 'refused') return undefined
    return this.create({ id: this.model.unusedId(), ...body })
  }

  /** Creates a record; answers the record the run now owns, if the server stored one. */
  create = async (body: Body, probe?: ProbeKind) =>
    (await this.write('create', undefined, body, probe)).made

  /** A PUT of the whole record: the target's id goes in the body unless `body` names one. */
  replace(target: Target, body: Record<string, unknown>, probe?: ProbeKind) {
    const id = typeof target === 'string' ? {} : { id: target.expected.id }
    return this.write('replace', target, { ...id, ...body }, probe)
  }

  patch = (target: Target, body: Body, probe?: ProbeKind) =>
    this.write('patch', target, body, probe)

  delete = (target: Target, probe?: ProbeKind) => this.write('delete', target, undefined, probe)

  /** Sends a write, and has the model move on by what its answer says. */
  private async write(
    op: keyof typeof METHODS,
    target: Target | undefined,
    body: Body | undefined,
    probe?: ProbeKind,
  ): Promise<Observation & { made?: OwnRecord }> {
    const { model } = this
    const content = isObject(body) ? body.content : undefined
    // Until a success says otherwise, a create may have stored its record, even when the run is
    // interrupted: its unique content proves it the run's to remove.
    if (!target && typeof content === 'string' && model.marked(content))
      model.maybeStored.add(content)
    if (typeof content === 'string') model.written.add(content)
    // A write to an id nobody holds may change another's record (a DELETE removing the last one).
    const method = METHODS[op]
    const answered =
      probe === 'unknown-id' && model.foreign.size > 0
        ? this.unsent(method, pathOf(target), 'the server holds records that are not the run’s')
        : await this.send(method, pathOf(target), body)
    const observation = this.observe({ op, sent: body, ...aim(target), probe, ...answered })
    if (observation.unsent) return observation
    const { response } = observation
    let id = idIn(response?.json)
    // A create whose answer names no id: the list shows it by its content, if that is the run's.
    const stored = (response?.status ?? 500) < 300
    if (!target && stored && id === undefined && model.marked(content)) {
      const listed = await this.send('GET', COLLECTION_PATH)
      id = idIn(listedItems(listed.response?.json).find((item) => item.content === content))
    }
    const path = typeof target === 'string' ? target : undefined
    return { ...observation, made: model.after(observation, path, id) }
  }
}
