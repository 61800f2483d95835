import {
  COLLECTION_PATH,
  MAX_CONTENT_LENGTH,
  type OrderKey,
  type Todo,
  Todo as TodoSchema,
  todoPath,
} from '@todokit/sdk/contract'
import { isErrorType } from '@todokit/sdk/internal'
import fc from 'fast-check'
import * as z from 'zod/mini'
import type { HttpClient, HttpResponse } from '../http/client.ts'
import type { Exchange } from '../http/exchange.ts'
import type { Level } from '../levels.ts'
import type { RuleId } from '../rules.ts'
import { CheckFailure, CheckInconclusive } from '../run/assert.ts'
import { randomProposedId, randomShortProposedId } from '../run/ids.ts'
import type { RunState } from '../run/run-state.ts'
import type { TodoSteps } from '../run/todo-steps.ts'
import { walkPages } from '../run/walk.ts'
import {
  type ListQuery,
  type Model,
  mayMatchSearch,
  mustMatchSearch,
  mustPrecede,
  passesFilters,
  queryParameters,
} from './model.ts'
import { contentTail, searchFor } from './values.ts'

/** What the exploration explores besides the operations themselves. */
export type ExplorationKind = 'operations' | 'filter' | 'search' | 'sort' | 'paging'

/** A response that breaks the contract, under the rule it breaks. */
export class ExplorationFinding extends CheckFailure {
  static override readonly type = 'conformance.ExplorationFinding'
  readonly rule: RuleId
  readonly level: Level
  /** Whether the rule is one of the operations' own (not a query convention). */
  readonly core: boolean
  constructor(
    message: string,
    rule: RuleId,
    level: Level,
    core: boolean,
    details: { expected?: unknown; actual?: unknown },
  ) {
    super(message, details)
    this.rule = rule
    this.level = level
    this.core = core
  }
}

/** What the commands of one run work with. */
export interface Real {
  http: HttpClient
  todos: TodoSteps
  state: RunState
  /** Prefix of every content this run writes: the run's marker, the check and the run. */
  prefix: string
  exchanges: Exchange[]
  /** The highest id the server showed: listed at the start, or given to a create. */
  highestServerId: number
  stats: { operations: number; queries: Set<string> }
}

export type ExplorationCommand = fc.AsyncCommand<Model, Real, boolean>

const core = (message: string, rule: RuleId, details: { expected?: unknown; actual?: unknown }) =>
  new ExplorationFinding(message, rule, 'required', true, details)

function line(response: HttpResponse): string {
  const url = new URL(response.exchange.url)
  return `${response.exchange.method} ${decodeURIComponent(url.pathname + url.search)} answered ${response.status} ${response.statusText}`
}

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length]

function serverError(response: HttpResponse): void {
  if (response.status >= 500) {
    throw new ExplorationFinding(
      `${line(response)} to a valid request`,
      'errors.status-codes',
      'recommended',
      true,
      {
        expected: 'a success status',
        actual: `${response.status} ${response.statusText}`,
      },
    )
  }
}

/** Parses a todo body, or reports what the operation answered instead under `rule`. */
function todoBody(response: HttpResponse, rule: RuleId): Todo {
  const parsed = z.safeParse(TodoSchema, response.json)
  if (!parsed.success) {
    throw core(`${line(response)} with a body that is not a todo`, rule, {
      expected: 'a todo object',
      actual: response.text.slice(0, 300) || '(empty body)',
    })
  }
  return parsed.data
}

function expectSame(actual: Todo, expected: Todo, message: string, rule: RuleId): void {
  const differs = (['id', 'content', 'completed'] as const).filter((f) => actual[f] !== expected[f])
  if (differs.length === 0) return
  throw core(
    `${message}: ${differs.join(', ')} ${differs.length === 1 ? 'differs' : 'differ'}`,
    rule,
    {
      expected: Object.fromEntries(differs.map((f) => [f, expected[f]])),
      actual: Object.fromEntries(differs.map((f) => [f, actual[f]])),
    },
  )
}

