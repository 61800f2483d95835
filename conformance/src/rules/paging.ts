import { nextLinkTarget } from '@todokit/sdk/contract'
import type { Model, OwnRecord } from '../model/model.ts'
import { matchesFilters } from './queries.ts'
import {
  answered,
  fail,
  held,
  isObject,
  type Judgement,
  type Observation,
  type Rule,
  requestLine,
  shown,
  unexpected,
} from './rule.ts'

/** A walk's pages as arrays, or `undefined` when a page was not one (judged by `paging.limit`). */
function pagesOf(observation: Observation): Record<string, unknown>[][] | undefined {
  const pages = observation.pages ?? []
  if (pages.length === 0 || pages.some((page) => page.status !== 200 || !Array.isArray(page.json)))
    return undefined
  return pages.map((page) => (Array.isArray(page.json) ? page.json.filter(isObject) : []))
}

const limitOf = (observation: Observation) => Number(observation.query?.limit)

/** A `Link` header that speaks of a next page but does not parse as RFC 8288 says. */
const malformedLink = (page: { headers: Headers }) => {
  const link = page.headers.get('link')
  return link !== null && /next/i.test(link) && nextLinkTarget(link) === undefined
}

/**
 * Whether the walk's pages kept to the limit and announced their next pages readably, so what
 * the walk shows is the paging's doing.
 */
const limited = (observation: Observation) =>
  pagesOf(observation)?.every((page) => page.length <= limitOf(observation)) === true &&
  !(observation.pages ?? []).some(malformedLink)

function judgeWalk(observation: Observation, model: Model): Judgement {
  const pages = pagesOf(observation) ?? []
  const walk = `the walk from ${requestLine(observation.exchange)}`
  if (observation.walkStopped)
    return fail(
      `${walk} ${observation.walkStopped}`,
      'a last page without a next link',
      observation.walkStopped,
    )
  const seen = new Map<string, number>()
  for (const item of pages.flat()) seen.set(String(item.id), (seen.get(String(item.id)) ?? 0) + 1)
  for (const [id, times] of seen)
    if (times > 1)
      return fail(
        `${walk} returned todo ${id} ${times} times`,
        'each record once',
        `${times} times over ${pages.length} pages`,
      )
  // A record a probe left blamed was charged to that probe's rule, once.
  const untouched = (record: OwnRecord) => !observation.touched?.has(record.key) && !record.blame
  for (const record of model.settled().filter(untouched)) {
    if (
      matchesFilters(record.expected, observation.query ?? {}) &&
      !seen.has(String(record.expected.id))
    )
      return fail(
        `${walk} over ${pages.length} pages never returned todo ${shown(record.expected.id)}`,
        shown(record.expected),
        'missing from every page',
      )
  }
  const contents = new Map(pages.flat().map((item) => [String(item.id), item.content]))
  for (const record of model.deleted().filter(untouched)) {
    if (contents.get(String(record.expected.id)) === record.expected.content)
      return fail(
        `${walk} returned todo ${shown(record.expected.id)}, deleted before it began`,
        'no deleted record',
        shown(record.expected),
      )
  }
  return held
}

/** todokit's paging, where the contract says "not shown": a capability of its own. */
export const pagingRules: Rule[] = [
  {
    id: 'paging.limit',
    title: 'GET /todos?limit=N answers 200 with at most N records',
    level: 'paging',
    section: '§4 paging (not shown; todokit)',
    judge(observation) {
      if (observation.op !== 'walk') return undefined
      const limit = limitOf(observation)
      for (const page of observation.pages ?? []) {
        const where = requestLine(page.exchange)
        if (page.status !== 200 || !Array.isArray(page.json))
          return fail(
            `${where} answered ${page.status} ${page.statusText}`,
            '200 with a JSON array',
            shown(page.json ?? page.text),
          )
        if (page.json.length > limit)
          return fail(
            `${where} answered ${page.json.length} records`,
            `at most ${limit}`,
            `${page.json.length}`,
          )
      }
      return observation.pages?.length ? held : fail(answered(observation))
    },
  },
  {
    id: 'paging.link',
    title:
      'More records are announced as `Link: <URI>; rel="next"` on the same path, keeping the query',
    level: 'paging',
    section: '§4 paging (not shown; todokit)',
    judge(observation) {
      if (observation.op !== 'walk') return undefined
      const pages = observation.pages ?? []
      const wanted = 'Link: <URI>; rel="next"'
      const unreadable = pages.find(malformedLink)
      if (unreadable) {
        const link = `${unreadable.headers.get('link')}`
        return fail(
          `${requestLine(unreadable.exchange)} announced its next page as ${shown(link)}`,
          wanted,
          link,
        )
      }
      const first = pages[0]
      if (!limited(observation) || !first) return undefined
      const total = (pagesOf(observation) ?? []).flat().length
      const limit = limitOf(observation)
      if (pages.length === 1 && total >= limit && first.headers.get('link') === null)
        if (observation.query?.limit === '1' || total > limit)
          return fail(`${requestLine(first.exchange)} answered a full page without a next link`)
      for (const page of pages) {
        const link = page.headers.get('link')
        const target = nextLinkTarget(link)
        if (link === null || target === undefined) continue
        const where = requestLine(page.exchange)
        const next = URL.parse(target, page.exchange.url)
        if (!next)
          return fail(
            `${where} announced a next page that is not a URI: ${shown(link)}`,
            wanted,
            link,
          )
        const here = new URL(page.exchange.url)
        if (next.pathname !== here.pathname)
          return fail(
            `${where} announced a next page on another path: ${next.pathname}`,
            here.pathname,
            next.pathname,
          )
        for (const [name, value] of new URL(observation.exchange.url).searchParams)
          if (name !== 'cursor' && next.searchParams.get(name) !== value)
            return fail(
              `${where} announced a next page that drops ${name}=${value}`,
              `${name}=${value} kept`,
              next.search,
            )
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
    judge: (observation, model) =>
      observation.op === 'walk' && limited(observation) ? judgeWalk(observation, model) : undefined,
  },
  {
    id: 'paging.bad-input',
    title:
      'A limit that is not a positive integer, or a cursor the server did not write, is refused with 400',
    level: 'paging',
    section: '§4 paging (not shown; todokit)',
    judge: (observation) =>
      observation.probe !== 'bad-paging'
        ? undefined
        : observation.response?.status === 400
          ? held
          : unexpected(observation, '400'),
  },
]
