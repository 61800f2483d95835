import { describe, expect, it } from 'vitest'
import { type ConformanceReport, runConformance } from '../src/index.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'
import { type StoredRecord, variantServer } from './variant-server.ts'

const FOREIGN: StoredRecord[] = [
  { id: 1, content: 'Water the plants', completed: false },
  { id: 2, content: 'Call the plumber', completed: true },
]

const failed = (report: ConformanceReport) =>
  report.checks.filter((check) => check.status === 'failed')

const run = (fetch: ReturnType<typeof variantServer>['fetch'], capabilities: 'all' | 'query') =>
  runConformance({
    baseUrl: IN_PROCESS_URL,
    fetch,
    capabilities: capabilities === 'all' ? 'all' : ['filter', 'search', 'sort'],
    strict: true,
    budget: { requests: 400 },
  })

describe('paging, a capability reported apart', () => {
  it('passes a server of its own paging make, whose Link is relative to the request', async () => {
    const server = variantServer({ seed: FOREIGN, pagingLink: 'relative' })
    const report = await run(server.fetch, 'all')
    expect(failed(report).map((check) => `${check.id}: ${check.message}`)).toEqual([])
    expect(report.checks.filter((c) => c.level === 'paging' && c.status !== 'passed')).toEqual([])
    expect(server.records()).toEqual(FOREIGN)
  })

  it.each([
    ['refuses client ids', { clientIds: 'reject' }],
    ['ignores client ids', { clientIds: 'ignore' }],
  ] as const)('decides every paging check on a server that %s', async (_name, options) => {
    const server = variantServer({ seed: FOREIGN, ...options })
    const report = await run(server.fetch, 'all')
    const paging = report.checks.filter((check) => check.level === 'paging')
    expect(paging.filter((check) => check.status !== 'passed')).toEqual([])
    expect(server.records()).toEqual(FOREIGN)
  })

  it.each([
    ['ignores limit and cursor', 'ignored'],
    ['refuses limit and cursor as unknown parameters', 'refused'],
  ] as const)('passes a server without paging that %s, paging unclaimed', async (_name, paging) => {
    const server = variantServer({ seed: FOREIGN, paging })
    const report = await run(server.fetch, 'query')
    expect(report.ok).toBe(true)
    expect(report.verdict).toBe('pass')
    const failures = failed(report)
    // What claiming paging would take, shown as information and never counted.
    expect(failures.length).toBeGreaterThan(0)
    expect(failures.map((check) => [check.level, check.counted])).toEqual(
      failures.map(() => ['paging', false]),
    )
    expect(server.records()).toEqual(FOREIGN)
  })

  it('follows a next link outside the base URL as written, and charges it to paging.link', async () => {
    // Mounted below /api, the server announces its next pages by a path without the prefix.
    const { fetch } = referenceApp()
    const report = await runConformance({
      baseUrl: `${IN_PROCESS_URL}/api`,
      fetch: async (request) => {
        const response = await fetch(new Request(request.url.replace('/api/', '/'), request))
        const link = response.headers.get('link')
        if (link) response.headers.set('link', link.replace('<?', '</todos?'))
        return response
      },
      capabilities: 'all',
      budget: { requests: 100 },
    })
    const link = report.checks.find((check) => check.id === 'paging.link')
    expect(link?.message).toMatch(/announced a next page on another path: \/todos$/)
    expect(failed(report).map((check) => check.id)).not.toContain('paging.limit')
  })

  /** The reference server, with each answer's `Link` header rewritten by `relink`. */
  const relinked = (relink: (link: string, url: URL) => string | undefined) => {
    const { fetch } = referenceApp()
    return runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: async (request) => {
        const response = await fetch(request)
        const link = response.headers.get('link')
        const next = link === null ? undefined : relink(link, new URL(request.url))
        if (next === undefined) response.headers.delete('link')
        else response.headers.set('link', next)
        return response
      },
      capabilities: 'all',
      budget: { requests: 100 },
    })
  }

  it('charges a walk whose next link leads back to a page it read to paging.walk alone', async () => {
    const report = await relinked((_, url) => {
      url.searchParams.delete('cursor')
      return `<${url}>; rel="next"`
    })
    const walk = report.checks.find((check) => check.id === 'paging.walk')
    expect(walk?.message).toMatch(/^the walk from GET \/todos\?limit=\S+ repeats a next link it/)
    expect(failed(report).map((check) => check.id)).toEqual(['paging.walk'])
  })

  it('charges a walk that ends on a full page, records still to come, to paging.link alone', async () => {
    const report = await relinked(() => undefined)
    const link = report.checks.find((check) => check.id === 'paging.link')
    expect(link?.message).toMatch(
      /^GET \/todos\?limit=\S+ answered a full page without a next link$/,
    )
    expect(link?.actual).toMatch(/^no next link, and \d+ records of the run not yet listed$/)
    expect(failed(report).map((check) => check.id)).toEqual(['paging.link'])
  })

  it('fails only paging checks of a server that ignores limit and claims everything', async () => {
    const server = variantServer({ seed: FOREIGN, paging: 'ignored' })
    const report = await run(server.fetch, 'all')
    expect(report.ok).toBe(false)
    expect(new Set(failed(report).map((check) => check.level))).toEqual(new Set(['paging']))
    expect(failed(report).map((check) => check.id)).toEqual(
      expect.arrayContaining(['paging.limit', 'paging.bad-input']),
    )
    expect(report.hints).toEqual([
      expect.stringMatching(/^Only paging failed\. Paging .* is todokit’s extension/),
      expect.stringMatching(/^Records not the run’s were on the server/),
    ])
  })
})
