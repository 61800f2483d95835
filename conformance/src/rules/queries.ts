import type { OrderKey } from '@todokit/sdk/contract'
import type { Capability } from '../levels.ts'
import type { Model, OwnRecord } from '../model/model.ts'
import { mayMatchSearch, mustMatchSearch, mustPrecede, type Sortable } from '../model/text.ts'
import {
  answered,
  held,
  isObject,
  type Judgement,
  type ListQuery,
  type Observation,
  type Rule,
  requestLine,
  shown,
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
  if (
    observation.op !== 'list' ||
    observation.probe ||
    !observation.query ||
    !capabilitiesOf(observation.query).includes(capability)
  )
    return undefined
  const json = observation.response?.json
  if (observation.response?.status === 200 && Array.isArray(json))
    return { items: json.filter(isObject) }
  if (chargedFor(observation.query, model) !== capability) return undefined
  return {
    failed: answered(observation),
    expected: '200 with a JSON array',
    actual: observation.response
      ? `${observation.response.status} ${shown(observation.response.json ?? observation.response.text)}`
      : (observation.error ?? 'no answer'),
  }
}

const matchesFilters = (
  todo: { id: unknown; content: unknown; completed: unknown },
  query: ListQuery,
) => FILTERS.every((field) => query[field] === undefined || String(todo[field]) === query[field])

const fieldsOf = (todo: Record<string, unknown>) => [
  String(todo.content),
  String(todo.id),
  String(todo.completed),
]

/** A record of the run that a query lists, or must list. */
const ownOf = (item: Record<string, unknown>, model: Model): OwnRecord | undefined =>
  model.records.get(JSON.stringify(item.id))

/** Membership of the run's records and of every listed record, for filters or search. */
function judgeMembership(
  observation: Observation,
  model: Model,
  capability: 'filter' | 'search',
  items: Record<string, unknown>[],
): Judgement {
  const query = observation.query ?? {}
  const where = requestLine(observation.exchange)
  const concerns =
    capability === 'filter'
      ? FILTERS.some((field) => query[field] !== undefined)
      : query.q !== undefined
  if (!concerns) return held
  const q = query.q
  for (const item of items) {
    const record = ownOf(item, model)
    const shownFields = { id: item.id, content: item.content, completed: item.completed }
    if (capability === 'filter' && !matchesFilters(shownFields, query)) {
      return {
        failed: `${where} returned ${shown(item)}, which does not match the filter`,
        expected: 'only records whose fields equal the filter values',
        actual: shown(item),
      }
    }
    if (capability === 'search' && q !== undefined && !mayMatchSearch(fieldsOf(item), q)) {
      return {
        failed: `${where} returned ${shown(item)}, which no reading of q=${shown(q)} matches`,
        expected: `records whose text holds ${shown(q)}`,
        actual: shown(item),
      }
    }
    if (record && !record.uncertain && !record.untyped) {
      // A freed id may hold someone else's record: only the run's own content shows it stale.
      if (record.deleted && item.content !== record.expected.content) continue
      if (record.deleted)
        return {
          failed: `${where} still returns todo ${shown(record.expected.id)} after DELETE answered success`,
          expected: 'no deleted record',
          actual: shown(item),
        }
      const current = record.expected
      if (capability === 'filter' && !matchesFilters(current, query)) {
        return {
          failed: `${where} returned todo ${shown(current.id)} as it was before its last write: it now holds ${shown(current)}`,
          expected: 'records as they are now',
          actual: shown(item),
        }
      }
      if (
        capability === 'search' &&
        q !== undefined &&
        !mayMatchSearch([current.content, String(current.id), String(current.completed)], q)
      ) {
        return {
          failed: `${where} returned todo ${shown(current.id)}, whose content is now ${shown(current.content)}`,
          expected: 'records whose text holds q now',
          actual: shown(item),
        }
      }
    }
  }
  const listed = new Set(items.map((item) => String(item.id)))
  for (const record of model.settled()) {
    if (observation.touched?.has(record.key)) continue
    const must =
      matchesFilters(record.expected, query) &&
      (q === undefined || mustMatchSearch(record.expected.content, q))
    const charge: Capability = q !== undefined ? 'search' : 'filter'
    if (must && charge === capability && !listed.has(String(record.expected.id))) {
      return {
        failed: `${where} does not return todo ${shown(record.expected.id)}, which it must: ${shown(record.expected)}`,
        expected: shown(record.expected),
        actual: `${items.length} records, not this one`,
      }
    }
  }
  return held
}

function judgeOrder(
  observation: Observation,
  order: readonly OrderKey[],
  items: Record<string, unknown>[],
): Judgement {
  const sortable = items.filter(
    (item): item is Record<string, unknown> & Sortable =>
      typeof item.content === 'string' && typeof item.completed === 'boolean',
  )
  for (let i = 0; i < sortable.length; i++) {
    for (let j = i + 1; j < sortable.length; j++) {
      const [a, b] = [sortable[i], sortable[j]]
      if (a && b && mustPrecede(order, b, a) === true) {
        return {
          failed: `${requestLine(observation.exchange)} lists ${shown(a)} before ${shown(b)}`,
          expected: `${shown(b)} first, by ${order.join(',')}`,
          actual: `${shown(a)} at ${i}, ${shown(b)} at ${j}`,
        }
      }
    }
  }
  return held
}

/** The query conventions of §4 and todokit's extensions, each a capability of its own. */
export const queryRules: Rule[] = [
  {
    id: 'filter.matches',
    title:
      'GET /todos?{field}={value} returns exactly the records whose field equals the value, as they are now',
    level: 'filter',
    section: '§4 Query conventions: Filter',
    judge(observation, model) {
      const items = itemsOf(observation, model, 'filter')
      return items && 'items' in items
        ? judgeMembership(observation, model, 'filter', items.items)
        : items
    },
  },
  {
    id: 'search.matches',
    title:
      'GET /todos?q={query} returns the records whose content holds the query, under any reading of free-text search',
    level: 'search',
    section: '§4 Query conventions: Search',
    judge(observation, model) {
      const items = itemsOf(observation, model, 'search')
      return items && 'items' in items
        ? judgeMembership(observation, model, 'search', items.items)
        : items
    },
  },
  {
    id: 'sort.ascending',
    title: 'GET /todos?order={field} lists the records in ascending order of that field',
    level: 'sort',
    section: '§4 Query conventions: Sort',
    judge(observation, model) {
      const items = itemsOf(observation, model, 'sort')
      return items && 'items' in items
        ? judgeOrder(observation, observation.query?.order ?? [], items.items)
        : items
    },
  },
  {
    id: 'sort.descending-and-keys',
    title: 'GET /todos?order=-{field} sorts descending, and order=a,b sorts by several keys',
    level: 'sort-extended',
    section: '§4 Sort (todokit extension)',
    judge(observation, model) {
      const items = itemsOf(observation, model, 'sort-extended')
      return items && 'items' in items
        ? judgeOrder(observation, observation.query?.order ?? [], items.items)
        : items
    },
  },
]
