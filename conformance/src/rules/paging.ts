import { nextLinkTarget } from '@todokit/sdk/contract'
import type { HttpResponse } from '../http/client.ts'
import type { Model } from '../model/model.ts'
import { judgeListed, matchesFilters } from './queries.ts'
import {
  answered,
  held,
  isObject,
  type Judgement,
  type Observation,
  type RuleSpec,
  requestLine,
  shown,
  unexpected,
} from './rule.ts'

const limitOf = (observation: Observation) => Number(observation.query?.limit)

/** A `Link` header that speaks of a next page but does not parse as RFC 8288 says. */
const malformedLink = (page: HttpResponse) => {
  const link = page.headers.get('link')
  return link !== null && /next/i.test(link) && nextLinkTarget(link) === undefined
}

/**
 * A walk's pages as arrays, when each kept to the limit and announced its next page readably, so
 * that what the walk shows is the paging's doing; `undefined` when `paging.limit` or `paging.link`
 * answers for the pages themselves.
 */
function limitedPages(observation: Observation): Record<string, unknown>[][] | undefined {
  const { pages = [] } = observation
  if (pages.length === 0 || pages.some(malformedLink)) return undefined
  const arrays = pages.map((page) =>
    page.status === 200 && Array.isArray(page.json) ? page.json.filter(isObject) : undefined,
  )
  const limit = limitOf(observation)
  const kept = (page?: Record<string, unknown>[]): page is Record<string, unknown>[] =>
    page !== undefined && page.length <= limit
  return arrays.every(kept) ? arrays : undefined
}

/** What a walk over every next link shows: each record once, and every record it must hold. */
function judgeWalk(
  observation: Observation,
  pages: Record<string, unknown>[][],
  model: Model,
): Judgement {
  const walk = `the walk from ${requestLine(observation.exchange)}`
  const { walkStopped } = observation
  if (walkStopped)
    return {
      failed: `${walk} ${walkStopped}`,
      expected: 'a last page without a next link',
      actual: walkStopped,
    }
  const items = pages.flat()
  const times = new Map<string, number>()
  for (const { id } of items) times.set(String(id), (times.get(String(id)) ?? 0) + 1)
  for (const [id, count] of times)
    if (count > 1)
      return {
        failed: `${walk} returned todo ${id} ${count} times`,
        expected: 'each record once',
        actual: `${count} times over ${pages.length} pages`,
      }
  const must = (todo: Parameters<typeof matchesFilters>[0]) =>
    matchesFilters(todo, observation.query ?? {})
  return judgeListed(`${walk} over ${pages.length} pages`, items, observation, model, must) ?? held
}

/** What is wrong with where a page's `Link` header sends the walk next, if anything. */
function badLink(observation: Observation, page: HttpResponse): Judgement | undefined {
  const link = page.headers.get('link')
  const target = nextLinkTarget(link)
  if (link === null || target === undefined) return undefined
  const where = requestLine(page.exchange)
  const wanted = 'Link: <URI>; rel="next"'
  const next = URL.parse(target, page.exchange.url)
  if (!next)
    return {
      failed: `${where} announced a next page that is not a URI: ${shown(link)}`,
      expected: wanted,
      actual: link,
    }
  const here = new URL(page.exchange.url)
  if (next.pathname !== here.pathname)
    return {
      failed: `${where} announced a next page on another path: ${next.pathname}`,
      expected: here.pathname,
      actual: next.pathname,
    }
  for (const [name, value] of new URL(observation.exchange.url).searchParams)
    if (name !== 'cursor' && next.searchParams.get(name) !== value)
      return {
        failed: `${where} announced a next page that drops ${name}=${value}`,
        expected: `${name}=${value} kept`,
        actual: next.search,
      }
  return undefined
}

/** todokit's paging, where the contract says "not shown": a capability of its own. */
export const pagingRules: RuleSpec[] = [
  {
    id: 'paging.limit',
    title: 'GET /todos?limit=N answers 200 with at most N records',
    level: 'paging',
    section: '§4 paging (not shown; todokit)',
    readsAlone: true,
    on: { op: ['walk'] },
    judge(observation) {
      const limit = limitOf(observation)
      for (const page of observation.pages ?? []) {
        const where = requestLine(page.exchange)
        if (page.status !== 200 || !Array.isArray(page.json))
          return {
            failed: `${where} answered ${page.status} ${page.statusText}`,
            expected: '200 with a JSON array',
            actual: shown(page.json ?? page.text),
          }
        if (page.json.length > limit)
          return {
            failed: `${where} answered ${page.json.length} records`,
            expected: `at most ${limit}`,
            actual: `${page.json.length}`,
          }
      }
      return observation.pages?.length ? held : { failed: answered(observation) }
    },
  },
  {
    id: 'paging.link',
    title:
      'More records are announced as `Link: <URI>; rel="next"` on the same path, keeping the query',
    level: 'paging',
    section: '§4 paging (not shown; todokit)',
    readsAlone: true,
    on: { op: ['walk'] },
    judge(observation) {
      const pages = observation.pages ?? []
      const unreadable = pages.find(malformedLink)
      if (unreadable) {
        const link = `${unreadable.headers.get('link')}`
        return {
          failed: `${requestLine(unreadable.exchange)} announced its next page as ${shown(link)}`,
          expected: 'Link: <URI>; rel="next"',
          actual: link,
        }
      }
      const [first] = pages
      const limited = limitedPages(observation)
      if (!limited || !first) return undefined
      const total = limited.flat().length
      const limit = limitOf(observation)
      const full = total > limit || (total === limit && observation.query?.limit === '1')
      if (pages.length === 1 && full && first.headers.get('link') === null)
        return { failed: `${requestLine(first.exchange)} answered a full page without a next link` }
      for (const page of pages) {
        const wrong = badLink(observation, page)
        if (wrong) return wrong
      }
      return held
    },
  },
  {
    id: 'paging.walk',
    title:
      'A walk over every next link returns each record once, and every record the query matches',
    level: 'paging',
    section: '§4 paging (not shown; todokit)',
    readsAlone: true,
    on: { op: ['walk'] },
    judge(observation, model) {
      const pages = limitedPages(observation)
      return pages && judgeWalk(observation, pages, model)
    },
  },
  {
    id: 'paging.bad-input',
    title:
      'A limit that is not a positive integer, or a cursor the server did not write, is refused with 400',
    level: 'paging',
    section: '§4 paging (not shown; todokit)',
    readsAlone: true,
    on: { probe: ['bad-paging'] },
    judge: (observation) =>
      observation.response?.status === 400 ? held : unexpected(observation, '400'),
  },
]
