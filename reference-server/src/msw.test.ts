import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTodoHandlers } from './msw.ts'

const server = setupServer(
  ...createTodoHandlers({
    baseUrl: 'https://api.example.test/v1',
    initial: [{ id: 1, content: 'Buy milk', completed: false }],
  }),
  ...createTodoHandlers({ baseUrl: 'https://root.example.test' }),
)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

describe('createTodoHandlers', () => {
  it('answers fetch under the base URL with the reference server', async () => {
    const response = await fetch('https://api.example.test/v1/todos/1')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ id: 1, content: 'Buy milk', completed: false })
  })

  it('puts the base path into Location', async () => {
    const response = await fetch('https://api.example.test/v1/todos', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Walk' }),
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('location')).toBe('/v1/todos/2')
  })

  it('gives the same errors as the server', async () => {
    const response = await fetch('https://api.example.test/v1/todos?_sort=id')
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect((await response.json()).errors[0].pointer).toBe('/_sort')
  })

  it('serves a base URL without a path, each handler set with its own store', async () => {
    expect(await (await fetch('https://root.example.test/todos')).json()).toEqual([])
    const created = await fetch('https://root.example.test/todos', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x' }),
    })
    expect(created.headers.get('location')).toBe('/todos/1')
  })
})
