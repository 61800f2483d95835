import { nextLinkTarget, sortKey } from '@todokit/sdk/contract'
import type { HttpResponse } from '../http/client.ts'
import type { Exchange } from '../http/exchange.ts'
import type { Capability } from '../levels.ts'
import {
  displaced,
  type Expected,
  isLive,
  keyOf,
  type Model,
  type OwnRecord,
  stateOf,
} from '../model/model.ts'
import { mayMatchSearch, mustMatchSearch, precedence, type Sortable } from '../model/text.ts'
import { writeAnswer } from './records.ts'
import {
  answered,
  type Failure,
  failure,
  fieldProblem,
  held,
  inScope,
  isObject,
  type Judgement,
  type Judges,
  type ListQuery,
  listedItems,
  type Observation,
  type Rule,
  repeatedId,
  requestLine,
  sentObject,
  shown,
  unexpected,
} from './rule.ts'

const lastWriteOf = ({ lastWrite: last }: OwnRecord) => {
  const [first, second] = last.together ?? []
  const line = (write: Exchange) =>
    `${requestLine(write)} ${write.requestBody} answered ${write.status}`
  if (first && second)
    return ` (two writes sent at once: ${line(first)}, and ${line(second)}; the record must show what both sent)`
  return ` (last write: ${requestLine(last.exchange)} answered ${last.exchange.status})`
}

const origin = (record: OwnRecord) =>
  `which the run created and did not delete${lastWriteOf(record)}`

/** The rule that answers for what a successful write answered, field by field. */
const ANSWERS = {
  create: 'create.answers-stored',
  replace: 'replace.answers-replaced',
  patch: 'patch.answers-updated',
} as const

/** The rules a read of a record judges beside the read's own rule, and when. */
const READ_RULES: Record<string, (record: OwnRecord, model: Model) => boolean> = {
  'read.current': () => true,
  'patch.keeps-unsent': (record) => record.lastWrite.op === 'patch',
  'write.refused-no-trace': (record) => record.blame?.rule === 'write.refused-no-trace',
  'content.exact': (record, model) => !model.marked(record.expected.content),
}

/**
 * What a read of the run's records (by id, or an unparametrised list) or a write's answer shows
 * against the model, by rule. A state a read showed is tolerated since: one cause, one charge.
 */
