import type { Capability } from '../levels.ts'
import type { Expected, Model, OwnRecord } from '../model/model.ts'
import { mayMatchSearch, mustMatchSearch, mustPrecede, type Sortable } from '../model/text.ts'
import {
  held,
  isObject,
  type Judgement,
  type ListQuery,
  type Observation,
  type RuleSpec,
  requestLine,
  shown,
  unexpected,
} from './rule.ts'

const FILTERS = ['id', 'content', 'completed'] as const

/** The capabilities a query needs, most particular first. */
function capabilitiesOf(query: ListQuery): Capability[] {
  const { order } = query
  const extended = order && (order.length > 1 || order.some((key) => key.startsWith('-')))
  const needs: Capability[] = []
  if (query.limit !== undefined || query.cursor !== undefined) needs.push('paging')
  if (order) needs.push(extended ? 'sort-extended' : 'sort')
  if (query.q !== undefined) needs.push('search')
  if (FILTERS.some((field) => query[field] !== undefined)) needs.push('filter')
  return needs
}

/** A todo's fields as a query compares them, whatever their types. */
type Fields = { id?: unknown; content?: unknown; completed?: unknown }

export const matchesFilters = (todo: Fields, query: ListQuery) =>
  FILTERS.every((field) => query[field] === undefined || String(todo[field]) === query[field])

/**
 * What listed `items` show of the run's records, outside those `observation` wrote meanwhile
 * and those a probe left blamed (charged to that probe's rule, once): a record it deleted, or
 * a record that `must` be listed and is not.
 */
export function judgeListed(
  where: string,
  items: Record<string, unknown>[],
  observation: Observation,
  model: Model,
  must: (expected: Expected) => boolean,
): Judgement | undefined {
  const judged = (record: OwnRecord) => !observation.touched?.has(record.key) && !record.blame
  const byId = new Map(items.map((item) => [String(item.id), item]))
  for (const { expected } of model.deleted().filter(judged)) {
    const item = byId.get(String(expected.id))
    // A freed id may hold someone else's record: only the run's own content shows it stale.
    if (item?.content === expected.content)
      return {
        failed: `${where} still returns todo ${shown(expected.id)} after DELETE answered success`,
        expected: 'no deleted record',
        actual: shown(item),
      }
  }
  for (const { expected } of model.settled().filter(judged))
    if (must(expected) && !byId.has(String(expected.id)))
      return {
        failed: `${where} does not return todo ${shown(expected.id)}, which it must: ${shown(expected)}`,
        expected: shown(expected),
        actual: `${items.length} records, not this one`,
      }
  return undefined
}

/** How filter and search judge which records an answer may and must hold. */
interface Membership {
  asks: (query: ListQuery) => boolean
  /** Whether some correct server may list a todo with these fields. */
  may: (todo: Fields, query: ListQuery) => boolean
  /** Whether every correct server must list it; only the query's own capability demands. */
  must: (todo: Expected, query: ListQuery) => boolean
  /** Why a listed todo it may not hold is wrong, and what was expected instead. */
  wrong: (query: ListQuery) => { because: string; expected: string }
}

const membership =
  ({ asks, may, must, wrong }: Membership) =>
  (observation: Observation, items: Record<string, unknown>[], model: Model): Judgement => {
    const query = observation.query ?? {}
    if (!asks(query)) return held
    const where = requestLine(observation.exchange)
    for (const item of items) {
      if (!may(item, query))
        return {
          failed: `${where} returned ${shown(item)}, which ${wrong(query).because}`,
          expected: wrong(query).expected,
          actual: shown(item),
        }
      const record = model.records.get(JSON.stringify(item.id))
      if (!record || record.deleted || record.uncertain || record.untyped || record.blame) continue
      if (!may(record.expected, query))
        return {
          failed: `${where} returned todo ${shown(record.expected.id)} as it was before its last write: it now holds ${shown(record.expected)}`,
          expected: 'records as they are now',
          actual: shown(item),
        }
    }
    return judgeListed(where, items, observation, model, (todo) => must(todo, query)) ?? held
  }

