// The app's tests use only public exports: the SDK, and the testing kit of the reference server.
import { createTodoApi } from '@todokit/reference-server/msw'
import { TodoClient } from '@todokit/sdk'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { describeFailure, TodoService } from './todo-service.ts'

const BASE_URL = 'https://todos.example.test/api'
const MILK = { id: 1, content: 'Buy milk', completed: false }
const DOG = { id: 2, content: 'Walk the dog', completed: true }
const MUM = { id: 3, content: 'Call mum', completed: false }

const api = createTodoApi({ baseUrl: BASE_URL, initial: [MILK, DOG, MUM] })
const server = setupServer(...api.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: api.onUnhandledFrame }))
afterEach(() => api.reset())
afterAll(() => server.close())

/** The app as production builds it, but failing fast: no retries, a short timeout. */
function app(options: { retry?: number; timeout?: number; baseUrl?: string } = {}) {
  const { retry = 0, timeout = 1_000, baseUrl = BASE_URL } = options
  return new TodoService(new TodoClient({ baseUrl, retry, timeout }))
}

/** The failure a call ends with, in the words the app shows. */
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => 'no failure',
    (error: unknown) => describeFailure(error),
  )

describe('the happy paths', () => {
  it('lists what is left to do, newest first', async () => {
    expect(await app().pending()).toEqual([MUM, MILK])
  })

  it('completes every pending todo, and only those', async () => {
    expect(await app().completeAll()).toEqual({ completed: 2, gone: 0 })
    expect(api.todos().every((todo) => todo.completed)).toBe(true)
    const writes = api.requests().filter((request) => request.method === 'PATCH')
    expect(writes.map((request) => [request.url.pathname, request.body])).toEqual([
      ['/api/todos/3', { completed: true }],
      ['/api/todos/1', { completed: true }],
    ])
  })

  it('adds a todo, sending its content and no id', async () => {
    const added = await app().add('Water the plants')
    expect(added).toEqual({ id: 4, content: 'Water the plants', completed: false })
    const [sent] = api.requests()
    expect(sent?.method).toBe('POST')
    expect(sent?.body).toMatchObject({ content: 'Water the plants' })
    expect(sent?.body).not.toHaveProperty('id')
  })

  it('starts every test from the initial store', () => {
    expect(api.todos()).toEqual([MILK, DOG, MUM])
    expect(api.requests()).toEqual([])
  })
})

describe('the error paths', () => {
  it('adds after two 503s, sending the create three times and storing it once', async () => {
    api.inject({ kind: 'status', status: 503, retryAfter: 0 }, { route: 'create', times: 2 })
    expect(await app().add('Pay rent')).toMatchObject({ id: 4, content: 'Pay rent' })
    expect(api.requests().filter((request) => request.method === 'POST')).toHaveLength(3)
    expect(api.todos().filter((todo) => todo.content === 'Pay rent')).toHaveLength(1)
  })

  it('gives up adding after three 503s, with nothing stored', async () => {
    api.inject({ kind: 'status', status: 503, retryAfter: 0 }, { route: 'create' })
    expect(await failureOf(app().add('Pay rent'))).toBe(
      'The server has a problem; try again later.',
    )
    expect(api.requests()).toHaveLength(3)
    expect(api.todos()).toEqual([MILK, DOG, MUM])
  })

  it('counts a todo deleted meanwhile as gone and completes the others', async () => {
    api.inject(
      { kind: 'status', status: 404, detail: 'No todo with id 3' },
      { route: 'PATCH /todos/3' },
    )
    expect(await app().completeAll()).toEqual({ completed: 1, gone: 1 })
    expect(api.todos().find((todo) => todo.id === 1)?.completed).toBe(true)
  })

  it('shows the fields a 400 names', async () => {
    api.inject(
      { kind: 'status', status: 400, detail: 'The body does not match the schema; see errors' },
      { route: 'create' },
    )
    // An injected status carries the detail only; a real 400 from the fake names its fields.
    expect(await failureOf(app().add('x'))).toBe(
      'Rejected: The body does not match the schema; see errors',
    )
    api.reset()
    expect(await failureOf(app().add('x'.repeat(10_001)))).toMatch(/^Rejected: \/content: /)
  })

  it('tells the user the server is unreachable when the connection drops', async () => {
    api.inject({ kind: 'drop' }, { route: 'list' })
    expect(await failureOf(app().pending())).toBe('Cannot reach the server; check your connection.')
  })

  it('tells the user the server is slow when it hangs past the timeout', async () => {
    api.inject({ kind: 'hang' }, { route: 'list' })
    expect(await failureOf(app({ timeout: 50 }).pending())).toBe(
      'The server is taking too long; try again.',
    )
  })

  it('still answers on a slow server within the timeout', async () => {
    api.inject({ kind: 'latency', ms: 20 }, { route: 'list' })
    expect(await app().pending()).toEqual([MUM, MILK])
  })

  it('refuses a body that breaks the contract instead of showing it', async () => {
    api.inject({ kind: 'body', body: [{ id: 1, content: 'Buy milk', completed: 'no' }] })
    expect(await failureOf(app().pending())).toBe('The server sent something this app cannot read.')
  })

  it('lists through a flaky server: the SDK retries GETs, at once with Retry-After: 0', async () => {
    api.inject({ kind: 'status', status: 503, retryAfter: 0 }, { route: 'list', times: 2 })
    expect(await app({ retry: 2 }).pending()).toEqual([MUM, MILK])
    expect(api.requests()).toHaveLength(3)
  })

  it('lists through a seeded failure rate the same way on every run', async () => {
    const run = async () => {
      api.inject({ kind: 'status', status: 503, retryAfter: 0 }, { route: 'list', rate: 0.5 })
      const outcomes = []
      for (let call = 0; call < 6; call++) outcomes.push(await failureOf(app().pending()))
      api.reset()
      return outcomes
    }
    const first = await run()
    expect(new Set(first)).toEqual(
      new Set(['no failure', 'The server has a problem; try again later.']),
    )
    expect(await run()).toEqual(first)
  })

  it('does not mistake a wrong base URL for a server that is down', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const misconfigured = app({ baseUrl: 'https://todos.example.test/v2' })
    const detail =
      'No msw handler serves GET https://todos.example.test/v2/todos?completed=false&order=-id; the todokit handlers serve https://todos.example.test/api/ (check the application’s base URL)'
    expect(await failureOf(misconfigured.pending())).toBe(`Not found: ${detail}`)
    expect(logged).toHaveBeenCalledWith(`[todokit msw] ${detail}`)
    logged.mockRestore()
  })
})
