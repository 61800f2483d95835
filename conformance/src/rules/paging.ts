import { nextLinkTarget } from '@todokit/sdk/contract'
import type { HttpResponse } from '../http/client.ts'
import type { Expected } from '../model/model.ts'
import { judgeListed, matchesFilters } from './queries.ts'
import {
  answered,
  held,
  type Judgement,
  listedItems,
  type Observation,
  type RuleSpec,
  requestLine,
  shown,
  status,
} from './rule.ts'

const NEXT = 'Link: <URI>; rel="next"'

/** A `Link` header that speaks of a next page but does not parse as RFC 8288 says. */
const malformedLink = (page: HttpResponse) => {
  const link = page.headers.get('link')
  return link !== null && /next/i.test(link) && nextLinkTarget(link) === undefined
}

/** The first page of a walk that is not 200 with a JSON array of at most `limit` todos. */
function pageFailure({ pages = [], query }: Observation): Judgement | undefined {
  const limit = Number(query?.limit)
  for (const { exchange, status, statusText, json, text } of pages) {
    const where = requestLine(exchange)
    if (status !== 200 || !Array.isArray(json))
      return {
        failed: `${where} answered ${status} ${statusText}`,
        expected: '200 with a JSON array',
        actual: shown(json ?? text),
      }
    if (json.length > limit)
      return {
        failed: `${where} answered ${json.length} records`,
        expected: `at most ${limit}`,
        actual: `${json.length}`,
      }
  }
  return undefined
}

/**
 * Whether what a walk shows is the paging's own doing: its pages kept to the limit and announced
 * their next pages readably, or else `paging.limit` or `paging.link` answers for them.
 */
const readable = (observation: Observation) =>
  !!observation.pages?.length && !pageFailure(observation) && !observation.pages.some(malformedLink)

/** What is wrong with the next page a page's `Link` header announces, if anything. */
function badLink(observation: Observation, page: HttpResponse): Judgement | undefined {
  const link = page.headers.get('link')
  if (link === null) return undefined
  const target = nextLinkTarget(link)
  const next = target === undefined ? undefined : URL.parse(target, page.exchange.url)
  const here = new URL(page.exchange.url).pathname
  const dropped = [...new URL(observation.exchange.url).searchParams].find(
    ([name, value]) => name !== 'cursor' && next?.searchParams.get(name) !== value,
  )
  let why: string
  if (malformedLink(page)) why = `as ${shown(link)}`
  else if (target === undefined) return undefined
  else if (!next) why = `that is not a URI: ${shown(link)}`
  else if (next.pathname !== here) why = `on another path: ${next.pathname}`
  else if (dropped) why = `that drops ${dropped.join('=')}`
  else return undefined
  const failed = `${requestLine(page.exchange)} announced a next page ${why}`
  return { failed, expected: `${NEXT} on ${here}, keeping the query`, actual: link }
}

const paging = {
  level: 'paging',
  section: '§4 paging (not shown; todokit)',
  readsAlone: true,
} as const

/** todokit's paging, where the contract says "not shown": a capability of its own. */
export const pagingRules: RuleSpec[] = [
  {
    ...paging,
    id: 'paging.limit',
    title: 'GET /todos?limit=N answers 200 with at most N records',
    on: { op: ['walk'] },
    judge: (observation) =>
      pageFailure(observation) ??
      (observation.pages?.length ? held : { failed: answered(observation) }),
  },
  {
    ...paging,
    id: 'paging.link',
    title:
      'More records are announced as `Link: <URI>; rel="next"` on the same path, keeping the query',
    on: { op: ['walk'] },
    judge(observation) {
      const { pages = [], query } = observation
      const malformed = pages.find(malformedLink)
      if (malformed) return badLink(observation, malformed)
      const [first] = pages
      if (!first || !readable(observation)) return undefined
      const total = pages.flatMap((page) => listedItems(page.json)).length
      const limit = Number(query?.limit)
      const full = total > limit || (total === limit && query?.limit === '1')
      if (pages.length === 1 && full && first.headers.get('link') === null)
        return { failed: `${requestLine(first.exchange)} answered a full page without a next link` }
      return pages.map((page) => badLink(observation, page)).find(Boolean) ?? held
    },
  },
  {
    ...paging,
    id: 'paging.walk',
    title:
      'A walk over every next link returns each record once, and every record the query matches',
    on: { op: ['walk'] },
    judge(observation, model) {
      if (!readable(observation)) return undefined
      const { pages = [], walkStopped, query = {} } = observation
      const walk = `the walk from ${requestLine(observation.exchange)}`
      if (walkStopped)
        return {
          failed: `${walk} ${walkStopped}`,
          expected: 'a last page without a next link',
          actual: walkStopped,
        }
      const items = pages.flatMap((page) => listedItems(page.json))
      const times = new Map<string, number>()
      for (const { id } of items) times.set(String(id), (times.get(String(id)) ?? 0) + 1)
      for (const [id, count] of times)
        if (count > 1)
          return {
            failed: `${walk} returned todo ${id} ${count} times`,
            expected: 'each record once',
            actual: `${count} times over ${pages.length} pages`,
          }
      const where = `${walk} over ${pages.length} pages`
      const must = (todo: Expected) => matchesFilters(todo, query)
      return judgeListed(observation, items, model, { where, must })
    },
  },
  {
    ...paging,
    id: 'paging.bad-input',
    title:
      'A limit that is not a positive integer, or a cursor the server did not write, is refused with 400',
    on: { probe: ['bad-paging'] },
    judge: status('400', (code) => code === 400),
  },
]
