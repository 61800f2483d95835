import { COLLECTION_PATH, nextLinkTarget } from '@todokit/sdk/contract'
import type { HttpClient, HttpResponse } from '../http/client.ts'
import { CheckFailure } from './assert.ts'
import { requestLine } from './expect.ts'

/** One page of a walk: the response and its body's items, read leniently. */
export interface Page {
  response: HttpResponse
  items: unknown[]
}

/** A paged walk over `GET /todos`: its pages, and their items in order. */
export interface Walk {
  pages: Page[]
  items: unknown[]
}

/** Builds the failure a walk reports, so the exploration can report it under its own rule. */
export type WalkFailure = (
  message: string,
  details: { expected?: unknown; actual?: unknown },
) => Error

/** Pages a walk follows at most: far more than any walk of the kit needs, so a walk ends. */
const MAX_PAGES = 2_000

/**
 * Where the `rel="next"` link of `response` leads, resolved against the request's URL, or
 * `undefined` on the last page. A link that does not parse as a URL fails.
 */
export function nextPageUrl(response: HttpResponse, fail: WalkFailure): URL | undefined {
  const target = nextLinkTarget(response.headers.get('link'))
  if (target === undefined) return undefined
  try {
    return new URL(target, response.exchange.url)
  } catch {
    throw fail(`${requestLine(response)} announced a next page that is not a URL: ${target}`, {
      expected: 'Link: <URI>; rel="next"',
      actual: response.headers.get('link'),
    })
  }
}

/**
 * Walks `GET /todos?{query}` page by page, following each `rel="next"` link until a page has
 * none. Every page must answer 200 with a JSON array. A link that leaves the collection (another
 * origin or path) is never followed, and a link seen before fails: the walk would not end.
 *
 * @example
 * const { items } = await walkPages(http, { limit: '2' })
 */
export async function walkPages(
  http: HttpClient,
  query: Record<string, string>,
  fail: WalkFailure = (message, details) => new CheckFailure(message, details),
): Promise<Walk> {
  const collection = `${http.config.baseUrl}${COLLECTION_PATH}`
  const pages: Page[] = []
  const visited = new Set<string>()
  let response = await http.request('GET', COLLECTION_PATH, { query })
  for (;;) {
    if (response.status !== 200 || !Array.isArray(response.json)) {
      throw fail(
        `${requestLine(response)} answered ${response.status} ${response.statusText}, not a page`,
        {
          expected: '200 with a JSON array',
          actual: response.text.slice(0, 200) || '(empty body)',
        },
      )
    }
    pages.push({ response, items: response.json })
    const next = nextPageUrl(response, fail)
    if (next === undefined) break
    const href = next.href
    if (!href.startsWith(`${collection}?`)) {
      throw fail(`${requestLine(response)} announced a next page outside ${COLLECTION_PATH}`, {
        expected: `a URL below ${collection}?…`,
        actual: href,
      })
    }
    if (visited.has(href) || pages.length >= MAX_PAGES) {
      throw fail(`${requestLine(response)} announced a page the walk already read: it never ends`, {
        expected: 'a last page without a next link',
        actual: `page ${pages.length + 1}: ${href}`,
      })
    }
    visited.add(href)
    response = await http.request('GET', href.slice(http.config.baseUrl.length))
  }
  return { pages, items: pages.flatMap((page) => page.items) }
}
