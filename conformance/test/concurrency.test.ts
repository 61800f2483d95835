import { describe, expect, it } from 'vitest'
import { type FetchLike, runConformance } from '../src/index.ts'
import { bodyOf, get, is, json, pathId, rewrite } from './defects.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

/** A wait on storage, of a few milliseconds, different each time. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 5))

async function failedChecks(fetch: FetchLike): Promise<string[]> {
  const report = await runConformance({
    baseUrl: IN_PROCESS_URL,
    fetch,
    strict: true,
    budget: { requests: 100 },
  })
  return report.checks.filter((c) => c.status === 'failed').map((c) => c.id)
}

describe('concurrency probes', () => {
  it('catch an id counter that races only for ids the server assigns', async () => {
    const { fetch } = referenceApp()
    let highest = 0
    // Client ids are stored as sent; a create without one reads the counter, pauses (an await
    // on storage), then writes: concurrent creates get the same id and overwrite each other.
    const racing: FetchLike = async (request) => {
      if (!is(request, 'POST', 'list')) return fetch(request)
      const body = (await bodyOf(request)) ?? {}
      if (body.id !== undefined) return fetch(request)
      const id = highest + 1
      await pause()
      highest = id
      const existing = await get(fetch, request, `/todos/${id}`)
      const url = new URL(`/todos/${id}`, request.url).href
      const stored = existing.ok
        ? await fetch(
            rewrite(request, { method: 'PUT', url, body: { completed: false, ...body, id } }),
          )
        : await fetch(rewrite(request, { body: { ...body, id } }))
      return json(await stored.json(), 201)
    }
    expect(await failedChecks(racing)).toEqual(expect.arrayContaining(['ids.unique']))
  })

  it('catch a PATCH that reads, pauses and writes the whole record back (a lost update)', async () => {
    const { fetch } = referenceApp()
    const lostUpdate: FetchLike = async (request) => {
      if (!is(request, 'PATCH', 'record')) return fetch(request)
      const current = (await (
        await get(fetch, request, new URL(request.url).pathname)
      ).json()) as object
      const sent = (await bodyOf(request)) ?? {}
      await pause()
      return fetch(rewrite(request, { method: 'PUT', body: { ...current, ...sent } }))
    }
    // The read after both PATCHes shows one lost: charged as a PATCH that changed a field it
    // did not send, or as a read that is not what the writes left, by which answered last.
    expect(await failedChecks(lostUpdate)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(patch\.keeps-unsent|read\.current)$/)]),
    )
  })

  it('catch a lost update that shows only now and then, as a race does (one pair of PATCHes in forty)', async () => {
    const { fetch } = referenceApp()
    // The state a PATCH under way read, by path: a PATCH sent meanwhile writes back that stale
    // state with its own fields, once in forty such pairs.
    const underWay = new Map<string, Promise<object>>()
    let pairs = 0
    const rareLostUpdate: FetchLike = async (request) => {
      if (!is(request, 'PATCH', 'record')) return fetch(request)
      const path = new URL(request.url).pathname
      const stale = underWay.get(path)
      if (stale === undefined) {
        const read = get(fetch, request, path).then((response) => response.json() as object)
        underWay.set(path, read)
        await read
        await pause()
        const response = await fetch(request)
        underWay.delete(path)
        return response
      }
      pairs += 1
      if (pairs % 40 !== 0) return fetch(request)
      await new Promise((resolve) => setTimeout(resolve, 20))
      const sent = (await bodyOf(request)) ?? {}
      return fetch(rewrite(request, { method: 'PUT', body: { ...(await stale), ...sent } }))
    }
    expect(await failedChecks(rareLostUpdate)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(patch\.keeps-unsent|read\.current)$/)]),
    )
  })

  it('catch a PATCH that applies one field at a time, so a read sees half of it', async () => {
    const { fetch } = referenceApp()
    const torn: FetchLike = async (request) => {
      if (!is(request, 'PATCH', 'record')) return fetch(request)
      const sent = (await bodyOf(request)) ?? {}
      if (!('content' in sent && 'completed' in sent)) return fetch(request)
      const url = new URL(`/todos/${pathId(request)}`, request.url).href
      await fetch(rewrite(request, { url, body: { content: sent.content } }))
      await pause()
      return fetch(rewrite(request, { url, body: { completed: sent.completed } }))
    }
    expect(await failedChecks(torn)).toContain('read.atomic')
  })
})
