import { describe, expect, it } from 'vitest'
import { type FetchLike, renderPretty, runConformance } from '../src/index.ts'
import { bodyOf, is, json, rewrite } from './defects.ts'
import { mutants } from './mutants.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

const mutant = (name: string) => mutants.find((m) => m.name === name)!

describe('running against a server that holds real data', () => {
  it('removes what it created when the run is interrupted', async () => {
    const { store, fetch } = referenceApp()
    const controller = new AbortController()
    let requests = 0
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      signal: controller.signal,
      fetch: (request) => {
        if (++requests === 40) controller.abort()
        return fetch(request)
      },
    })
    expect(report.interrupted).toBe(true)
    expect(report).toMatchObject({ ok: false, verdict: 'partial' })
    expect(renderPretty(report)).toMatch(/^PARTIAL .*interrupted/m)
    expect(renderPretty(report)).not.toMatch(/^PASS/m)
    expect(report.checks.some((check) => check.status === 'skipped')).toBe(true)
    expect(report.residue).toEqual([])
    expect([...store]).toEqual([])
  })

  it('reports the records it could not remove', async () => {
    const { store, fetch } = referenceApp()
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: mutant('delete-leaves-record').wrap(fetch),
    })
    expect(report.residue.map((r) => r.id).sort()).toEqual([...store].map((todo) => todo.id).sort())
    expect(report.residue.length).toBeGreaterThan(0)
    for (const residue of report.residue)
      expect(residue.reason).toBe('still listed after its DELETE answered success')
  })

  it('ends promptly and reports residue when DELETE hangs', async () => {
    const { store, fetch } = referenceApp()
    const hangingDelete: FetchLike = (request) =>
      is(request, 'DELETE', 'record') ? new Promise<Response>(() => {}) : fetch(request)
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: hangingDelete,
      timeout: 100,
    })
    expect(report.checks.find((c) => c.id === 'delete.answers-200')?.message).toMatch(
      /Timeout 100 ms: DELETE /,
    )
    expect(report.residue.map((r) => r.id).sort()).toEqual([...store].map((todo) => todo.id).sort())
    expect(report.residue.length).toBeGreaterThan(10)
  })

  it('stops sending only the kind of list that hangs: a search that never answers', async () => {
    const { store, fetch } = referenceApp()
    const hangingSearch: FetchLike = (request) =>
      new URL(request.url).searchParams.has('q') ? new Promise<Response>(() => {}) : fetch(request)
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: hangingSearch,
      timeout: 100,
      capabilities: ['filter', 'search', 'sort'],
    })
    const status = (id: string) => report.checks.find((check) => check.id === id)?.status
    expect(status('search.matches')).toBe('failed')
    for (const id of ['list.answers-array', 'filter.matches', 'sort.ascending'])
      expect(status(id), id).toBe('passed')
    expect(report.cleanup.verified).toBe(true)
    expect([...store]).toEqual([])
  })

  it('removes every record a create stored although it refused it for a long content', async () => {
    const { store, fetch } = referenceApp()
    const storesThenRefuses: FetchLike = async (request) => {
      const body = is(request, 'POST', 'list') ? await bodyOf(request) : undefined
      if (typeof body?.content !== 'string' || body.content.length <= 50) return fetch(request)
      await fetch(rewrite(request, { body }))
      return json({ title: 'Unprocessable Content', detail: 'content is too long' }, 422)
    }
    const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch: storesThenRefuses })
    expect(report.checks.find((c) => c.id === 'write.refused-no-trace')?.status).toBe('failed')
    expect([...store]).toEqual([])
  })

  it('removes a record whose create timed out after the server stored it', async () => {
    const { store, fetch } = referenceApp()
    const slowCreates: FetchLike = async (request) => {
      const response = await fetch(request)
      return is(request, 'POST', 'list') ? new Promise<Response>(() => {}) : response
    }
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: slowCreates,
      timeout: 100,
      budget: { requests: 20 },
    })
    expect(report.checks.find((c) => c.id === 'create.answers-stored')?.message).toMatch(
      /no answer/,
    )
    expect(report.ok).toBe(false)
    expect([...store]).toEqual([])
  })

  it('removes what it made where creates answer without an id, and names each record it could not prove its own', async () => {
    const { store, fetch } = referenceApp()
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      async fetch(request) {
        const sent = is(request, 'POST', 'list') ? await bodyOf(request) : undefined
        const response = await fetch(request)
        // The create's answer is the request, as a handler that returns its input does.
        return sent && response.ok ? json(sent, response.status) : response
      },
    })
    const left = [...store]
    expect(left.filter(({ content }) => content.includes(report.marker))).toEqual([])
    expect(left.length).toBeGreaterThan(0)
    const named = new Map(report.residue.map(({ id, reason }) => [String(id), reason]))
    for (const { id } of left) expect(named.get(String(id))).toMatch(/named no id/)
  })

  it('never deletes a record it did not create, even at an id it proposed', async () => {
    const { store, fetch } = referenceApp()
    const foreign = { content: 'Not the kit’s', completed: false }
    // The proposed id turns out to be taken by someone else, and the server answers 500.
    const collides: FetchLike = async (request) => {
      if (!is(request, 'POST', 'list')) return fetch(request)
      const { id } = (await bodyOf(request)) ?? {}
      await fetch(rewrite(request, { body: { ...foreign, id } }))
      return json({ error: 'duplicate id' }, 500)
    }
    await runConformance({ baseUrl: IN_PROCESS_URL, fetch: collides, budget: { requests: 50 } })
    expect([...store].length).toBeGreaterThan(0)
    for (const todo of [...store]) expect(todo).toMatchObject(foreign)
  })

  it('follows a server that ignores the ids it proposes, and uses the ids the server returns', async () => {
    const { store, fetch } = referenceApp()
    const proposed: number[] = []
    const server: FetchLike = async (request) => {
      if (!is(request, 'POST', 'list')) return fetch(request)
      const { id, ...rest } = (await bodyOf(request)) ?? {}
      if (typeof id === 'number') proposed.push(id)
      return fetch(rewrite(request, { body: rest }))
    }
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: server,
      capabilities: 'all',
    })
    expect(report.checks.filter((c) => c.status === 'failed')).toEqual([])
    expect(report.observed.clientIds).toBe('ignored')
    expect(proposed.length).toBeGreaterThan(0)
    expect([...store]).toEqual([])
  })

  it('stops sending after the first counted failure with bail, and still cleans up', async () => {
    const { fetch } = referenceApp()
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: mutant('list-not-an-array').wrap(fetch),
      bail: true,
      concurrency: 1,
    })
    const whole = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: mutant('list-not-an-array').wrap(referenceApp().fetch),
    })
    expect(report.checks.find((check) => check.id === 'list.answers-array')?.status).toBe('failed')
    expect(report.requests).toBeLessThan(whole.requests / 4)
  })
})
