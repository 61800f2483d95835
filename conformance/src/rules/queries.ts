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

/** What a list must and may hold, as the model predicts it for one query. */
interface Listing {
  /** Whether every correct server must list this record of the run. */
  must: (todo: Expected) => boolean
  /** Why no correct server may list a todo with these fields; `undefined` when some may. */
  mayNot?: (todo: Fields) => string | undefined
  where?: string
}

/**
 * What listed `items` show against the model: a todo no correct server may list, as listed or
 * as the run's record is now, a deleted record, or a record that `must` be listed and is not.
 * Records written while the list was read, and those a probe left blamed, are not judged.
 */
export function judgeListed(
  observation: Observation,
  items: Record<string, unknown>[],
  model: Model,
  { must, mayNot = () => undefined, where = requestLine(observation.exchange) }: Listing,
): Judgement {
  const judged = (record: OwnRecord) => !observation.touched?.has(record.key) && !record.blame
  for (const item of items) {
    const why = mayNot(item)
    if (why)
      return {
        failed: `${where} returned ${shown(item)}, which ${why}`,
        expected: 'only records the query matches',
        actual: shown(item),
      }
    const record = model.records.get(JSON.stringify(item.id))
    const known = record && !record.deleted && !record.uncertain && !record.untyped
    if (known && judged(record) && mayNot(record.expected))
      return {
        failed: `${where} returned todo ${shown(record.expected.id)} as it was before its last write: it now holds ${shown(record.expected)}`,
        expected: 'records as they are now',
        actual: shown(item),
      }
  }
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
  return held
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
const queryRule = ({
  items,
  ...rule
}: Omit<RuleSpec, 'judge' | 'readsAlone'> & {
  level: Capability
  items: (observation: Observation, items: Record<string, unknown>[], model: Model) => Judgement
}): RuleSpec => ({
  ...rule,
  readsAlone: true,
  on: { op: ['list'], probe: ['none'], query: true },
  judge(observation, model) {
    const { query = {}, response } = observation
    const needs = capabilitiesOf(query)
    if (!needs.includes(rule.level)) return undefined
    if (response?.status === 200 && Array.isArray(response.json))
      return items(observation, response.json.filter(isObject), model)
    const charged = needs.find((capability) => !model.claims.includes(capability)) ?? needs[0]
    return charged === rule.level ? unexpected(observation, '200 with a JSON array') : undefined
  },
})

/** The query conventions of §4 and todokit's extensions, each a capability of its own. */
export const queryRules: RuleSpec[] = [
  queryRule({
    id: 'filter.matches',
    title:
      'GET /todos?{field}={value} returns exactly the records whose field equals the value, as they are now',
    level: 'filter',
    section: '§4 Query conventions: Filter',
    items: (observation, items, model) => {
      const { query = {} } = observation
      return judgeListed(observation, items, model, {
        must: (todo) => query.q === undefined && matchesFilters(todo, query),
        mayNot: (todo) => (matchesFilters(todo, query) ? undefined : 'does not match the filter'),
      })
    },
  }),
  queryRule({
    id: 'search.matches',
    title:
      'GET /todos?q={query} returns the records whose content holds the query, under any reading of free-text search',
    level: 'search',
    section: '§4 Query conventions: Search',
    items: (observation, items, model) => {
      const { query = {} } = observation
      const { q = '' } = query
      const fields = (todo: Fields) => [todo.content, todo.id, todo.completed].map(String)
      return judgeListed(observation, items, model, {
        must: (todo) => matchesFilters(todo, query) && mustMatchSearch(todo.content, q),
        mayNot: (todo) =>
          mayMatchSearch(fields(todo), q) ? undefined : `no reading of q=${shown(q)} matches`,
      })
    },
  }),
  queryRule({
    id: 'sort.ascending',
    title: 'GET /todos?order={field} lists the records in ascending order of that field',
    level: 'sort',
    section: '§4 Query conventions: Sort',
    items: judgeOrder,
  }),
  queryRule({
    id: 'sort.descending-and-keys',
    title: 'GET /todos?order=-{field} sorts descending, and order=a,b sorts by several keys',
    level: 'sort-extended',
    section: '§4 Sort (todokit extension)',
    items: judgeOrder,
  }),
]
