import { describe, expect, it } from 'vitest'
import {
  type ConformanceReport,
  type FetchLike,
  renderJunit,
  renderPretty,
  runConformance,
} from '../src/index.ts'
import { bodyOf, editJson, get, is, rewrite, withQuery } from './defects.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

/**
 * Defects no scenario was written for, each in front of the reference server: the rules must
 * find them in the traffic of the scenarios and the random sequences alone.
 */
const DEFECTS: Array<{
  name: string
  level: string
  rule: RegExp
  wrap: (inner: FetchLike) => FetchLike
}> = [
  {
    name: 'order=id compares ids as text',
    level: 'sort',
    rule: /^sort\.ascending$/,
    wrap: (inner) => async (request) => {
      const order = new URL(request.url).searchParams.get('order') ?? ''
      if (!is(request, 'GET', 'list') || !/^-?id$/.test(order)) return inner(request)
      const sign = order.startsWith('-') ? -1 : 1
      return editJson(await inner(request), (body) =>
        (body as Array<{ id: number }>).sort(
          (a, b) => sign * String(a.id).localeCompare(String(b.id)),
        ),
      )
    },
  },
  {
    name: 'PATCH {completed: false} is ignored',
    level: 'required',
    rule: /^patch\.answers-updated$/,
    wrap: (inner) => async (request) => {
      if (!is(request, 'PATCH', 'record')) return inner(request)
      const { completed, ...rest } = (await bodyOf(request)) ?? {}
      if (completed !== false) return inner(request)
      return Object.keys(rest).length > 0
        ? inner(rewrite(request, { body: rest }))
        : get(inner, request, new URL(request.url).pathname)
    },
  },
  {
    name: '?completed=false is ignored',
    level: 'filter',
    rule: /^filter\.matches$/,
    wrap: (inner) => (request) =>
      is(request, 'GET', 'list') && new URL(request.url).searchParams.get('completed') === 'false'
        ? inner(withQuery(request, (query) => query.delete('completed')))
        : inner(request),
  },
  {
    name: 'order with several keys uses only the first',
    level: 'sort-extended',
    rule: /^sort\.descending-and-keys$/,
    wrap: (inner) => (request) => {
      const order = new URL(request.url).searchParams.get('order')
      return is(request, 'GET', 'list') && order?.includes(',')
        ? inner(withQuery(request, (query) => query.set('order', order.split(',')[0]!)))
        : inner(request)
    },
  },
  {
    name: 'content is stored trimmed',
    level: 'recommended',
    rule: /^content\.edge-whitespace$/,
    wrap: (inner) => async (request) => {
      if (!['POST', 'PUT', 'PATCH'].includes(request.method)) return inner(request)
      const body = await bodyOf(request)
      if (typeof body?.content !== 'string') return inner(request)
      return inner(rewrite(request, { body: { ...body, content: body.content.trim() } }))
    },
  },
  {
    name: 'q matches only at the start of the content',
    level: 'search',
    rule: /^search\.matches$/,
    wrap: (inner) => async (request) => {
      const q = new URL(request.url).searchParams.get('q')
      if (!is(request, 'GET', 'list') || q === null) return inner(request)
      return editJson(await inner(request), (body) =>
        (body as Array<{ content: string }>).filter((todo) =>
          todo.content.toLowerCase().startsWith(q.toLowerCase()),
        ),
      )
    },
  },
  {
    name: 'pages of 3 or more leave out their last record when another page follows',
    level: 'paging',
    rule: /^paging\.walk$/,
    wrap: (inner) => async (request) => {
      const limit = Number(new URL(request.url).searchParams.get('limit'))
      const response = await inner(request)
      if (!is(request, 'GET', 'list') || limit < 3 || !response.headers.has('link')) {
        return response
      }
      return editJson(response, (body) => (body as unknown[]).slice(0, -1))
    },
  },
]

async function explore(
  wrap: (inner: FetchLike) => FetchLike,
  seed = 42,
): Promise<ConformanceReport> {
  const { fetch } = referenceApp()
  return runConformance({ baseUrl: IN_PROCESS_URL, fetch: wrap(fetch), capabilities: 'all', seed })
}

describe('the rules over every exchange', () => {
  it.each(DEFECTS)('find a defect no scenario was written for: $name', async (defect) => {
    const report = await explore(defect.wrap)
    const found = report.checks.filter((c) => c.status === 'failed')
    const finding = found.find((c) => defect.rule.test(c.id))
    expect(finding, found.map((c) => `${c.id}: ${c.message}`).join('\n')).toBeDefined()
    expect(finding?.level).toBe(defect.level)
    expect(finding?.exchanges?.length).toBeGreaterThan(0)
  })

  it('shows the exploration in every reporter: its seed, its size, its list queries', async () => {
    const report = await explore(DEFECTS[0]!.wrap)
    expect(renderPretty(report)).toMatch(
      /^Exploration \(seed 42, budget 800 requests\): \d+ operations in \d+ random sequences, \d+ of them list queries, \d+ requests\. Replay with --seed 42\./m,
    )
    expect(renderJunit(report)).toContain('<property name="exploration.seed" value="42"/>')
    expect(report.exploration).toMatchObject({ seed: 42, budget: '800 requests' })
    // Lists in proportion: a good share of what the exploration sends queries the list.
    expect(report.exploration.listQueries).toBeGreaterThan(report.exploration.operations / 4)
  })

  it('replays the same sequences from the same seed', async () => {
    const outline = (report: ConformanceReport) => ({
      exploration: report.exploration,
      failed: report.checks
        .filter((c) => c.status === 'failed')
        .map((c) => `${c.id}: ${c.message?.replace(/\d{4,}|tk\w{6}/g, 'X')}`),
    })
    const first = await explore(DEFECTS[3]!.wrap, 7)
    const again = await explore(DEFECTS[3]!.wrap, 7)
    expect(outline(again)).toEqual(outline(first))
    const other = await explore(DEFECTS[3]!.wrap, 8)
    expect(other.exploration.listQueries).not.toBe(first.exploration.listQueries)
  })

  it('stays within a budget given in requests, and stops at one given in seconds', async () => {
    const { fetch } = referenceApp()
    const small = await runConformance({ baseUrl: IN_PROCESS_URL, fetch, budget: '200' })
    expect(small.exploration.budget).toBe('200 requests')
    // A step in progress may finish: a create that lists to find its record, or a paged walk.
    expect(small.exploration.requests).toBeLessThan(200 + 20)
    const timed = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 2))
        return referenceApp().fetch(request)
      },
      budget: '0.3s',
    })
    expect(timed.exploration.budget).toBe('0.3 s')
    expect(timed.exploration.requests).toBeLessThan(200)
  })
})