function judgeOrder(observation: Observation, items: Record<string, unknown>[]): Judgement {
  const order = observation.query?.order ?? []
  const sortable = items.filter(
    (item): item is Record<string, unknown> & Sortable =>
      typeof item.content === 'string' && typeof item.completed === 'boolean',
  )
  for (const [i, a] of sortable.entries())
    for (const [j, b] of sortable.entries())
      if (j > i && mustPrecede(order, b, a) === true)
        return {
          failed: `${requestLine(observation.exchange)} lists ${shown(a)} before ${shown(b)}`,
          expected: `${shown(b)} first, by ${order.join(',')}`,
          actual: `${shown(a)} at ${i}, ${shown(b)} at ${j}`,
        }
  return held
}

/**
 * A rule of one capability, judged on the answers to queries that need it. A query answered
 * without 200 and an array is charged to one capability: one the server does not claim, if any
 * (it need not support it), or else the most particular it claims.
 */
const queryRule = (
  rule: Omit<RuleSpec, 'judge'> & { level: Capability },
  judge: (observation: Observation, items: Record<string, unknown>[], model: Model) => Judgement,
): RuleSpec => ({
  ...rule,
  on: { op: ['list'], probe: ['none'], query: true },
  judge(observation, model) {
    const { query = {}, response } = observation
    const needs = capabilitiesOf(query)
    if (!needs.includes(rule.level)) return undefined
    if (response?.status === 200 && Array.isArray(response.json))
      return judge(observation, response.json.filter(isObject), model)
    const charged = needs.find((capability) => !model.claims.includes(capability)) ?? needs[0]
    return charged === rule.level ? unexpected(observation, '200 with a JSON array') : undefined
  },
})

/** The query conventions of §4 and todokit's extensions, each a capability of its own. */
export const queryRules: RuleSpec[] = [
  queryRule(
    {
      id: 'filter.matches',
      title:
        'GET /todos?{field}={value} returns exactly the records whose field equals the value, as they are now',
      level: 'filter',
      section: '§4 Query conventions: Filter',
      readsAlone: true,
    },
    membership({
      asks: (query) => FILTERS.some((field) => query[field] !== undefined),
      may: matchesFilters,
      must: (todo, query) => query.q === undefined && matchesFilters(todo, query),
      wrong: () => ({
        because: 'does not match the filter',
        expected: 'only records whose fields equal the filter values',
      }),
    }),
  ),
  queryRule(
    {
      id: 'search.matches',
      title:
        'GET /todos?q={query} returns the records whose content holds the query, under any reading of free-text search',
      level: 'search',
      section: '§4 Query conventions: Search',
      readsAlone: true,
    },
    membership({
      asks: (query) => query.q !== undefined,
      may: (todo, { q = '' }) =>
        mayMatchSearch([String(todo.content), String(todo.id), String(todo.completed)], q),
      must: (todo, query) =>
        matchesFilters(todo, query) && mustMatchSearch(todo.content, query.q ?? ''),
      wrong: ({ q }) => ({
        because: `no reading of q=${shown(q)} matches`,
        expected: `records whose text holds ${shown(q)}`,
      }),
    }),
  ),
  queryRule(
    {
      id: 'sort.ascending',
      title: 'GET /todos?order={field} lists the records in ascending order of that field',
      level: 'sort',
      section: '§4 Query conventions: Sort',
      readsAlone: true,
    },
    judgeOrder,
  ),
  queryRule(
    {
      id: 'sort.descending-and-keys',
      title: 'GET /todos?order=-{field} sorts descending, and order=a,b sorts by several keys',
      level: 'sort-extended',
      section: '§4 Sort (todokit extension)',
      readsAlone: true,
    },
    judgeOrder,
  ),
]