/** Whether `id` now holds a record other than the one a failed create sent. */
async function takenMeanwhile(real: Real, id: number, content: string): Promise<boolean> {
  const read = await real.http.request('GET', todoPath(id))
  const body = read.json as Partial<Todo> | undefined
  return read.status === 200 && body?.id === id && body.content !== content
}

class Create implements ExplorationCommand {
  readonly tail: string
  readonly completed: boolean
  readonly withId: boolean
  readonly shortId: boolean
  /** Propose an id next to the digit-count boundary above the highest id the server showed. */
  readonly nearServerIds: boolean
  /** Copy the content of a live record (records may share content), if there is one. */
  readonly copy: number | undefined
  constructor(
    tail: string,
    completed: boolean,
    withId: boolean,
    shortId: boolean,
    copy: number | undefined,
    nearServerIds: boolean,
  ) {
    this.nearServerIds = nearServerIds
    this.copy = copy
    this.tail = tail
    this.completed = completed
    this.withId = withId
    this.shortId = shortId
  }
  check = () => true
  async run(model: Model, real: Real): Promise<void> {
    const twin = this.copy === undefined ? undefined : pick([...model.live.values()], this.copy)
    const content = twin?.content ?? `${real.prefix}${this.tail}`.slice(0, MAX_CONTENT_LENGTH)
    let response: HttpResponse | undefined
    const serverIds = !this.withId || real.state.clientIdsRefused
    if (serverIds && real.state.idAssignment !== 'refuses') {
      response = await real.todos
        .post({ content, completed: this.completed, id: 'server' })
        .catch((error: unknown) => {
          if (isErrorType(error, CheckInconclusive)) return undefined
          throw error
        })
    }
    if (response === undefined) {
      const pool = this.shortId ? randomShortProposedId : randomProposedId
      // Ids beside the boundary may all be taken (by the run's own records, say): then the pool.
      const id = this.nearServerIds
        ? await real.todos
            .unusedId(besideBoundary(real.highestServerId, this.shortId))
            .catch(() => real.todos.unusedId(pool))
        : await real.todos.unusedId(pool)
      response = await real.http.request('POST', COLLECTION_PATH, {
        json: { id, content, completed: this.completed },
      })
      if (response.status === 400 || response.status === 422) real.state.clientIdsRefused = true
      if (response.status >= 500 && (await takenMeanwhile(real, id, content))) {
        // Another create (the run's own, on a server that counts on from the highest id) took
        // the id between GET and POST: a conflict, which the catalogue judges, not this step.
        return
      }
    }
    serverError(response)
    if (response.status >= 300) return // a server may refuse what it will not store
    const created = todoBody(response, 'endpoint.create')
    expectSame(
      created,
      { id: created.id, content, completed: this.completed },
      `${line(response)} with another todo than it was sent`,
      'endpoint.create',
    )
    if (model.live.has(created.id) || real.state.ledger.isShared(created.id)) {
      throw core(
        `${line(response)} with id ${created.id}, which another record holds`,
        'endpoint.create',
        {
          expected: 'an id no other record holds',
          actual: created.id,
        },
      )
    }
    model.live.set(created.id, { id: created.id, content, completed: this.completed })
    if (serverIds) real.highestServerId = Math.max(real.highestServerId, created.id)
  }
  toString = () =>
    `create(${this.copy === undefined ? JSON.stringify(this.tail.length > 40 ? `${this.tail.slice(0, 20)}…(${this.tail.length})` : this.tail) : `content of #${this.copy}`}, ${this.completed}${this.withId ? `, ${this.nearServerIds ? `id ${this.shortId ? 'below' : 'above'} the digit boundary of the server's ids` : `${this.shortId ? '9' : '10'}-digit id`}` : ''})`
}

