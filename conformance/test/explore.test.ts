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
 * Defects no check of the catalogue was written for, each in front of the reference server:
 * the exploration must find them from the contract's model alone.
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
    rule: /Query conventions: Sort/,
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
    rule: /PATCH \/todos\/\{id\}/,
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
    rule: /Query conventions: Filter/,
    wrap: (inner) => (request) =>
      is(request, 'GET', 'list') && new URL(request.url).searchParams.get('completed') === 'false'
        ? inner(withQuery(request, (query) => query.delete('completed')))
        : inner(request),
  },
  {
    name: 'order with several keys uses only the first',
    level: 'sort',
    rule: /Query conventions: Sort/,
    wrap: (inner) => (request) => {
      const order = new URL(request.url).searchParams.get('order')
      return is(request, 'GET', 'list') && order?.includes(',')
        ? inner(withQuery(request, (query) => query.set('order', order.split(',')[0]!)))
        : inner(request)
    },
  },
  {
    name: 'content is stored trimmed',
    level: 'required',
    rule: /POST \/todos|PUT|PATCH/,
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
    rule: /Query conventions: Search/,
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
    rule: /paging .*every record once/,
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
  return runConformance({
    baseUrl: IN_PROCESS_URL,
    fetch: wrap(fetch),
    capabilities: 'all',
    seed,
    only: ['explore.*'],
  })
}

describe('the exploration', () => {
  it.each(DEFECTS)('finds a defect no check was written for: $name', async (defect) => {
    const report = await explore(defect.wrap)
    const found = report.checks.filter((c) => c.status === 'failed')
    expect(
      found.map((c) => c.level),
      found.map((c) => c.message).join('\n'),
    ).toContain(defect.level)
    const finding = found.find((c) => c.level === defect.level)!
    expect(finding.rule).toMatch(defect.rule)
    expect(finding.message).toMatch(
      /Shortest sequence found: .+\(replay: --seed 42 with the same --budget\)/,
    )
    expect(finding.exchanges?.length).toBeGreaterThan(0)
  })

  it('shows a finding by its rule and level in every reporter, with numbered curl lines', async () => {
    const report = await explore(DEFECTS[0]!.wrap)
    const finding = report.checks.find((c) => c.id === 'explore.sort')!
    expect(finding).toMatchObject({ status: 'failed', level: 'sort', counted: true })
    const pretty = renderPretty(report)
    expect(pretty).toMatch(/✗ explore\.sort .*\n\s+rule: +§4 Query conventions: Sort/)
    expect(pretty).toMatch(/\n\s+1\. (GET|POST) http:\/\/todokit\.test\/todos/)
    expect(pretty).toMatch(/curl -i -X GET 'http:\/\/todokit\.test\/todos\?order=-?id'/)
    expect(pretty).toMatch(
      /^Exploration \(seed 42, budget 4000 requests\): \d+ operations in \d+ random sequences, \d+ query combinations/m,
    )
    const junit = renderJunit(report)
    expect(junit).toMatch(/<testsuite name="capability sort"[^>]*failures="1"/)
    expect(junit).toMatch(
      /<failure message="GET \/todos\?order=-?id answered 200 OK: records out of order/,
    )
    expect(junit).toContain('<property name="exploration.seed" value="42"/>')
    const json = JSON.parse(JSON.stringify(report))
    expect(json.exploration).toMatchObject({ seed: 42, budget: '4000 requests' })
    expect(json.exploration.kinds.map((k: { kind: string }) => k.kind).sort()).toEqual([
      'filter',
      'operations',
      'paging',
      'search',
      'sort',
    ])
  })

  it('replays the same sequence from the same seed', async () => {
    const first = await explore(DEFECTS[3]!.wrap, 7)
    const again = await explore(DEFECTS[3]!.wrap, 7)
    const sequence = (report: ConformanceReport) =>
      report.checks.find((c) => c.id === 'explore.sort')?.message?.replace(/\d{6,}/g, 'ID')
    expect(sequence(first)).toBeDefined()
    expect(sequence(again)).toBe(sequence(first))
  })

  it('stays within a budget given in requests, and stops at one given in seconds', async () => {
    const { fetch } = referenceApp()
    let requests = 0
    const counting: FetchLike = (request) => {
      requests++
      return fetch(request)
    }
    const small = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: counting,
      only: ['explore.*'],
      budget: '200',
    })
    expect(small.exploration.budget).toBe('200 requests')
    // Each kind stops once its share is spent; a run in progress may finish its last command.
    expect(requests).toBeLessThan(200 + 4 * 20)
    // A server that takes 20 ms a request: 0.3 s leaves room for about 15 requests, where the
    // default request budget would allow 4,000.
    let timedRequests = 0
    const timed = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: async (request) => {
        timedRequests++
        await new Promise((resolve) => setTimeout(resolve, 20))
        return fetch(request)
      },
      only: ['explore.*'],
      budget: '0.3s',
    })
    expect(timed.exploration.budget).toBe('0.3 s')
    expect(timedRequests).toBeLessThan(200)
  })

  it('explores creates with server-assigned ids, and ids on both sides of a digit-count boundary', async () => {
    const { fetch } = referenceApp()
    const posted: Array<number | undefined> = []
    const freeBeforePost = new Set<number>()
    const proposedWithoutProof: number[] = []
    const watching: FetchLike = async (request) => {
      if (is(request, 'POST', 'list')) {
        const id = (await bodyOf(request))?.id as number | undefined
        posted.push(id)
        if (id !== undefined && !freeBeforePost.has(id)) proposedWithoutProof.push(id)
      }
      const response = await fetch(request)
      if (is(request, 'GET', 'record') && response.status === 404) {
        freeBeforePost.add(Number(new URL(request.url).pathname.split('/').pop()))
      }
      return response
    }
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: watching,
      only: ['explore.operations'],
    })
    expect(report.checks.find((c) => c.id === 'explore.operations')?.status).toBe('passed')
    expect(posted.filter((id) => id === undefined).length).toBeGreaterThan(10)
    expect(posted.some((id) => id !== undefined && id < 1_000_000_000)).toBe(true)
    expect(posted.some((id) => id !== undefined && id >= 1_000_000_000)).toBe(true)
    // Beside the boundary of the server's own ids too (they start at 1 here), each proven free.
    expect(posted.some((id) => id !== undefined && id < 1_000)).toBe(true)
    expect(proposedWithoutProof).toEqual([])
  })
})
