import { describe, expect, it } from 'vitest'
import { type FetchLike, runConformance } from '../src/index.ts'
import { bodyOf, get, is, json, pathId, rewrite, routeOf } from './defects.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

const MUTATING = ['PUT', 'PATCH', 'DELETE']

/**
 * Wraps `inner` to collect every PUT, PATCH or DELETE sent to an integer id that no POST of
 * the run created: each one could have changed someone else's record.
 */
function watchUnownedWrites(inner: FetchLike) {
  const created = new Set<number>()
  const unowned: string[] = []
  const fetch: FetchLike = async (request) => {
    const id = Number(pathId(request))
    if (routeOf(request) === 'record' && MUTATING.includes(request.method)) {
      if (Number.isInteger(id) && !created.has(id)) unowned.push(`${request.method} ${id}`)
    }
    const response = await inner(request)
    if (is(request, 'POST', 'list') && response.ok) {
      const body = (await response.clone().json()) as { id?: number }
      if (typeof body.id === 'number') created.add(body.id)
    }
    return response
  }
  return { fetch, unowned }
}

describe('ids the run does not own', () => {
  it('are never written to when GET of an unknown id answers something other than 404', async () => {
    const { fetch } = referenceApp()
    // A gateway that answers 503 for records it cannot find says nothing about whether they exist.
    const vague: FetchLike = async (request) => {
      const response = await fetch(request)
      return is(request, 'GET', 'record') && response.status === 404
        ? json({ title: 'Service Unavailable' }, 503)
        : response
    }
    const watched = watchUnownedWrites(vague)
    const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch: watched.fetch })
    expect(watched.unowned).toEqual([])
    expect(report.checks.find((c) => c.id === 'ids.unknown-404')).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^GET \/todos\/\d+ answered 503/),
    })
  })

  it('that an upserting PATCH or PUT creates at an id that read as free are removed like any record of the run', async () => {
    const { store, fetch } = referenceApp()
    // PATCH and PUT to an unknown id create the record instead of answering 404.
    const upserting: FetchLike = async (request) => {
      if (!['PATCH', 'PUT'].includes(request.method) || routeOf(request) !== 'record') {
        return fetch(request)
      }
      const known = await get(fetch, request, new URL(request.url).pathname)
      if (known.status !== 404) return fetch(request)
      const sent = (await bodyOf(request)) ?? {}
      const record = {
        content: 'made by an upsert',
        completed: false,
        ...sent,
        id: Number(pathId(request)),
      }
      const created = await fetch(
        rewrite(request, {
          method: 'POST',
          url: new URL('/todos', request.url).href,
          body: record,
        }),
      )
      return json(await created.json(), 200)
    }
    const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch: upserting })
    // PUT may create the record it names (the contract leaves it open); PATCH may not.
    expect(report.checks.find((c) => c.id === 'ids.unknown-404')).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^PATCH /),
    })
    // Both made a record at an id that read as nobody's, and answered with it: the run's. Each is
    // removed, or named in the report; none is left unsaid.
    const named = new Set(report.residue.map((residue) => String(residue.id)))
    for (const todo of [...store])
      expect(named.has(String(todo.id)), JSON.stringify(todo)).toBe(true)
  })
})
