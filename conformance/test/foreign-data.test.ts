import { describe, expect, it } from 'vitest'
import { type FetchLike, renderPretty, runConformance } from '../src/index.ts'
import { is, json, pathId } from './defects.ts'
import { IN_PROCESS_URL } from './servers.ts'
import { type StoredRecord, type VariantOptions, variantServer } from './variant-server.ts'

/** Someone else's records, at the ids a counter that ignores existing records hands out next. */
const FOREIGN: StoredRecord[] = [
  { id: 1, content: 'Water the plants', completed: false },
  { id: 2, content: 'Call the plumber', completed: true },
  { id: 3, content: 'Pay rent', completed: false },
]

/** Every request a run sends, so a test can say which ids it wrote to. */
function watched(inner: FetchLike) {
  const writes: string[] = []
  const fetch: FetchLike = (request) => {
    if (['PUT', 'PATCH', 'DELETE'].includes(request.method)) {
      writes.push(`${request.method} ${new URL(request.url).pathname}`)
    }
    return inner(request)
  }
  return { fetch, writes }
}

function foreignUntouched(records: readonly StoredRecord[], except: number[] = []) {
  for (const record of FOREIGN.filter((r) => !except.includes(r.id as number))) {
    expect(records, `foreign record ${String(record.id)}`).toContainEqual(record)
  }
}

async function run(options: VariantOptions, extra: { timeout?: number } = {}) {
  const server = variantServer({ seed: FOREIGN, ...options })
  const watch = watched(server.fetch)
  const report = await runConformance({
    baseUrl: IN_PROCESS_URL,
    fetch: watch.fetch,
    capabilities: 'all',
    strict: true,
    ...extra,
  })
  return { server, report, writes: watch.writes }
}