function predict(observation: Observation, model: Model): Map<string, Judgement> {
  const judgements = new Map<string, Judgement>()
  /** The rule a field shown otherwise than predicted answers to, when not the read's or write's. */
  const chargeFor = (field: keyof Expected, value: unknown, content: unknown, unsent: boolean) => {
    const trimmed = typeof content === 'string' && content !== content.trim()
    if (field === 'content' && trimmed && value === content.trim()) return 'content.edge-whitespace'
    if (unsent) return 'patch.keeps-unsent'
    // A content the run sent, shown in place of another, is a record's, not a mangling.
    if (field === 'content' && !model.written.has(String(value))) return 'content.exact'
  }
  const charge = (rule: string, record: OwnRecord | undefined, failed: Failure) => {
    const earlier = record?.blame ? [record.blame.exchange] : record?.lastWrite?.together
    const exchanges = earlier && [...earlier, observation.exchange]
    const before = judgements.get(rule)
    if (!before || 'held' in before)
      judgements.set(rule, { ...failed, ...(exchanges && { exchanges }) })
  }
  const judged = (record: OwnRecord, read: string) => {
    const rules = Object.keys(READ_RULES).filter((id) => READ_RULES[id]?.(record, model))
    for (const rule of [read, ...rules]) if (!judgements.has(rule)) judgements.set(rule, held)
  }
  const compare = (record: OwnRecord, item: Record<string, unknown>) => {
    const state = stateOf(item)
    if (state === stateOf(record.expected)) record.lastWrite.shown = true
    // A field whose type is wrong is the type rule's.
    if (state === stateOf(record.expected) || record.tolerated.has(state) || fieldProblem(item))
      return
    record.tolerated.add(state)
    const { blame, lastWrite, expected } = record
    const field = item.content !== expected.content ? 'content' : 'completed'
    const read = observation.op === 'get' ? 'get.returns-record' : 'list.holds-live-records'
    const unsent = lastWrite.op === 'patch' && !lastWrite.sent.includes(field)
    // A unique content another record of the run holds is that record's, shown in place of this
    // one: the read's own failure.
    const another =
      model.marked(item.content) &&
      [...model.records.values()].some(
        (other) => other !== record && other.expected.content === item.content,
      )
    const rule =
      blame?.rule ??
      (another ? read : (chargeFor(field, item[field], expected.content, unsent) ?? 'read.current'))
    const failed = `${requestLine(observation.exchange)} shows todo ${shown(expected.id)} with ${field} ${shown(item[field])} where the last write left ${shown(expected[field])}${lastWriteOf(record)}`
    charge(rule, record, failure(failed, shown(expected), shown(item)))
  }
  /** A write's answer against the record it must show: the sent fields, and the rest kept. */
  const answer = (op: keyof typeof ANSWERS, body: Record<string, unknown>) => {
    const sent = sentObject(observation)
    const before = op === 'patch' ? target : undefined
    if (op !== 'create' && fieldProblem(body)) return
    for (const field of ['content', 'completed'] as const) {
      const unsent = !(field in sent)
      const was = unsent ? before?.expected[field] : sent[field]
      const value = body[field]
      if (was === undefined || value === was || typeof value !== typeof was) continue
      // A probe's blame, a state charged already, or another write under way explains it: but
      // writes sent at once send only contents of the run's.
      const kept = before && stateOf({ ...before.expected, [field]: value })
      const underWay = before?.concurrent && (field !== 'content' || model.marked(value))
      if (unsent && (underWay || before?.blame || before?.tolerated.has(`${kept}`))) continue
      const rule = chargeFor(field, value, sent.content, unsent && op === 'patch') ?? ANSWERS[op]
      const how = unsent
        ? `, which it did not send; it was ${shown(was)}`
        : ` where ${shown(was)} was sent`
      const expected = shown(before ? { ...before.expected, ...sent } : sent)
      const failed = `${answered(observation)} with ${field} ${shown(value)}${how}`
      charge(rule, undefined, failure(failed, expected, shown(body)))
    }
    // A target a probe left blamed differs from the model for a cause already charged.
    const keeps = 'patch.keeps-unsent'
    if (op === 'patch' && !before?.concurrent && !before?.blame && !judgements.has(keeps))
      judgements.set(keeps, held)
  }
  const { op, probe, target, query, response } = observation
  const body = response?.json
  const write = op === 'create' || op === 'replace' || op === 'patch' ? op : undefined
  const answers =
    write === 'create'
      ? !probe || probe === 'large-id'
      : !probe && isLive(target) && !displaced(target)
  const ok = response?.status === 200 || (response?.status === 201 && write === 'create')
  if (write && answers) {
    if (isObject(body) && ok) answer(write, body)
    // Its status and shape, once no field of it was charged.
    const verdict = writeAnswer(observation, model)
    if (verdict && 'failed' in verdict) charge(ANSWERS[write], undefined, verdict)
    else if (verdict && !judgements.has(ANSWERS[write])) judgements.set(ANSWERS[write], held)
  }
  if (op === 'get' && !probe && isLive(target)) {
    judged(target, 'get.returns-record')
    const { id } = target.expected
    const other = response?.status === 200 && isObject(body) && String(body.id) !== String(id)
    if (response?.status !== 200 || other) {
      const why = `${other ? ` with todo ${shown(body.id)}` : ''} for todo ${shown(id)}, ${origin(target)}`
      const rule = other ? 'get.returns-record' : (target.blame?.rule ?? 'get.returns-record')
      charge(rule, target, unexpected(observation, `200 with ${shown(target.expected)}`, why))
    } else if (isObject(body)) compare(target, body)
  }
  if (op !== 'list' || query || response?.status !== 200 || !Array.isArray(body)) return judgements
  const items = body.filter(isObject)
  for (const record of model.settled()) {
    judged(record, 'list.holds-live-records')
    const listed = items.filter((item) => String(item.id) === String(record.expected.id))
    if (listed[0] && listed.length === 1) compare(record, listed[0])
  }
  const found = differences(observation, items, model)
  model.listCut = found.some(({ record }) => record && !record.deleted) ? items.length : undefined
  for (const { failed, record } of found) {
    const rule = record?.deleted ? 'delete.removes' : 'list.holds-live-records'
    // A refusal's blame answers for what the record holds, not for where it is listed.
    charge(displaced(record) ? (record?.blame?.rule ?? rule) : rule, record, failed)
    // Queries that leave it out, or list it, since are not charged again: one cause, one charge.
    if (record) record.blame ??= { rule, exchange: observation.exchange }
  }
  const listed = new Set(items.map(({ id, content }) => JSON.stringify([String(id), content])))
  for (const record of model.deleted()) {
    const { id, content } = record.expected
    record.goneFromList ||= !listed.has(JSON.stringify([String(id), content]))
  }
  if (model.deleted().length > 0 && !judgements.has('delete.removes'))
    judgements.set('delete.removes', held)
  return judgements
}

