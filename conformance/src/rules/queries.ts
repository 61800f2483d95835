import type { OrderKey } from '@todokit/sdk/contract'
import type { Capability } from '../levels.ts'
import type { Model } from '../model/model.ts'
import { mayMatchSearch, mustMatchSearch, mustPrecede, type Sortable } from '../model/text.ts'
import {
  fail,
  held,
  isObject,
  type Judgement,
  type ListQuery,
  type Observation,
  type Rule,
  requestLine,
  shown,
  unexpected,
} from './rule.ts'

const FILTERS = ['id', 'content', 'completed'] as const

const isExtended = (order: readonly OrderKey[]) =>
  order.length > 1 || order.some((key) => key.startsWith('-'))

/** The capabilities a query needs, most particular first. */
export function capabilitiesOf(query: ListQuery): Capability[] {
  const needs: Capability[] = []
  if (query.limit !== undefined || query.cursor !== undefined) needs.push('paging')
  if (query.order) needs.push(isExtended(query.order) ? 'sort-extended' : 'sort')
  if (query.q !== undefined) needs.push('search')
  if (FILTERS.some((field) => query[field] !== undefined)) needs.push('filter')
  return needs
}

/**
 * The capability that answers for a query the server did not answer with 200 and an array: one
 * it does not claim, if any (it need not support it), or else the most particular it claims.
 */
function chargedFor(query: ListQuery, model: Model): Capability | undefined {
  const needs = capabilitiesOf(query)
  return needs.find((capability) => !model.claims.includes(capability)) ?? needs[0]
}

/** The query's answer as an array of objects, or the failure charged to `capability`. */
function itemsOf(
  observation: Observation,
  model: Model,
  capability: Capability,
): { items: Record<string, unknown>[] } | Judgement | undefined {
  const { op, probe, query, response } = observation
  if (op !== 'list' || probe || !query || !capabilitiesOf(query).includes(capability))
    return undefined
  if (response?.status === 200 && Array.isArray(response.json))
    return { items: response.json.filter(isObject) }
  return chargedFor(query, model) === capability
    ? unexpected(observation, '200 with a JSON array')
    : undefined
}

/** A todo's fields as a query compares them, whatever their types. */
export type Fields = { id?: unknown; content?: unknown; completed?: unknown }

export const matchesFilters = (todo: Fields, query: ListQuery) =>
  FILTERS.every((field) => query[field] === undefined || String(todo[field]) === query[field])

/** Membership of the run's records and of every listed record, for filters or search. */
function judgeMembership(
  observation: Observation,
  model: Model,
  capability: 'filter' | 'search',
  items: Record<string, unknown>[],
): Judgement {
  const query = observation.query ?? {}
  const { q } = query
  const where = requestLine(observation.exchange)
  const filtered = FILTERS.some((field) => query[field] !== undefined)
  if (capability === 'filter' ? !filtered : q === undefined) return held
  /** Whether every reading of `capability` may list a todo with these fields. */
  const mayList = (todo: Fields) =>
    capability === 'filter'
      ? matchesFilters(todo, query)
      : q === undefined ||
        mayMatchSearch([String(todo.content), String(todo.id), String(todo.completed)], q)
  for (const item of items) {
    if (!mayList(item))
      return fail(
        `${where} returned ${shown(item)}, which ${capability === 'filter' ? 'does not match the filter' : `no reading of q=${shown(q)} matches`}`,
        capability === 'filter'
          ? 'only records whose fields equal the filter values'
          : `records whose text holds ${shown(q)}`,
        shown(item),
      )
    const record = model.records.get(JSON.stringify(item.id))
    // A record a probe left blamed was charged to that probe's rule, once.
    if (!record || record.uncertain || record.untyped || record.blame) continue
    const current = record.expected
    // A freed id may hold someone else's record: only the run's own content shows it stale.
    if (record.deleted && item.content === current.content)
      return fail(
        `${where} still returns todo ${shown(current.id)} after DELETE answered success`,
        'no deleted record',
        shown(item),
      )
    if (!record.deleted && !mayList(current))
      return fail(
        `${where} returned todo ${shown(current.id)} as it was before its last write: it now holds ${shown(current)}`,
        'records as they are now',
        shown(item),
      )
  }
  const listed = new Set(items.map((item) => String(item.id)))
  if ((q !== undefined ? 'search' : 'filter') !== capability) return held
  for (const record of model.settled()) {
    if (observation.touched?.has(record.key) || record.blame) continue
    const must =
      matchesFilters(record.expected, query) &&
      (q === undefined || mustMatchSearch(record.expected.content, q))
    if (must && !listed.has(String(record.expected.id)))
      return fail(
        `${where} does not return todo ${shown(record.expected.id)}, which it must: ${shown(record.expected)}`,
        shown(record.expected),
        `${items.length} records, not this one`,
      )
  }
  return held
}

function judgeOrder(observation: Observation, items: Record<string, unknown>[]): Judgement {
  const order = observation.query?.order ?? []
  const sortable = items.filter(
    (item): item is Record<string, unknown> & Sortable =>
      typeof item.content === 'string' && typeof item.completed === 'boolean',
  )
  for (const [i, a] of sortable.entries()) {
    for (const [j, b] of sortable.entries()) {
      if (j > i && mustPrecede(order, b, a) === true)
        return fail(
          `${requestLine(observation.exchange)} lists ${shown(a)} before ${shown(b)}`,
          `${shown(b)} first, by ${order.join(',')}`,
          `${shown(a)} at ${i}, ${shown(b)} at ${j}`,
        )
    }
  }
  return held
}

/** A rule of one capability, judged on the answers to queries that need it. */
const queryRule = (
  rule: Omit<Rule, 'judge'> & { level: Capability },
  judge: (observation: Observation, items: Record<string, unknown>[], model: Model) => Judgement,
): Rule => ({
  ...rule,
  judge(observation, model) {
    const items = itemsOf(observation, model, rule.level)
    return items && 'items' in items ? judge(observation, items.items, model) : items
  },
})

/** The query conventions of §4 and todokit's extensions, each a capability of its own. */
export const queryRules: Rule[] = [
  queryRule(
    {
      id: 'filter.matches',
      title:
        'GET /todos?{field}={value} returns exactly the records whose field equals the value, as they are now',
      level: 'filter',
      section: '§4 Query conventions: Filter',
    },
    (observation, items, model) => judgeMembership(observation, model, 'filter', items),
  ),
  queryRule(
    {
      id: 'search.matches',
      title:
        'GET /todos?q={query} returns the records whose content holds the query, under any reading of free-text search',
      level: 'search',
      section: '§4 Query conventions: Search',
    },
    (observation, items, model) => judgeMembership(observation, model, 'search', items),
  ),
  queryRule(
    {
      id: 'sort.ascending',
      title: 'GET /todos?order={field} lists the records in ascending order of that field',
      level: 'sort',
      section: '§4 Query conventions: Sort',
    },
    judgeOrder,
  ),
  queryRule(
    {
      id: 'sort.descending-and-keys',
      title: 'GET /todos?order=-{field} sorts descending, and order=a,b sorts by several keys',
      level: 'sort-extended',
      section: '§4 Sort (todokit extension)',
    },
    judgeOrder,
  ),
]
