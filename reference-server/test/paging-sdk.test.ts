import { BadRequestError, TodoClient } from '@todokit/sdk'
import type { Todo } from '@todokit/sdk/contract'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app.ts'
import { listen, type RunningServer } from '../src/http/listen.ts'
import { createTodoHandlers } from '../src/msw.ts'
import { MemoryStore } from '../src/store/memory-store.ts'

const TODOS: Todo[] = Array.from({ length: 23 }, (_, index) => ({
  id: index + 1,
  content: `todo ${String.fromCharCode(97 + ((index * 7) % 26))}`,
  completed: index % 3 === 0,
}))

const mswBase = 'https://todos.example.test/api'
const msw = setupServer(...createTodoHandlers({ baseUrl: mswBase, initial: TODOS }))
let http: RunningServer

beforeAll(async () => {
  msw.listen({ onUnhandledFrame: 'bypass' })
  http = await listen(createApp({ store: new MemoryStore(TODOS) }), { port: 0 })
})
afterAll(async () => {
  msw.close()
  await http.close()
})

const CLIENTS = {
  'the msw handlers': () => new TodoClient({ baseUrl: mswBase, retry: 0 }),
  'the server over HTTP': () => new TodoClient({ baseUrl: http.url, retry: 0 }),
}

describe.each(Object.entries(CLIENTS))('paging %s through the SDK', (_, makeClient) => {
  it('iterates every page into the list the unpaged query returns', async () => {
    const client = makeClient()
    for (const query of [{}, { order: ['-completed', 'content'] as const }, { q: 'TODO A' }]) {
      const whole = await client.todos.list(query)
      const walked: Todo[] = []
      for await (const todo of client.todos.iterate({ ...query, limit: 4 })) walked.push(todo)
      expect(walked, JSON.stringify(query)).toEqual(whole)
    }
  })

  it('pages on demand with nextCursor until the last page', async () => {
    const client = makeClient()
    const sizes: number[] = []
    let cursor: string | undefined
    do {
      const page = await client.todos.page({ completed: false, limit: 5, cursor })
      sizes.push(page.todos.length)
      cursor = page.nextCursor
    } while (cursor !== undefined)
    expect(sizes).toEqual([5, 5, 5])
  })

  it('turns a cursor used with another query into BadRequestError naming /cursor', async () => {
    const client = makeClient()
    const { nextCursor } = await client.todos.page({ completed: true, limit: 2 })
    const error = await client.todos
      .page({ completed: false, limit: 2, cursor: nextCursor })
      .catch((error: unknown) => error)
    expect(error).toBeInstanceOf(BadRequestError)
    expect(error).toMatchObject({ problem: { errors: [{ pointer: '/cursor' }] } })
  })
})