type Item = Record<string, unknown>

/** What a list must hold (every record of the run unless told), may not (and why), and `where`. */
type Listing = {
  must?: (todo: Expected) => boolean
  mayNot?: (todo: Item) => string | undefined
  where?: string
}

/**
 * How listed `items` differ from the model, with the record of the run each concerns: a todo no
 * correct server lists (`mayNot` says why), as listed or as the run's record is now; a deleted
 * record; a record that `must` be listed and is not. The caller picks the rule charged, and
 * which records are judged at all.
 */
function differences(observation: Observation, items: Item[], model: Model, listing = {}) {
  const { must = () => true, mayNot = () => undefined }: Listing = listing
  const { where = requestLine(observation.exchange) }: Listing = listing
  const found: Array<{ failed: Failure; record?: OwnRecord }> = []
  const add = (what: string, expected: string, actual: string, record?: OwnRecord) =>
    found.push({ failed: failure(`${where} ${what}`, expected, actual), record })
  const [twice] = repeatedId(items)
  for (const item of items) {
    // An ill-typed item is the field-type rule's alone, which judges every list, and an id listed
    // twice is the unique-id rule's.
    if (fieldProblem(item) || String(item.id) === twice) continue
    const why = mayNot(item)
    const record = model.records.get(keyOf(item.id))
    if (why)
      add(`returned ${shown(item)}, which ${why}`, 'only records the query matches', shown(item))
    else if (isLive(record) && mayNot(record.expected)) {
      const was = `as it was before its last write: it now holds ${shown(record.expected)}`
      const what = `returned todo ${shown(record.expected.id)} ${was}`
      add(what, 'records as they are now', shown(item), record)
    }
  }
  const byId = new Map(items.map((item) => [String(item.id), item]))
  for (const record of model.deleted()) {
    const { id, content } = record.expected
    // A freed id may hold someone else's record: only the run's own content shows it stale.
    const item = byId.get(String(id))
    const what = `still lists todo ${shown(id)} after DELETE answered success`
    if (item?.content === content) add(what, 'no deleted record', shown(item), record)
  }
  for (const record of model.settled())
    if (must(record.expected) && !byId.has(String(record.expected.id))) {
      const what = `does not list todo ${shown(record.expected.id)}, ${origin(record)}`
      add(what, shown(record.expected), `not among the ${items.length} records listed`, record)
    }
  return found
}

/**
 * How every rule judges one observation: a failure the model's prediction charged to it first,
 * then its own judge on the observations in its scope, then whether the prediction judged it.
 * The prediction is made once, here, as it moves the model on (a state it charged is tolerated).
 */
export function judging(observation: Observation, model: Model) {
  const byModel = predict(observation, model)
  return ({ id, on, judge }: Rule) => {
    const predicted = byModel.get(id)
    if (predicted && 'failed' in predicted) return predicted
    const inView = judge && (!on || inScope(on, observation))
    return (inView ? judge(observation, model) : undefined) ?? predicted
  }
}

const FILTERS = ['id', 'content', 'completed'] as const

/** The capabilities a query needs, most particular first. */
export function capabilitiesOf(query: ListQuery): Capability[] {
  const { order } = query
  const extended = order && (order.length > 1 || order.some((key) => sortKey(key).descending))
  const needs: Capability[] = []
  if (query.limit !== undefined || query.cursor !== undefined) needs.push('paging')
  if (order) needs.push(extended ? 'sort-extended' : 'sort')
  if (query.q !== undefined) needs.push('search')
  if (FILTERS.some((field) => query[field] !== undefined)) needs.push('filter')
  return needs
}

const matchesFilters = (todo: Item, query: ListQuery) =>
  FILTERS.every((field) => query[field] === undefined || String(todo[field]) === query[field])

/**
 * The first way a list differs from the model, but in records written meanwhile, blamed, shown
 * in a state already charged or changed since a read last showed them, and deleted ones no GET
 * /todos has shown gone: what a write or a DELETE left is read.current's and delete.removes' to
 * judge. A list cut where GET /todos was cut leaves out what that cut explains, charged already.
 */
