import { describe, expect, it } from 'vitest'
import { type FetchLike, runConformance } from '../src/index.ts'
import { is, json } from './defects.ts'
import { type IdReuse, idReusingServer } from './id-reusing-server.ts'
import { IN_PROCESS_URL } from './servers.ts'

const POLICIES: IdReuse[] = ['highest-plus-one', 'lowest-free']
const RUNS = 5

describe.each(POLICIES)('a correct server that reuses ids (%s)', (reuse) => {
  it('passes every required check, run after run', async () => {
    for (let run = 0; run < RUNS; run++) {
      const server = idReusingServer(reuse)
      const report = await runConformance({
        baseUrl: IN_PROCESS_URL,
        fetch: server.fetch,
        budget: { requests: 200 },
      })
      const required = report.checks.filter((check) => check.level === 'required')
      expect(
        required.filter((c) => c.status !== 'passed').map((c) => `${c.id}: ${c.message}`),
      ).toEqual([])
      expect(report.residue).toEqual([])
      expect(server.list()).toEqual([])
    }
  })

  it('never deletes a record another client created at an id the run freed', async () => {
    for (let run = 0; run < RUNS; run++) {
      const server = idReusingServer(reuse, { foreignWriter: true })
      const report = await runConformance({
        baseUrl: IN_PROCESS_URL,
        fetch: server.fetch,
        capabilities: 'all',
        strict: true,
        budget: { requests: 200 },
      })
      expect(server.foreign.length).toBeGreaterThan(5)
      expect(server.list()).toEqual(expect.arrayContaining(server.foreign))
      expect(server.list().length).toBe(server.foreign.length)
      expect(report.residue).toEqual([])
      // The freed id may hold the foreign record: its 200 is then no stale read, and no second
      // DELETE is sent.
      expect(report.checks.find((c) => c.id === 'ids.unknown-404')?.status).not.toBe('failed')
    }
  })

  it('never deletes a record another client created after a DELETE that answered 500', async () => {
    const server = idReusingServer(reuse, { foreignWriter: true })
    // The server deletes the record, then reports a failure: the kit cannot tell it is gone.
    const fetch: FetchLike = async (request) => {
      const response = await server.fetch(request)
      return is(request, 'DELETE', 'record') && response.ok
        ? json({ title: 'oops' }, 500)
        : response
    }
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch,
      budget: { requests: 200 },
    })
    expect(report.checks.find((c) => c.id === 'delete.answers-200')?.status).toBe('failed')
    expect(server.foreign.length).toBeGreaterThan(5)
    expect(server.list()).toEqual(expect.arrayContaining(server.foreign))
    expect(server.list()).toHaveLength(server.foreign.length)
  })
})