/** A command on one of the run's live records: the one `index` picks among them when it runs. */
abstract class OnLiveRecord {
  readonly index: number
  constructor(index: number) {
    this.index = index
  }
  check = (model: Readonly<Model>) => model.live.size > 0
  /** The record it acts on; fast-check runs a command only after its `check` said there is one. */
  protected record(model: Readonly<Model>): Todo {
    const todo = pick([...model.live.values()], this.index)
    if (todo === undefined) throw new Error(`${this} ran with no record of the run left`)
    return todo
  }
}

class Get extends OnLiveRecord implements ExplorationCommand {
  async run(model: Model, real: Real): Promise<void> {
    const todo = this.record(model)
    const response = await real.http.request('GET', todoPath(todo.id))
    serverError(response)
    if (response.status !== 200) {
      throw core(`${line(response)} for a record of the run`, 'rule.created-is-readable', {
        expected: todo,
        actual: `${response.status} ${response.statusText}`,
      })
    }
    expectSame(
      todoBody(response, 'endpoint.get'),
      todo,
      `${line(response)} with other values than the run wrote`,
      'rule.created-is-readable',
    )
  }
  override toString = () => `get(#${this.index})`
}

class GetDeleted implements ExplorationCommand {
  readonly index: number
  constructor(index: number) {
    this.index = index
  }
  check = (model: Readonly<Model>) => model.deleted.length > 0
  async run(model: Model, real: Real): Promise<void> {
    const todo = pick(model.deleted, this.index)!
    if (model.live.has(todo.id)) return // the id now holds a newer record of the run
    const response = await real.http.request('GET', todoPath(todo.id))
    serverError(response)
    const body = response.json as Partial<Todo> | undefined
    if (response.status < 300 && body?.id === todo.id && body.content === todo.content) {
      throw core(`${line(response)} with the record the run deleted`, 'rule.deleted-is-absent', {
        expected: 'an error status (404), or another record that took the freed id',
        actual: body,
      })
    }
  }
  toString = () => `getDeleted(#${this.index})`
}

class Replace extends OnLiveRecord implements ExplorationCommand {
  readonly tail: string | undefined
  readonly completed: boolean
  constructor(index: number, tail: string | undefined, completed: boolean) {
    super(index)
    this.tail = tail
    this.completed = completed
  }
  async run(model: Model, real: Real): Promise<void> {
    const current = this.record(model)
    const content =
      this.tail === undefined
        ? current.content
        : `${real.prefix}${this.tail}`.slice(0, MAX_CONTENT_LENGTH)
    const replacement = { id: current.id, content, completed: this.completed }
    const response = await real.http.request('PUT', todoPath(current.id), { json: replacement })
    serverError(response)
    if (response.status !== 200) {
      throw core(`${line(response)} for a complete record of the run`, 'endpoint.replace', {
        expected: 'status 200',
        actual: `${response.status} ${response.statusText}`,
      })
    }
    model.live.set(current.id, replacement)
    expectSame(
      todoBody(response, 'endpoint.replace'),
      replacement,
      `${line(response)} with another todo than the replacement`,
      'endpoint.replace',
    )
  }
  override toString = () =>
    `put(#${this.index}, ${this.tail === undefined ? 'same content' : JSON.stringify(this.tail.slice(0, 30))}, ${this.completed})`
}

