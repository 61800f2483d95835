import { nextLinkTarget } from '@todokit/sdk/contract'
import type { HttpResponse } from '../http/client.ts'
import type { Capability } from '../levels.ts'
import type { Expected, Model } from '../model/model.ts'
import { mayMatchSearch, mustMatchSearch, mustPrecede, type Sortable } from '../model/text.ts'
import { differences, type Listing } from './predictions.ts'
import {
  answered,
  type Failure,
  failure,
  held,
  isObject,
  type Judged,
  type Judgement,
  type Judges,
  type ListQuery,
  listedItems,
  type Observation,
  repeatedId,
  requestLine,
  shown,
  status,
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

type Item = Record<string, unknown>

const matchesFilters = (todo: Item, query: ListQuery) =>
  FILTERS.every((field) => query[field] === undefined || String(todo[field]) === query[field])

/** The first way a list differs from the model, but in records written meanwhile or blamed. */
const judgeListed = (observation: Observation, items: Item[], model: Model, listing: Listing) =>
  differences(observation, items, model, listing).find(
    ({ record }) => !record || (!observation.touched?.has(record.key) && !record.blame),
  )?.failed ?? held

/**
 * Whether listed `items` keep the order the query asks for; and, when it asks for nothing else
 * (no filter or search, whose rules judge what they leave out), whether they hold every record.
 */
function judgeOrder(observation: Observation, items: Item[], model: Model): Judgement {
  const { order = [], ...rest } = observation.query ?? {}
  const sortable = items.filter(
    (item): item is Item & Sortable =>
      typeof item.content === 'string' && typeof item.completed === 'boolean',
  )
  for (const [i, a] of sortable.entries())
    for (const [j, b] of sortable.entries())
      if (j > i && mustPrecede(order, b, a) === true) {
        const failed = `${requestLine(observation.exchange)} lists ${shown(a)} before ${shown(b)}`
        const where = `${shown(a)} at ${i}, ${shown(b)} at ${j}`
        return failure(failed, `${shown(b)} first, by ${order.join(',')}`, where)
      }
  if (Object.values(rest).some((value) => value !== undefined)) return held
  return judgeListed(observation, items, model, {})
}

/**
 * A rule of one capability, judged on the answers to queries that need it. A query answered
 * without 200 and an array is charged to one capability: one the server does not claim, if any
 * (it need not support it), or else the most particular it claims.
 */
const queryRule = (
  capability: Capability,
  items: (observation: Observation, items: Item[], model: Model) => Judgement,
): Judged => ({
  on: { op: ['list'], probe: ['none'], query: true },
  judge(observation, model) {
    const { query = {}, response } = observation
    const needs = capabilitiesOf(query)
    if (!needs.includes(capability)) return undefined
    if (response?.status === 200 && Array.isArray(response.json))
      return items(observation, response.json.filter(isObject), model)
    const charged = needs.find((need) => !model.claims.includes(need)) ?? needs[0]
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

/** Whether a walk's pages kept to the limit and linked well (else paging.limit or .link judge). */
const readable = (observation: Observation) =>
  !!observation.pages?.length &&
  !pageFailure(observation) &&
  !observation.pages.some((page) => badLink(observation, page))

const onWalk = { op: ['walk'] } as const

/** todokit's paging, where the contract says "not shown": a capability of its own. */
export const pagingJudges: Judges = {
  'paging.limit': {
    on: onWalk,
    judge: (observation) =>
      pageFailure(observation) ??
      (observation.pages?.length ? held : { failed: answered(observation) }),
  },
  'paging.link': {
    on: onWalk,
    judge(observation) {
      const { pages = [], query } = observation
      const bad = pages.map((page) => badLink(observation, page)).find(Boolean)
      if (bad) return bad
      const [first] = pages
      if (!first || pageFailure(observation)) return undefined
      const total = pages.flatMap((page) => listedItems(page.json)).length
      const limit = Number(query?.limit)
      const full = total > limit || (total === limit && query?.limit === '1')
      if (pages.length === 1 && full && first.headers.get('link') === null)
        return { failed: `${requestLine(first.exchange)} answered a full page without a next link` }
      return held
    },
  },
  'paging.walk': {
    on: onWalk,
    judge(observation, model) {
      if (!readable(observation)) return undefined
      const { pages = [], walkStopped, query = {} } = observation
      const walk = `the walk from ${requestLine(observation.exchange)}`
      if (walkStopped)
        return failure(`${walk} ${walkStopped}`, 'a last page without a next link', walkStopped)
      const items = pages.flatMap((page) => listedItems(page.json))
      const [id, count] = repeatedId(items)
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
    judge: status('400', (code) => code === 400),
  },
}