const judgeListed = (observation: Observation, items: Item[], model: Model, listing: Listing) =>
  differences(observation, items, model, {
    ...listing,
    ...(items.length === model.listCut && { must: () => false }),
  }).find(
    ({ record }) =>
      !record ||
      (!observation.touched?.has(record.key) &&
        !record.blame &&
        record.tolerated.size === 0 &&
        (record.deleted
          ? record.goneFromList
          : record.lastWrite.op === 'create' || record.lastWrite.shown)),
  )?.failed ?? held

/**
 * Whether listed `items` keep the order the query asks for; and, when it asks for nothing else
 * (no filter or search, whose rules judge what they leave out), whether they hold every record.
 */
function judgeOrder(observation: Observation, items: Item[], model: Model) {
  const { order = [], ...rest } = observation.query ?? {}
  const sortable = items.filter((item): item is Item & Sortable => !fieldProblem(item))
  // An ill-typed todo the run made, the field rule's, may throw off a comparator by its fields.
  const madeIllTyped = (item: Item) => fieldProblem(item) && !model.foreign.has(keyOf(item.id))
  if (order.some((key) => sortKey(key).field !== 'id') && items.some(madeIllTyped)) return undefined
  const mustPrecede = precedence(order, sortable)
  for (const [i, a] of sortable.entries())
    for (let j = i + 1; j < sortable.length; j++)
      if (mustPrecede(j, i) === true) {
        const b = sortable[j]
        const failed = `${requestLine(observation.exchange)} lists ${shown(a)} before ${shown(b)}`
        const where = `${shown(a)} at ${i}, ${shown(b)} at ${j}`
        return failure(failed, `${shown(b)} first, by ${order.join(',')}`, where)
      }
  if (Object.values(rest).some((value) => value !== undefined)) return held
  return judgeListed(observation, items, model, {})
}

/**
 * A rule of one capability, judged on the answers to queries that need it. A query answered
 * without 200 and an array is charged to one capability: one the server need not support, or
 * else one no query of its own showed working, or else one already broken, or else the most
 * particular.
 */
const queryRule = (
  capability: Capability,
  items: (observation: Observation, items: Item[], model: Model) => Judgement | undefined,
): Judges[string] => ({
  on: { op: ['list'], probe: ['none'], query: true },
  judge(observation, model) {
    const { query = {}, response } = observation
    const needs = capabilitiesOf(query)
    if (!needs.includes(capability)) return undefined
    if (response?.status === 200 && Array.isArray(response.json))
      return items(observation, response.json.filter(isObject), model)
    const charged =
      needs.find((need) => !model.claims.includes(need)) ??
      needs.find((need) => !model.answeredAlone.has(need)) ??
      needs.find((need) => model.broken.has(need)) ??
      needs[0]
    return charged === capability ? unexpected(observation, '200 with a JSON array') : undefined
  },
})

/** The query conventions of §4 and todokit's extensions, each a capability of its own. */
export const queryJudges: Judges = {
  'filter.matches': queryRule('filter', (observation, items, model) => {
    const { query = {} } = observation
    return judgeListed(observation, items, model, {
      must: (todo) => query.q === undefined && matchesFilters(todo, query),
      mayNot: (todo) => (matchesFilters(todo, query) ? undefined : 'does not match the filter'),
    })
  }),
  'search.matches': queryRule('search', (observation, items, model) => {
    const { query = {} } = observation
    const { q = '' } = query
    const fields = (todo: Item) => [todo.content, todo.id, todo.completed].map(String)
    // Where the filter is broken, what such a list shows or leaves out is the filter rule's.
    const filtered = FILTERS.some((field) => query[field] !== undefined)
    const mismatch = items.some((todo) => !matchesFilters(todo, query))
    if ((filtered && model.broken.has('filter')) || mismatch) return undefined
    return judgeListed(observation, items, model, {
      must: (todo) => matchesFilters(todo, query) && mustMatchSearch(todo.content, q),
      mayNot: (todo) =>
        mayMatchSearch(fields(todo), q) ? undefined : `no reading of q=${shown(q)} matches`,
    })
  }),
  'sort.ascending': queryRule('sort', judgeOrder),
  'sort.descending-and-keys': queryRule('sort-extended', judgeOrder),
}

/** The first page of a walk that is not 200 with a JSON array of at most `limit` todos. */
function pageFailure({ pages = [], query }: Observation): Judgement | undefined {
  const limit = Number(query?.limit)
  for (const { exchange, status, statusText, json, text } of pages) {
    const page = requestLine(exchange)
    if (status !== 200 || !Array.isArray(json))
      return failure(
        `${page} answered ${status} ${statusText}`,
        '200 with a JSON array',
        shown(json ?? text),
      )
    const count = String(json.length)
    if (json.length > limit)
      return failure(`${page} answered ${count} records`, `at most ${limit}`, count)
  }
  return undefined
}

