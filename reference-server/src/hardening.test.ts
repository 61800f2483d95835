import { MAX_CLIENT_ID, MAX_TODO_ID } from '@todokit/sdk/contract'
import { describe, expect, it } from 'vitest'
import { appWith, jsonRequest, MILK } from '../test/helpers.ts'
import { createApp } from './app.ts'

const post = (body: unknown) => jsonRequest('POST', body)

describe('id assignment', () => {
  it('refuses a client id above MAX_CLIENT_ID with 400 at /id, so later ids stay in range', async () => {
    const app = createApp()
    const first = await app.request('/todos', post({ id: MAX_CLIENT_ID + 1, content: 'x' }))
    expect(first.status).toBe(400)
    const problem = (await first.json()) as { errors: Array<{ pointer: string }> }
    expect(problem.errors.map((error) => error.pointer)).toEqual(['/id'])
    for (let round = 0; round < 3; round++) {
      const next = await app.request('/todos', post({ content: `after ${round}` }))
      expect(next.status).toBe(201)
      const { id } = (await next.json()) as { id: number }
      expect(id).toBeLessThanOrEqual(MAX_TODO_ID)
      expect((await app.request(`/todos/${id}`)).status).toBe(200)
    }
  })
})

describe('the cap on stored todos', () => {
  it('refuses a create past maxTodos with 409, and accepts one again after a delete', async () => {
    const { app } = appWith([MILK], { maxTodos: 2 })
    expect((await app.request('/todos', post({ content: 'second' }))).status).toBe(201)
    const refused = await app.request('/todos', post({ content: 'third' }))
    expect(refused.status).toBe(409)
    expect(refused.headers.get('content-type')).toBe('application/problem+json')
    expect((await refused.json()).detail).toMatch(/2 todos/)
    expect((await (await app.request('/todos')).json()).length).toBe(2)
    await app.request('/todos/1', { method: 'DELETE' })
    expect((await app.request('/todos', post({ content: 'third' }))).status).toBe(201)
  })
})

describe('large lists', () => {
  it('stream in chunks rather than as one string', async () => {
    const todos = Array.from({ length: 5_000 }, (_, index) => ({
      id: index + 1,
      content: `todo number ${index + 1}`,
      completed: index % 2 === 0,
    }))
    const response = await appWith(todos).app.request('/todos?order=-id')
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const chunks: Uint8Array[] = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
    }
    expect(chunks.length).toBeGreaterThan(1)
    const text = new TextDecoder().decode(Buffer.concat(chunks))
    expect(JSON.parse(text)).toEqual(todos.toReversed())
  })
})

describe('CORS for any origin', () => {
  it("allows every origin when the list of origins holds '*'", async () => {
    const app = createApp({ cors: ['*'] })
    const response = await app.request('/todos', { headers: { origin: 'http://any.test' } })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('request body text', () => {
  it('refuses a body that is not valid UTF-8 with 400 instead of replacing bytes', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"content":"a'), 0xff, 0x22, 0x7d])
    const response = await createApp().request('/todos', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bytes,
    })
    expect(response.status).toBe(400)
    expect((await response.json()).detail).toMatch(/UTF-8/)
  })

  it('refuses content with a lone surrogate, which no UTF-8 store can keep', async () => {
    const response = await createApp().request('/todos', post('{"content":"a\\ud800b"}'))
    expect(response.status).toBe(400)
    expect((await response.json()).errors?.[0]?.pointer).toBe('/content')
  })
})

describe('/docs', () => {
  it('sends security headers, with a policy that allows no eval and no framing', async () => {
    const response = await createApp().request('/docs')
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).not.toContain('unsafe-eval')
    expect(policy).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  })
})

describe('the content limit', () => {
  it('counts Unicode code points, as limits.ts says: 10,000 emoji pass, 10,001 do not', async () => {
    const app = createApp()
    const fits = await app.request('/todos', post({ content: '😀'.repeat(10_000) }))
    expect(fits.status).toBe(201)
    const over = await app.request('/todos', post({ content: '😀'.repeat(10_001) }))
    expect(over.status).toBe(400)
  })
})
