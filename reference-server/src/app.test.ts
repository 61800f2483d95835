import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { appWith, BREAD, jsonRequest, MILK, WALK } from '../test/helpers.ts'
import { createApp } from './app.ts'
import { SqliteStore } from './store/sqlite-store.ts'

describe('GET /todos', () => {
  it('lists every todo in ascending id order', async () => {
    const { app } = appWith([WALK, MILK])
    const response = await app.request('/todos')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toEqual([MILK, WALK])
  })

  it('lists an empty store as an empty array', async () => {
    expect(await (await createApp().request('/todos')).json()).toEqual([])
  })
})

describe('GET /todos/{id}', () => {
  it('returns the todo with that id', async () => {
    const { app } = appWith([MILK, WALK])
    const response = await app.request('/todos/2')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(WALK)
  })
})

describe('POST /todos', () => {
  it('creates a todo with 201, a Location and a server-assigned id', async () => {
    const app = createApp()
    const response = await app.request('/todos', jsonRequest('POST', { content: 'Buy milk' }))
    expect(response.status).toBe(201)
    expect(response.headers.get('location')).toBe('/todos/1')
    expect(await response.json()).toEqual({ id: 1, content: 'Buy milk', completed: false })
  })

  it('makes the new todo visible in the list and by id', async () => {
    const app = createApp()
    await app.request('/todos', jsonRequest('POST', { content: 'a', completed: true }))
    expect(await (await app.request('/todos')).json()).toEqual([
      { id: 1, content: 'a', completed: true },
    ])
    expect((await app.request('/todos/1')).status).toBe(200)
  })

  it('accepts an id the client chose when it is free', async () => {
    const { app } = appWith([MILK])
    const response = await app.request('/todos', jsonRequest('POST', { id: 40, content: 'x' }))
    expect(response.status).toBe(201)
    expect(response.headers.get('location')).toBe('/todos/40')
  })

  it('never hands out the id of a deleted todo again', async () => {
    const { app } = appWith([MILK, WALK])
    await app.request('/todos/2', { method: 'DELETE' })
    const response = await app.request('/todos', jsonRequest('POST', { content: 'next' }))
    expect((await response.json()).id).toBe(3)
  })

  it('gives 1,000 parallel creates 1,000 distinct ids, all listed', async () => {
    const app = createApp()
    const ids = await createInParallel(app, 1000)
    expect(new Set(ids).size).toBe(1000)
    expect(await listedIds(app)).toEqual(ids)
  })

  it('gives 1,000 parallel creates to an SqliteStore 1,000 distinct ids, kept after a reopen', async () => {
    const directory = await fsp.mkdtemp(join(tmpdir(), 'todokit-parallel-'))
    const path = join(directory, 'todos.db')
    try {
      const store = await SqliteStore.open(path)
      const ids = await createInParallel(createApp({ store }), 1000)
      expect(new Set(ids).size).toBe(1000)
      expect(await listedIds(createApp({ store }))).toEqual(ids)
      await store.close()

      const reopened = await SqliteStore.open(path)
      expect(await listedIds(createApp({ store: reopened }))).toEqual(ids)
      await reopened.close()
    } finally {
      await fsp.rm(directory, { recursive: true, force: true })
    }
  })
})

/** POSTs `count` todos at once; the ids they were given, ascending (each answer must be 201). */
async function createInParallel(app: Hono, count: number): Promise<number[]> {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      app.request('/todos', jsonRequest('POST', { content: `todo ${index}` })),
    ),
  )
  expect(responses.map((response) => response.status)).toEqual(Array(count).fill(201))
  const ids = await Promise.all(responses.map(async (response) => (await response.json()).id))
  return ids.sort((a, b) => a - b)
}

/** The ids `GET /todos` lists, in its (ascending) order. */
async function listedIds(app: Hono): Promise<number[]> {
  const listed = (await (await app.request('/todos')).json()) as { id: number }[]
  return listed.map((todo) => todo.id)
}

describe('PUT /todos/{id}', () => {
  it('replaces the whole record', async () => {
    const { app } = appWith([MILK])
    const replacement = { id: 1, content: 'Buy oat milk', completed: true }
    const response = await app.request('/todos/1', jsonRequest('PUT', replacement))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(replacement)
    expect(await (await app.request('/todos/1')).json()).toEqual(replacement)
  })
})

describe('PATCH /todos/{id}', () => {
  it('keeps the fields a PATCH did not send', async () => {
    const { app } = appWith([MILK])
    const response = await app.request('/todos/1', jsonRequest('PATCH', { completed: true }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ...MILK, completed: true })
  })

  it('accepts application/merge-patch+json', async () => {
    const { app } = appWith([MILK])
    const response = await app.request(
      '/todos/1',
      jsonRequest(
        'PATCH',
        { content: 'Buy soy milk' },
        {
          'content-type': 'application/merge-patch+json',
        },
      ),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ...MILK, content: 'Buy soy milk' })
  })
})

describe('DELETE /todos/{id}', () => {
  it('answers 200 with the deleted todo, which is then absent everywhere', async () => {
    const { app } = appWith([MILK, WALK])
    const response = await app.request('/todos/1', { method: 'DELETE' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(MILK)
    expect(await (await app.request('/todos')).json()).toEqual([WALK])
    expect((await app.request('/todos/1')).status).toBe(404)
  })
})

describe('HEAD and OPTIONS', () => {
  it('answers HEAD like GET without a body', async () => {
    const { app } = appWith([MILK])
    const response = await app.request('/todos/1', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toBeTruthy()
    expect(await response.text()).toBe('')
  })

  it.each([
    ['/todos', 'GET, HEAD, POST, OPTIONS'],
    ['/todos/1', 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS'],
  ])('answers OPTIONS %s with 204 and Allow', async (path, allow) => {
    const response = await createApp().request(path, { method: 'OPTIONS' })
    expect(response.status).toBe(204)
    expect(response.headers.get('allow')).toBe(allow)
  })
})

describe('CORS', () => {
  it('sends no CORS headers unless asked', async () => {
    const response = await createApp().request('/todos', {
      headers: { origin: 'http://evil.test' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('allows the configured origin, preflight included, and exposes ETag and Location', async () => {
    const { app } = appWith([BREAD], { cors: 'http://localhost:5173' })
    const simple = await app.request('/todos/3', { headers: { origin: 'http://localhost:5173' } })
    expect(simple.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(simple.headers.get('access-control-expose-headers')).toMatch(/ETag/)
    const preflight = await app.request('/todos/3', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'PATCH' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/PATCH/)
  })

  it('exposes Link, so a browser client on another origin can follow the next page', async () => {
    const { app } = appWith([MILK, WALK, BREAD], { cors: '*' })
    const page = await app.request('/todos?limit=2', { headers: { origin: 'https://app.test' } })
    expect(page.headers.get('link')).toMatch(/rel="next"/)
    const exposed = page.headers.get('access-control-expose-headers')?.toLowerCase().split(/,\s*/)
    expect(exposed).toContain('link')
  })
})