class Update extends OnLiveRecord implements ExplorationCommand {
  readonly tail: string | undefined
  readonly completed: boolean | undefined
  readonly sameContent: boolean
  constructor(
    index: number,
    tail: string | undefined,
    completed: boolean | undefined,
    sameContent: boolean,
  ) {
    super(index)
    this.tail = tail
    this.completed = completed
    this.sameContent = sameContent
  }
  async run(model: Model, real: Real): Promise<void> {
    const current = this.record(model)
    const fields: Partial<Omit<Todo, 'id'>> = {}
    if (this.sameContent) fields.content = current.content
    else if (this.tail !== undefined) {
      fields.content = `${real.prefix}${this.tail}`.slice(0, MAX_CONTENT_LENGTH)
    }
    if (this.completed !== undefined || fields.content === undefined) {
      fields.completed = this.completed ?? !current.completed
    }
    const response = await real.http.request('PATCH', todoPath(current.id), { json: fields })
    serverError(response)
    if (response.status !== 200) {
      throw core(`${line(response)} for a record of the run`, 'endpoint.update', {
        expected: 'status 200',
        actual: `${response.status} ${response.statusText}`,
      })
    }
    const expected = { ...current, ...fields }
    model.live.set(current.id, expected)
    const answered = todoBody(response, 'endpoint.update')
    const sent = Object.keys(fields) as Array<'content' | 'completed'>
    const unsent = (['content', 'completed'] as const).filter((f) => !sent.includes(f))
    const changedUnsent = unsent.filter((f) => answered[f] !== current[f])
    if (changedUnsent.length > 0) {
      throw core(
        `${line(response)} and changed ${changedUnsent.join(', ')}, which it was not sent`,
        'rule.patch-keeps-unsent',
        {
          expected: Object.fromEntries(changedUnsent.map((f) => [f, current[f]])),
          actual: Object.fromEntries(changedUnsent.map((f) => [f, answered[f]])),
        },
      )
    }
    expectSame(
      answered,
      expected,
      `${line(response)} without the sent fields applied`,
      'endpoint.update',
    )
  }
  override toString = () => {
    const content = this.sameContent
      ? 'content: (its current value)'
      : this.tail === undefined
        ? ''
        : `content: ${JSON.stringify(this.tail.slice(0, 30))}`
    const completed =
      this.completed !== undefined
        ? `completed: ${this.completed}`
        : content === ''
          ? 'completed: (the opposite of its current value)'
          : ''
    return `patch(#${this.index}, {${[content, completed].filter(Boolean).join(', ')}})`
  }
}

class Remove extends OnLiveRecord implements ExplorationCommand {
  async run(model: Model, real: Real): Promise<void> {
    const todo = this.record(model)
    const response = await real.http.request('DELETE', todoPath(todo.id))
    serverError(response)
    if (response.status < 200 || response.status >= 300) {
      throw core(`${line(response)} for a record of the run`, 'endpoint.delete', {
        expected: 'status 200',
        actual: `${response.status} ${response.statusText}`,
      })
    }
    model.live.delete(todo.id)
    model.deleted.push(todo)
  }
  override toString = () => `delete(#${this.index})`
}

/** How a list query is built from the run's own records when it runs. */
export interface QueryPlan {
  id?: number
  content?: number
  completed?: boolean
  q?: { from: number; start: number; length: number; upper: boolean; absent: boolean }
  order?: OrderKey[]
  limit?: number
}

function ruleOf(query: ListQuery): { rule: RuleId; level: Level; core: boolean } {
  if (query.limit !== undefined) return { rule: 'paging.walk', level: 'paging', core: false }
  if (query.order) return { rule: 'query.sort', level: 'sort', core: false }
  if (query.q !== undefined) return { rule: 'query.search', level: 'search', core: false }
  if (query.id !== undefined || query.content !== undefined || query.completed !== undefined) {
    return { rule: 'query.filter', level: 'filter', core: false }
  }
  return { rule: 'rule.created-is-readable', level: 'required', core: true }
}

