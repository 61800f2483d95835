import { describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { MemoryStore } from './store/memory-store.ts'

const json = (body: unknown, method = 'POST', headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

describe('createApp', () => {
  it('creates a todo with 201, a Location and a server-assigned id', async () => {
    const app = createApp()
    const response = await app.request('/todos', json({ content: 'Buy milk' }))
    expect(response.status).toBe(201)
    expect(response.headers.get('location')).toBe('/todos/1')
    expect(await response.json()).toEqual({ id: 1, content: 'Buy milk', completed: false })
  })

  it('serves the todos of the store it is given', async () => {
    const store = new MemoryStore([{ id: 4, content: 'Seeded', completed: true }])
    const response = await createApp({ store }).request('/todos/4')
    expect(await response.json()).toEqual({ id: 4, content: 'Seeded', completed: true })
  })
})
