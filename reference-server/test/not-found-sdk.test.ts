import { isNotFoundError, NotFoundError, TodoClient } from '@todokit/sdk'
import { PROBLEM_TYPES } from '@todokit/sdk/contract'
import { describe, expect, it } from 'vitest'
import { createApp } from '../src/app.ts'
import { MemoryStore } from '../src/store/memory-store.ts'

/** A client of an in-process reference server holding todo 1, reached at `baseUrl`. */
function clientAt(baseUrl: string): TodoClient {
  const app = createApp({
    store: new MemoryStore([{ id: 1, content: 'Buy milk', completed: false }]),
  })
  return new TodoClient({
    baseUrl,
    retry: 0,
    fetch: async (input, init) => app.request(input, init),
  })
}

describe('a 404 through the SDK', () => {
  it('says the todo is missing when the URL names an unknown todo', async () => {
    const error = await clientAt('http://todos.test')
      .todos.get(9)
      .catch((error: unknown) => error)
    expect(error).toBeInstanceOf(NotFoundError)
    expect(isNotFoundError(error) && error.missing).toBe('todo')
    expect(isNotFoundError(error) && error.problem?.type).toBe(PROBLEM_TYPES.todoNotFound)
    expect((error as Error).message).toBe(
      '404 Not Found: GET http://todos.test/todos/9 (No todo with id 9)',
    )
  })

  it('says no route serves the URL when the base URL has a wrong path', async () => {
    const error = await clientAt('http://todos.test/api')
      .todos.get(1)
      .catch((error: unknown) => error)
    expect(error).toBeInstanceOf(NotFoundError)
    expect(isNotFoundError(error) && error.missing).toBe('route')
    expect(isNotFoundError(error) && error.problem?.type).toBe(PROBLEM_TYPES.routeNotFound)
    expect((error as Error).message).toBe(
      '404 Not Found: GET http://todos.test/api/todos/1 (No resource at /api/todos/1; the API serves /todos)',
    )
  })
})