class List implements ExplorationCommand {
  readonly plan: QueryPlan
  constructor(plan: QueryPlan) {
    this.plan = plan
  }
  check = () => true
  query(model: Model, real: Real): ListQuery {
    const records = [...model.live.values()]
    const plan = this.plan
    const query: ListQuery = {}
    if (plan.id !== undefined) query.id = pick(records, plan.id)?.id ?? 999_999_999
    if (plan.content !== undefined)
      query.content = pick(records, plan.content)?.content ?? `${real.prefix}none`
    if (plan.completed !== undefined) query.completed = plan.completed
    if (plan.q) {
      const source = pick(records, plan.q.from)
      const text = source ? source.content.slice(real.prefix.length) : 'zz'
      query.q = plan.q.absent
        ? `${real.prefix.split(' ')[1]}-absent`
        : searchFor(text, plan.q.start, plan.q.length, plan.q.upper) || 'x'
    }
    if (plan.order) query.order = plan.order
    if (plan.limit !== undefined) query.limit = plan.limit
    return query
  }
  async run(model: Model, real: Real): Promise<void> {
    const query = this.query(model, real)
    const parameters = queryParameters(query)
    real.stats.queries.add(
      Object.entries(parameters)
        .map(([name, value]) => (name === 'order' ? `order=${value}` : name))
        .join('&') || '(none)',
    )
    const { rule, level, core: isCore } = ruleOf(query)
    const { response, items } = await this.read(real, parameters, query)
    const fail = (message: string, details: { expected?: unknown; actual?: unknown }) =>
      new ExplorationFinding(`${line(response)}: ${message}`, rule, level, isCore, details)
    const own = items.filter(
      (item): item is Todo =>
        typeof item === 'object' && item !== null && model.live.has((item as Todo).id),
    )
    const seen = new Set<number>()
    for (const item of own) {
      const todo = model.live.get(item.id)!
      if (seen.has(item.id))
        throw fail(`lists record ${item.id} twice`, { expected: 'once', actual: 'twice' })
      seen.add(item.id)
      expectSame(
        item,
        todo,
        `${line(response)} shows a record of the run with other values`,
        'endpoint.list',
      )
    }
    for (const todo of model.live.values()) {
      const wanted =
        passesFilters(todo, query) && (query.q === undefined || mustMatchSearch(todo, query.q))
      const allowed =
        passesFilters(todo, query) && (query.q === undefined || mayMatchSearch(todo, query.q))
      if (wanted && !seen.has(todo.id)) {
        // Missing from the plain list too: the list itself is broken, not the query.
        const plain = isCore ? response : await real.http.request('GET', COLLECTION_PATH)
        const listed =
          Array.isArray(plain.json) &&
          (plain.json as Array<Partial<Todo>>).some((t) => t?.id === todo.id)
        if (!isCore && !listed) {
          throw core(`${line(plain)}: record ${todo.id} is missing`, 'rule.created-is-readable', {
            expected: todo,
            actual: 'not listed',
          })
        }
        throw fail(`record ${todo.id} is missing`, { expected: todo, actual: 'not listed' })
      }
      if (!allowed && seen.has(todo.id)) {
        throw fail(`record ${todo.id} does not match the query but is listed`, {
          expected: `no record ${todo.id}`,
          actual: todo,
        })
      }
    }
    for (const gone of model.deleted) {
      const listed = (items as Array<Partial<Todo>>).some(
        (item) => item?.id === gone.id && item.content === gone.content && !model.live.has(gone.id),
      )
      if (listed) {
        throw new ExplorationFinding(
          `${line(response)}: the record the run deleted is listed`,
          'rule.deleted-is-absent',
          'required',
          true,
          {
            expected: `no record ${gone.id}`,
            actual: gone,
          },
        )
      }
    }
    if (query.order) {
      for (let i = 0; i < own.length; i++) {
        for (let j = i + 1; j < own.length; j++) {
          if (mustPrecede(query.order, own[j]!, own[i]!) === true) {
            throw fail(`records out of order for order=${query.order.join(',')}`, {
              expected: `${own[j]!.id} before ${own[i]!.id}`,
              actual: own.map((todo) => todo.id),
            })
          }
        }
      }
    }
  }
  /**
   * The list's items: one response, or every page of a walk from `limit` on. A page longer
   * than the limit, or a walk that fails, is a finding under its paging rule.
   */
  async read(
    real: Real,
    parameters: Record<string, string>,
    query: ListQuery,
  ): Promise<{ response: HttpResponse; items: unknown[] }> {
    const limit = query.limit
    if (limit === undefined) {
      const response = await real.http.request('GET', COLLECTION_PATH, { query: parameters })
      serverError(response)
      if (response.status !== 200 || !Array.isArray(response.json)) {
        const { rule, level, core: isCore } = ruleOf(query)
        throw new ExplorationFinding(`${line(response)}: not a list`, rule, level, isCore, {
          expected: '200 with a JSON array',
          actual: response.text.slice(0, 200),
        })
      }
      return { response, items: response.json }
    }
    const walk = await walkPages(
      real.http,
      parameters,
      (message, details) =>
        new ExplorationFinding(message, 'paging.walk', 'paging', false, details),
    )
    for (const page of walk.pages) serverError(page.response)
    const long = walk.pages.find((page) => page.items.length > limit)
    if (long) {
      throw new ExplorationFinding(
        `${line(long.response)}: ${long.items.length} records on a page of limit ${limit}`,
        'paging.limit',
        'paging',
        false,
        { expected: `at most ${limit}`, actual: long.items.length },
      )
    }
    return { response: walk.pages[0]!.response, items: walk.items }
  }
  toString = () => `list(${JSON.stringify(this.plan)})`
}

