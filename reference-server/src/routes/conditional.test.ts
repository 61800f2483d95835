import { describe, expect, it } from 'vitest'
import { appWith, jsonRequest, MILK, WALK } from '../../test/helpers.ts'
import { listen } from '../http/listen.ts'
import { ifMatchTags, ifNoneMatchHits } from './todo-routes.ts'

describe('ETags on todos', () => {
  it('answers If-None-Match with the current ETag with 304 and no body', async () => {
    const { app } = appWith([MILK])
    const etag = (await app.request('/todos/1')).headers.get('etag') as string
    const response = await app.request('/todos/1', { headers: { 'if-none-match': etag } })
    expect(response.status).toBe(304)
    expect(response.headers.get('etag')).toBe(etag)
    expect(await response.text()).toBe('')
  })

  it('gives a todo a new ETag when it changes, and the old one no longer hits', async () => {
    const { app } = appWith([MILK])
    const before = (await app.request('/todos/1')).headers.get('etag') as string
    const patched = await app.request('/todos/1', jsonRequest('PATCH', { completed: true }))
    expect(patched.headers.get('etag')).not.toBe(before)
    const response = await app.request('/todos/1', { headers: { 'if-none-match': before } })
    expect(response.status).toBe(200)
  })

  it('returns the same ETag from a write and a later read', async () => {
    const { app } = appWith([])
    const created = await app.request('/todos', jsonRequest('POST', { content: 'x' }))
    const read = await app.request('/todos/1')
    expect(read.headers.get('etag')).toBe(created.headers.get('etag'))
  })
})

describe('ETags on the list', () => {
  it('answers 304 until the store changes', async () => {
    const { app } = appWith([MILK])
    const etag = (await app.request('/todos?order=-id')).headers.get('etag') as string
    const cached = await app.request('/todos?order=-id', { headers: { 'if-none-match': etag } })
    expect(cached.status).toBe(304)
    await app.request('/todos', jsonRequest('POST', { content: 'x' }))
    const changed = await app.request('/todos?order=-id', { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
  })

  it('gives different queries different ETags', async () => {
    const { app } = appWith([MILK, WALK])
    const all = (await app.request('/todos')).headers.get('etag')
    const done = (await app.request('/todos?completed=true')).headers.get('etag')
    expect(all).not.toBe(done)
  })

  it('gives two servers with the same revision different list ETags', async () => {
    const first = (await appWith([MILK]).app.request('/todos')).headers.get('etag')
    const second = (await appWith([WALK]).app.request('/todos')).headers.get('etag')
    expect(first).not.toBe(second)
  })
})

describe('If-Match on writes', () => {
  const writes = [
    ['PUT', jsonRequest('PUT', { id: 1, content: 'new', completed: true })],
    ['PATCH', jsonRequest('PATCH', { completed: true })],
    ['DELETE', { method: 'DELETE' }],
  ] as const satisfies [string, RequestInit][]

  it.each(writes)('refuses %s with a stale ETag with 412 and changes nothing', async (_, init) => {
    const { app, store } = appWith([MILK])
    const headers = {
      ...((init as RequestInit).headers as Record<string, string>),
      'if-match': '"stale"',
    }
    const response = await app.request('/todos/1', { ...init, headers })
    expect(response.status).toBe(412)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect((await response.json()).title).toBe('Precondition Failed')
    expect(store.get(1)).toEqual(MILK)
  })

  it.each(writes)('accepts %s with the current ETag or *', async (_, init) => {
    for (const match of ['current', '*']) {
      const { app } = appWith([MILK])
      const etag = (await app.request('/todos/1')).headers.get('etag') as string
      const headers = {
        ...((init as RequestInit).headers as Record<string, string>),
        'if-match': match === '*' ? '*' : etag,
      }
      expect((await app.request('/todos/1', { ...init, headers })).status).toBe(200)
    }
  })

  it('answers 404, not 412, for an unknown todo', async () => {
    const { app } = appWith([MILK])
    const response = await app.request('/todos/7', {
      method: 'DELETE',
      headers: { 'if-match': '"x"' },
    })
    expect(response.status).toBe(404)
  })
})

describe('entity tag comparison', () => {
  it('matches weakly for If-None-Match and strongly for If-Match', () => {
    expect(ifNoneMatchHits('W/"a"', '"a"')).toBe(true)
    expect(ifNoneMatchHits('"b", "a"', '"a"')).toBe(true)
    expect(ifNoneMatchHits('"b"', '"a"')).toBe(false)
    expect(ifMatchTags('W/"a"')).toEqual(['W/"a"'])
    expect(ifMatchTags('"b", "a"')).toEqual(['"b"', '"a"'])
    expect(ifMatchTags(' * ')).toEqual(['*'])
    expect(ifMatchTags(undefined)).toBeUndefined()
  })
})

describe('conditional requests over a socket', () => {
  it('reads If-None-Match and If-Match from Node’s own headers under @hono/node-server', async () => {
    const { app } = appWith([MILK])
    const server = await listen(app, { port: 0 })
    try {
      const etag = (await fetch(`${server.url}/todos/1`)).headers.get('etag') as string
      const cached = await fetch(`${server.url}/todos/1`, { headers: { 'if-none-match': etag } })
      expect(cached.status).toBe(304)
      const stale = await fetch(`${server.url}/todos/1`, {
        method: 'DELETE',
        headers: { 'if-match': '"stale"' },
      })
      expect(stale.status).toBe(412)
      const created = await fetch(`${server.url}/todos`, jsonRequest('POST', { content: 'x' }))
      expect(created.status).toBe(201)
    } finally {
      await server.close()
    }
  })
})