describe('a run on a server that holds other people’s records', () => {
  it('never deletes a record at an id a lax server handed out twice', async () => {
    // The server accepts anything and hands out ids from a counter that ignores existing
    // records: a create without an id gets id 1, which is already someone else's.
    const { server, report, writes } = await run({
      lax: true,
      assignIds: 'counter',
      duplicateIds: 'add',
    })
    foreignUntouched(server.records())
    for (const id of [1, 2, 3]) expect(writes).not.toContain(`DELETE /todos/${id}`)
    const distinct = report.checks.find((c) => c.id === 'ids.unique')
    expect(distinct).toMatchObject({ status: 'failed' })
    expect(distinct?.message).toMatch(/a record listed at the start already holds/)
    // Records of the run that share an id with someone else's stay, reported as possible residue.
    expect(report.residue.length).toBeGreaterThan(0)
    expect(renderPretty(report)).not.toMatch(/every record .* was removed/)
  })

  it('sends nothing but the first create to an id a server overwrites, and reports it', async () => {
    const { server, report, writes } = await run({
      lax: true,
      assignIds: 'counter',
      duplicateIds: 'overwrite',
    })
    // The server's own create overwrote record 1; the kit never writes to a listed foreign id.
    foreignUntouched(server.records(), [1])
    for (const id of [1, 2, 3]) expect(writes.filter((w) => w.endsWith(`/todos/${id}`))).toEqual([])
    expect(report.checks.find((c) => c.id === 'ids.unique')?.status).toBe('failed')
    expect(report.residue.some((r) => r.id === 1)).toBe(true)
  })

  it.each(['last', 'first'] as const)(
    'never loses a record on a server whose DELETE of a missing id removes the %s',
    async (removes) => {
      const server = variantServer({ seed: FOREIGN, deleteMissingRemoves: removes })
      // Where others' records may be hit, the run writes to no id the server does not hold.
      const unheld: string[] = []
      const fetch: FetchLike = (request) => {
        const id = new URL(request.url).pathname.split('/')[2] ?? ''
        const held = server.records().some((record) => String(record.id) === id)
        if (/^\d+$/.test(id) && request.method !== 'GET' && !held)
          unheld.push(`${request.method} ${id}`)
        return server.fetch(request)
      }
      await runConformance({ baseUrl: IN_PROCESS_URL, fetch, capabilities: 'all', strict: true })
      foreignUntouched(server.records())
      expect(unheld).toEqual([])
    },
  )

  it('charges once, with the DELETE shown, a missing id whose DELETE removes a record of the run', async () => {
    // On a server that holds nothing else, the run's own records are the only ones at stake.
    const server = variantServer({ deleteMissingRemoves: 'last' })
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: server.fetch,
      capabilities: 'all',
    })
    const broken = report.checks.filter((check) => check.status === 'failed' && check.counted)
    expect(broken.map((check) => check.id)).toEqual(['list.holds-live-records'])
    expect(broken[0]?.exchanges?.[0]).toMatchObject({ method: 'DELETE', status: 200 })
    expect(server.records()).toEqual([])
  })

  it('says what it did not send for the sake of the records there, so that an empty server is tried too', async () => {
    const { report, server } = await run({ deleteMissingRemoves: 'last' })
    foreignUntouched(server.records())
    const hint = /not the run’s were on the server \(3 at the start\).*against an empty server/
    expect(report.hints).toContainEqual(expect.stringMatching(hint))
    const empty = await runConformance({ baseUrl: IN_PROCESS_URL, fetch: variantServer().fetch })
    expect(empty.hints).not.toContainEqual(expect.stringMatching(/empty server/))
  })

  it('stores no id of 2^53 − 1, which a server that keeps its highest id would count on from for good', async () => {
    const sent: unknown[] = []
    const server = variantServer({ seed: FOREIGN })
    const fetch: FetchLike = async (request) => {
      if (request.method === 'POST')
        sent.push(
          (
            await request
              .clone()
              .json()
              .catch(() => ({}))
          ).id,
        )
      return server.fetch(request)
    }
    await runConformance({ baseUrl: IN_PROCESS_URL, fetch, capabilities: 'all' })
    expect(sent).toContain(2 ** 32 + 1)
    expect(sent).not.toContain(2 ** 53 - 1)
  })

  it('proposes no wrongly typed id that a lax server reads as one of theirs', async () => {
    // A server that truncates 1.5 or parses "1" would aim such a create at someone's record 1.
    const proposed: unknown[] = []
    const server = variantServer({ seed: FOREIGN })
    const fetch: FetchLike = async (request) => {
      if (request.method === 'POST') {
        const body: unknown = await request
          .clone()
          .json()
          .catch(() => undefined)
        if (body && typeof body === 'object' && 'id' in body) proposed.push(body.id)
      }
      return server.fetch(request)
    }
    await runConformance({ baseUrl: IN_PROCESS_URL, fetch, capabilities: 'all' })
    const typedWrong = proposed.filter((id) => !Number.isInteger(id) && id !== null)
    expect(typedWrong.length).toBeGreaterThan(0)
    const read = typedWrong.map((id) => Math.trunc(Number(id)))
    for (const { id } of FOREIGN) expect(read).not.toContain(id)
  })

  it('says which records listed at the start are gone at its end', async () => {
    const server = variantServer({ seed: FOREIGN })
    let requests = 0
    // Someone else deletes record 2 while the run goes on.
    const fetch: FetchLike = (request) => {
      if (++requests === 40)
        void server.fetch(new Request(`${IN_PROCESS_URL}/todos/2`, { method: 'DELETE' }))
      return server.fetch(request)
    }
    const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch })
    expect(report.observed.foreignRecordsGoneAtEnd).toEqual([2])
    expect(renderPretty(report)).toMatch(
      /never written to; of them, the final list no longer shows id 2\./,
    )
  })

  it('reads the list leniently: one malformed foreign record does not stop cleanup', async () => {
    const server = variantServer({
      seed: FOREIGN,
      malformed: { id: 'x7', content: 5, completed: 'maybe' },
    })
    // One create is stored but answered 500: only the final sweep of the list can find it.
    let failedOnce = false
    const fetch: FetchLike = async (request) => {
      const response = await server.fetch(request)
      if (is(request, 'POST', 'list') && response.ok && !failedOnce) {
        failedOnce = true
        return json({ title: 'oops' }, 500)
      }
      return response
    }
    const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch })
    expect(server.records().filter((r) => String(r.content).startsWith('[todokit'))).toEqual([])
    expect(report.cleanup.verified).toBe(true)
    foreignUntouched(server.records())
  })

  it('lists every uncertain delete as possible residue when DELETE never answers', async () => {
    const server = variantServer({ seed: FOREIGN })
    const fetch: FetchLike = (request) =>
      is(request, 'DELETE', 'record') ? new Promise<Response>(() => {}) : server.fetch(request)
    const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch, timeout: 100 })
    const ours = server.records().filter((r) => !FOREIGN.some((foreign) => foreign.id === r.id))
    expect(ours.length).toBeGreaterThan(0)
    expect(report.residue.map((r) => r.id).sort()).toEqual(ours.map((r) => r.id).sort())
    for (const residue of report.residue) {
      expect(residue).toMatchObject({ possible: true, reason: expect.stringMatching(/no answer/) })
    }
    expect(renderPretty(report)).not.toMatch(/Cleanup verified/)
    foreignUntouched(server.records())
  })

  it('says cleanup is unverified when it cannot read the list at the end', async () => {
    const server = variantServer({ seed: FOREIGN })
    let deleting = false
    const fetch: FetchLike = (request) => {
      if (is(request, 'DELETE', 'record')) deleting = true
      if (deleting && is(request, 'GET', 'list')) return json({ title: 'unavailable' }, 503)
      return server.fetch(request)
    }
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch,
      budget: { requests: 50 },
    })
    expect(report.cleanup).toMatchObject({
      verified: false,
      unverifiedBecause: expect.stringMatching(/503/),
    })
    expect(renderPretty(report)).toMatch(/^Cleanup unverified: .*503/m)
    expect(renderPretty(report)).not.toMatch(/Cleanup verified|was removed/)
    foreignUntouched(server.records())
  })
})

describe('a mock that stores nothing and answers one canned todo', () => {
  const CANNED = { id: 1, content: 'string', completed: true }
  const mock: FetchLike = async (request) => {
    if (is(request, 'GET', 'list')) return json([CANNED])
    if (is(request, 'POST', 'list')) return json(CANNED, 201)
    if (request.method === 'DELETE') return json({})
    if (new URL(request.url).pathname.startsWith('/todos/') && pathId(request) !== '') {
      return json(CANNED)
    }
    return json({ title: 'not found' }, 404)
  }

  it('fails the create, never passes, and writes nothing to the canned record', async () => {
    const watch = watched(mock)
    const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch: watch.fetch })
    const status = (id: string) => report.checks.find((c) => c.id === id)?.status
    expect(status('create.answers-stored')).toBe('failed')
    expect(status('ids.unique')).toBe('failed')
    expect(report.ok).toBe(false)
    // Every create answered id 1, which was listed before the run: never written to.
    expect(watch.writes).toEqual([])
    expect(report.residue.every((r) => r.possible === true && r.id === 1)).toBe(true)
  })
})