const index = fc.nat(63)
const tail = (room: number) => contentTail(room)

/**
 * Ids just below (`below`) or at and above the next power of ten over `highest` (plus a gap):
 * 90…99 or 100…109 when the server's ids reach 42. Each is proposed only after GET shows it free.
 */
const MAX_BOUNDARY = 10 ** 12

function besideBoundary(highest: number, below: boolean): () => number {
  // At least 20 above the highest id, so ids the server hands out next do not race for them.
  const boundary = 10 ** String(Math.max(10, highest + 20)).length
  // A server that counts on from the run's own proposals would climb a power of ten per
  // proposal, to ids no JSON client holds exactly: past 10^12, the proposal pool instead.
  if (boundary > MAX_BOUNDARY) return below ? randomShortProposedId : randomProposedId
  return () => {
    const step = Math.floor(Math.random() * 10)
    return below ? boundary - 1 - step : boundary + step
  }
}

/** A create of a record with adversarial content, an id of either digit count or none. */
export function createArbitrary(room: number): fc.Arbitrary<ExplorationCommand> {
  return fc
    .tuple(
      tail(room),
      fc.boolean(),
      fc.boolean(),
      fc.boolean(),
      fc.option(index, { freq: 4, nil: undefined }),
      fc.boolean(),
    )
    .map(([t, c, withId, short, copy, near]) => new Create(t, c, withId, short, copy, near))
}

/** The commands of one kind of exploration: the operations, and lists with its query kind. */
export function commandArbitraries(
  kind: ExplorationKind,
  room: number,
): Array<fc.Arbitrary<ExplorationCommand>> {
  const plans: fc.Arbitrary<QueryPlan> = {
    operations: fc.constant<QueryPlan>({}),
    filter: fc
      .record({ id: index, content: index, completed: fc.boolean() }, { requiredKeys: [] })
      .filter((plan) => Object.keys(plan).length > 0),
    search: fc.record({
      q: fc.record({
        from: index,
        start: index,
        length: index,
        upper: fc.boolean(),
        absent: fc.boolean(),
      }),
    }),
    sort: fc.record({
      order: fc
        .oneof(
          fc.constantFrom(['id'] as const, ['content'] as const, ['completed'] as const),
          fc.shuffledSubarray(['id', 'content', 'completed'] as const, { minLength: 2 }),
        )
        .chain((fields) => fc.tuple(...fields.map((field) => fc.constantFrom(field, `-${field}`))))
        .map((keys) => keys as OrderKey[]),
    }),
    paging: fc.record({ limit: fc.integer({ min: 1, max: 5 }) }),
  }[kind]
  const create = createArbitrary(room)
  return [
    create,
    create,
    index.map((i) => new Get(i)),
    index.map((i) => new GetDeleted(i)),
    fc
      .tuple(index, fc.option(tail(room), { nil: undefined }), fc.boolean())
      .map(([i, t, c]) => new Replace(i, t, c)),
    fc
      .tuple(
        index,
        fc.option(tail(room), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.boolean(),
      )
      .map(([i, t, c, same]) => new Update(i, t, c, same)),
    index.map((i) => new Remove(i)),
    plans.map((plan) => new List(plan)),
    plans.map((plan) => new List(plan)),
  ]
}
