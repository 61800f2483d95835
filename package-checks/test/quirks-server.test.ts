import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type QuirksServer, serveQuirks } from '../matrix/quirks-server.ts'

let quirks: QuirksServer
beforeAll(async () => {
  quirks = await serveQuirks()
})
afterAll(() => quirks.close())

describe("the runtime matrix's quirks server", () => {
  it('lets a page on any origin call it, preflight included', async () => {
    const preflight = await fetch(`${quirks.url}/down/todos`, { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH')
  })

  it('answers /bad-body with a 200 todo that breaks the contract', async () => {
    const response = await fetch(`${quirks.url}/bad-body/todos/1`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ id: 'one', content: 42, completed: 'no' })
  })

  it('answers 503 to the first request of each /flaky key, then 200 []', async () => {
    const statuses = async (key: string) => {
      const first = await fetch(`${quirks.url}/flaky/${key}/todos`)
      const second = await fetch(`${quirks.url}/flaky/${key}/todos`)
      return [first.status, second.status, await second.json()]
    }
    expect(await statuses('a')).toEqual([503, 200, []])
    expect(await statuses('b')).toEqual([503, 200, []])
  })

  it('answers /down with 503 problem details, every time', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${quirks.url}/down/todos`, { method })
      expect(response.status).toBe(503)
      expect(response.headers.get('content-type')).toBe('application/problem+json')
      await response.body?.cancel()
    }
  })

  it('answers the hostile quirks the smoke program refuses', async () => {
    const get = (path: string, init?: RequestInit) =>
      fetch(`${quirks.url}${path}`, { redirect: 'manual', ...init })
    const announced = await get('/announced/todos')
    expect(announced.headers.get('content-length')).toBe(String(2 * 1024 * 1024))
    await announced.body?.cancel()
    const away = await get('/away/todos')
    expect([away.status, away.headers.get('location')]).toEqual([307, 'http://localhost:1/todos'])
    const moved = await get('/moved/todos?limit=1')
    expect([moved.status, moved.headers.get('location')]).toEqual([308, '/landing/todos?limit=1'])
    expect(await (await get('/landing/todos')).json()).toEqual([])
    const year = await get('/year/todos')
    expect([year.status, year.headers.get('retry-after')]).toEqual([503, '31536000'])
    await year.body?.cancel()
    const loop = await get('/loop/todos?cursor=same')
    expect(loop.headers.get('link')).toBe('</loop/todos?cursor=same>; rel="next"')
    await loop.body?.cancel()
    const problem = { headers: { accept: 'application/json, application/problem+json' } }
    expect((await get('/negotiate/todos/9', problem)).status).toBe(404)
    expect(
      (await get('/negotiate/todos/9', { headers: { accept: 'application/json' } })).status,
    ).toBe(200)
  })

  it('keeps /slow waiting past a client timeout', async () => {
    const error = await fetch(`${quirks.url}/slow/todos`, {
      signal: AbortSignal.timeout(100),
    }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'TimeoutError' })
  })
})
