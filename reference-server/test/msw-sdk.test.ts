import {
  ConflictError,
  isNotFoundError,
  isTodoApiError,
  NetworkError,
  NotFoundError,
  PreconditionFailedError,
  TodoClient,
} from '@todokit/sdk'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTodoApi } from '../src/msw.ts'

const baseUrl = 'https://todos.example.test/api'
const api = createTodoApi({ baseUrl, initial: [{ id: 1, content: 'Buy milk', completed: false }] })
const server = setupServer(...api.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: api.onUnhandledFrame }))
afterAll(() => server.close())

describe('the msw handlers through the SDK', () => {
  const client = new TodoClient({ baseUrl, retry: 0 })

  it('runs every operation of the contract', async () => {
    expect(await client.todos.list()).toEqual([{ id: 1, content: 'Buy milk', completed: false }])
    const created = await client.todos.create({ content: 'Walk the dog' })
    expect(created).toEqual({ id: 2, content: 'Walk the dog', completed: false })
    expect(await client.todos.get(2)).toEqual(created)
    expect(await client.todos.update(2, { completed: true })).toMatchObject({ completed: true })
    expect(await client.todos.replace(1, { id: 1, content: 'Oat milk', completed: true })).toEqual({
      id: 1,
      content: 'Oat milk',
      completed: true,
    })
    const newestFirst = await client.todos.list({ completed: true, order: ['-id'] })
    expect(newestFirst.map((todo) => todo.id)).toEqual([2, 1])
    await client.todos.delete(2)
    expect((await client.todos.list()).map((todo) => todo.id)).toEqual([1])
  })

  it('turns the server’s problems into the SDK’s errors', async () => {
    const missing = await client.todos.get(99).catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(NotFoundError)
    expect(isTodoApiError(missing) && missing.problem?.detail).toBe('No todo with id 99')

    const taken = await client.todos.create({ id: 1, content: 'x' }).catch((error) => error)
    expect(taken).toBeInstanceOf(ConflictError)

    const before = await client.todos.get(1)
    const stale = await client.todos
      .update(1, { completed: !before.completed }, { headers: { 'if-match': '"stale"' } })
      .catch((error: unknown) => error)
    expect(stale).toBeInstanceOf(PreconditionFailedError)
    expect(await client.todos.get(1)).toEqual(before)
  })
})

describe('a client whose base URL the handlers do not serve', () => {
  it('fails with a 404 naming its URL and the handlers’ base, not as a network error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}) // the log line says the same
    // The base path is wrong (/v2 instead of /api): before, this was a NetworkError "fetch
    // failed", so a test of "the server is down" passed for the wrong reason.
    const wrong = new TodoClient({ baseUrl: 'https://todos.example.test/v2', retry: 0 })
    const error = await wrong.todos.list().catch((caught: unknown) => caught)
    expect(error).not.toBeInstanceOf(NetworkError)
    expect(error).toBeInstanceOf(NotFoundError)
    expect(isNotFoundError(error) && error.missing).toBe('route')
    expect(isTodoApiError(error) && error.problem?.detail).toBe(
      'No msw handler serves GET https://todos.example.test/v2/todos; the todokit handlers serve https://todos.example.test/api/ (check the application’s base URL)',
    )
  })
})
