import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ConformanceReport, runConformance } from '../src/index.ts'
import { type RunningJsonServer, startJsonServer } from './json-server.ts'

const DATA = {
  todos: [
    { id: 1, content: 'Water the plants', completed: false },
    { id: 2, content: 'Call the plumber', completed: true },
    { id: 3, content: 'zzz last in content order', completed: false },
    // Ids a probe for "an id nobody holds" might guess: the run must leave these alone too.
    { id: -1, content: 'Negative id', completed: false },
    { id: 0, content: 'Zero id', completed: true },
    // Just below a digit-count boundary: json-server hands out max + 1 = 1000000000 next.
    { id: 999_999_999, content: 'Nine digits', completed: false },
  ],
}

describe('json-server 0.17.4 serving a todos array (a correct third party)', () => {
  let server: RunningJsonServer
  let report: ConformanceReport

  beforeAll(async () => {
    // json-server logs a stack trace for each malformed body it receives; keep the output clean.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    server = await startJsonServer(structuredClone(DATA))
    report = await runConformance({
      baseUrl: server.url,
      capabilities: 'all',
      budget: { requests: 1_000 },
    })
    quiet.mockRestore()
    console.log(
      `json-server: ${report.summary.passed} passed, ${report.summary.failed} failed in ${report.durationMs} ms:`,
      report.checks.filter((c) => c.status === 'failed').map((c) => c.id),
    )
  }, 60_000)
  afterAll(() => server.close())

  it('passes every required check but those about what it stores unvalidated', () => {
    const required = report.checks.filter((check) => check.level === 'required')
    // json-server stores a body as sent: a create without completed, an incomplete PUT and a
    // non-integer id all leave records that are not todos. Real defects, and the only ones.
    expect(required.filter((check) => check.status !== 'passed').map((c) => c.id)).toEqual([
      'create.without-completed',
      'todo.stays-complete',
      'bad-request.non-integer-id',
    ])
  })

  it('fails the sort capability, since json-server sorts with _sort rather than order', () => {
    const sort = report.checks.filter((check) => check.level === 'sort')
    expect(sort.map((check) => check.status)).toEqual(sort.map(() => 'failed'))
    expect(report.ok).toBe(false)
  })

  it('fails the paging capability, since json-server pages with _page and _limit, not limit', () => {
    const paging = report.checks.filter((check) => check.level === 'paging')
    expect(paging.filter((check) => check.status === 'failed').map((check) => check.id)).toEqual(
      expect.arrayContaining(['paging.limit-respected', 'paging.link-well-formed']),
    )
  })

  it('passes filter and search, which json-server implements as the contract says', () => {
    const query = report.checks.filter(
      (check) => check.level === 'filter' || check.level === 'search',
    )
    expect(query.filter((check) => check.status !== 'passed')).toEqual([])
  })

  it('reports the missing input validation as failing recommended checks, not crashes', () => {
    const failed = report.checks.filter((check) => check.status === 'failed')
    const real = ['create.without-completed', 'todo.stays-complete', 'bad-request.non-integer-id']
    expect(
      failed.every(
        (c) =>
          c.level === 'recommended' ||
          c.level === 'sort' ||
          c.level === 'paging' ||
          real.includes(c.id),
      ),
    ).toBe(true)
    expect(failed.map((check) => check.id)).toContain('bad-request.wrong-types')
    for (const check of failed) expect(check.exchanges?.length).toBeGreaterThan(0)
  })

  it('leaves the data exactly as it found it', () => {
    expect(report.residue).toEqual([])
    expect(server.state()).toEqual(DATA)
  })
})