/** What is wrong with the next page a page's `Link` header announces, if anything. */
function badLink(observation: Observation, page: HttpResponse): Failure | undefined {
  const link = page.headers.get('link')
  const target = nextLinkTarget(link)
  const next = target === undefined ? undefined : URL.parse(target, page.exchange.url)
  const here = new URL(page.exchange.url).pathname
  const dropped = [...new URL(observation.exchange.url).searchParams].find(
    ([name, value]) => name !== 'cursor' && next?.searchParams.get(name) !== value,
  )
  let why: string | undefined
  if (target === undefined) why = /next/i.test(link ?? '') ? `as ${shown(link)}` : undefined
  else if (!next) why = `that is not a URI: ${shown(link)}`
  else if (next.pathname !== here) why = `on another path: ${next.pathname}`
  else if (dropped) why = `that drops ${dropped.join('=')}`
  if (why === undefined) return undefined
  const failed = `${requestLine(page.exchange)} announced a next page ${why}`
  return failure(failed, `Link: <URI>; rel="next" on ${here}, keeping the query`, `${link}`)
}

/**
 * A walk that ended on its first page, full, while records it must list were not listed: a next
 * link was due. Later pages may end full on the last record, and lose others by their cursor.
 */
function endedEarly(observation: Observation, model: Model): Failure | undefined {
  const { pages = [], query = {}, touched } = observation
  const [only, ...more] = pages
  if (!only || more.length > 0 || nextLinkTarget(only.headers.get('link')) !== undefined)
    return undefined
  if (listedItems(only.json).length < Number(query.limit)) return undefined
  const listed = new Set(listedItems(only.json).map(({ id }) => String(id)))
  // Records written meanwhile, or a probe's doing, are not counted on.
  const due = ({ key, blame, expected }: OwnRecord) =>
    !touched?.has(key) && !blame && matchesFilters(expected, query)
  const missing = model
    .settled()
    .filter((record) => due(record) && !listed.has(String(record.expected.id)))
  if (missing.length === 0) return undefined
  const failed = `${requestLine(only.exchange)} answered a full page without a next link`
  const actual = `no next link, and ${missing.length} records of the run not yet listed`
  return failure(failed, 'Link: <URI>; rel="next" while records remain', actual)
}

/** todokit's paging, where the contract says "not shown": a capability of its own. */
export const pagingJudges: Judges = {
  'paging.limit': {
    on: { op: ['walk'] },
    judge: (observation) =>
      pageFailure(observation) ??
      (observation.pages?.length ? held : { failed: answered(observation) }),
  },
  'paging.link': {
    on: { op: ['walk'] },
    judge(observation, model) {
      const { pages = [] } = observation
      const bad = pages.map((page) => badLink(observation, page)).find(Boolean)
      if (bad) return bad
      if (pages.length === 0 || pageFailure(observation)) return undefined
      return endedEarly(observation, model) ?? held
    },
  },
  'paging.walk': {
    on: { op: ['walk'] },
    judge(observation, model) {
      const { pages = [], walkStopped, query = {} } = observation
      // Pages over the limit or badly linked are paging.limit's and paging.link's.
      const bad = pages.some((page) => badLink(observation, page)) || pageFailure(observation)
      if (pages.length === 0 || bad || endedEarly(observation, model)) return undefined
      const walk = `the walk from ${requestLine(observation.exchange)}`
      if (walkStopped)
        return failure(`${walk} ${walkStopped}`, 'a last page without a next link', walkStopped)
      const items = pages.flatMap((page) => listedItems(page.json))
      // An id the server handed out twice is listed twice, and ids.unique's.
      const twice = (item: Item) => model.records.get(keyOf(item.id))?.blame?.rule === 'ids.unique'
      const [id, count] = repeatedId(items.filter((item) => !twice(item)))
      if (count) {
        const actual = `${count} times over ${pages.length} pages`
        return failure(`${walk} returned todo ${id} ${count} times`, 'each record once', actual)
      }
      const where = `${walk} over ${pages.length} pages`
      const must = (todo: Expected) => matchesFilters(todo, query)
      return judgeListed(observation, items, model, { where, must })
    },
  },
  'paging.bad-input': {
    on: { probe: ['bad-paging'] },
    judge: (observation) =>
      observation.response?.status === 400 ? held : unexpected(observation, '400'),
  },
}
