import { nextLinkTarget } from '@todokit/sdk/contract'
import type { Model } from '../model/model.ts'
import {
  answered,
  held,
  isObject,
  type Judgement,
  type Observation,
  type Rule,
  requestLine,
  shown,
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
  if (observation.walkStopped)
    return {
      failed: `the walk from ${requestLine(observation.exchange)} ${observation.walkStopped}`,
      expected: 'a last page without a next link',
      actual: observation.walkStopped,
    }
  const seen = new Map<string, number>()
  for (const item of pages.flat()) seen.set(String(item.id), (seen.get(String(item.id)) ?? 0) + 1)
  for (const [id, times] of seen) {
    if (times > 1)
      return {
        failed: `the walk from ${requestLine(observation.exchange)} returned todo ${id} ${times} times`,
        expected: 'each record once',
        actual: `${times} times over ${pages.length} pages`,
      }
  }
  const query = observation.query ?? {}
  for (const record of model.settled()) {
    if (observation.touched?.has(record.key)) continue
    const matches = ['id', 'content', 'completed'].every(
      (field) =>
        query[field as 'id'] === undefined ||
        String(record.expected[field as 'id']) === query[field as 'id'],
    )
    if (matches && !seen.has(String(record.expected.id))) {
      return {
        failed: `the walk from ${requestLine(observation.exchange)} over ${pages.length} pages never returned todo ${shown(record.expected.id)}`,
        expected: shown(record.expected),
        actual: 'missing from every page',
      }
    }
  }
  const contents = new Map(pages.flat().map((item) => [String(item.id), item.content]))
  for (const record of model.deleted()) {
    if (
      !observation.touched?.has(record.key) &&
      contents.get(String(record.expected.id)) === record.expected.content
    ) {
      return {
        failed: `the walk from ${requestLine(observation.exchange)} returned todo ${shown(record.expected.id)}, deleted before it began`,
        expected: 'no deleted record',
        actual: shown(record.expected),
      }
    }
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
        if (page.status !== 200 || !Array.isArray(page.json))
          return {
            failed: `${requestLine(page.exchange)} answered ${page.status} ${page.statusText}`,
            expected: '200 with a JSON array',
            actual: shown(page.json ?? page.text),
          }
        if (page.json.length > limit)
          return {
            failed: `${requestLine(page.exchange)} answered ${page.json.length} records`,
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
    judge(observation) {
      if (observation.op !== 'walk') return undefined
      const pages = observation.pages ?? []
      const unreadable = pages.find(malformedLink)
      if (unreadable)
        return {
          failed: `${requestLine(unreadable.exchange)} announced its next page as ${shown(unreadable.headers.get('link'))}`,
          expected: 'Link: <URI>; rel="next"',
          actual: `${unreadable.headers.get('link')}`,
        }
      if (!limited(observation)) return undefined
      const first = pages[0]
      if (!first) return undefined
      const total = (pagesOf(observation) ?? []).flat().length
      if (
        pages.length === 1 &&
        total >= limitOf(observation) &&
        first.headers.get('link') === null &&
        (observation.query?.limit === '1' || total > limitOf(observation))
      ) {
        return { failed: `${requestLine(first.exchange)} answered a full page without a next link` }
      }
      for (const page of pages) {
        const link = page.headers.get('link')
        if (link === null) continue
        const target = nextLinkTarget(link)
        if (target === undefined) continue
        let next: URL
        try {
          next = new URL(target, page.exchange.url)
        } catch {
          return {
            failed: `${requestLine(page.exchange)} announced a next page that is not a URI: ${shown(link)}`,
            expected: 'Link: <URI>; rel="next"',
            actual: link,
          }
        }
        const here = new URL(page.exchange.url)
        if (next.pathname !== here.pathname)
          return {
            failed: `${requestLine(page.exchange)} announced a next page on another path: ${next.pathname}`,
            expected: here.pathname,
            actual: next.pathname,
          }
        for (const [name, value] of new URL(observation.exchange.url).searchParams) {
          if (name !== 'cursor' && next.searchParams.get(name) !== value)
            return {
              failed: `${requestLine(page.exchange)} announced a next page that drops ${name}=${value}`,
              expected: `${name}=${value} kept`,
              actual: next.search,
            }
        }
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
    judge(observation) {
      if (observation.probe !== 'bad-paging') return undefined
      return observation.response?.status === 400
        ? held
        : {
            failed: answered(observation),
            expected: '400',
            actual: `${observation.response?.status ?? observation.error}`,
          }
    },
  },
]
