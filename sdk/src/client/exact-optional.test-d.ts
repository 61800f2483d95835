import { describe, expectTypeOf, it } from 'vitest'
import {
  type RequestOptions,
  TodoClient,
  type TodoClientOptions,
  type TodoListParams,
} from '../index.ts'

// Compiled with `exactOptionalPropertyTypes: true` (sdk/tsconfig.json), as strict applications
// are: there an optional member refuses an explicit `undefined` unless its type names it.
declare const maybe: {
  timeout: number | undefined
  signal: AbortSignal | undefined
  completed: boolean | undefined
  limit: number | undefined
  headers: HeadersInit | undefined
}

describe('options under exactOptionalPropertyTypes', () => {
  it('accept an explicit undefined for every optional client option', () => {
    expectTypeOf({
      baseUrl: 'http://127.0.0.1:3000',
      headers: undefined,
      timeout: undefined,
      retry: undefined,
      fetch: undefined,
      validate: undefined,
      hooks: undefined,
    }).toExtend<TodoClientOptions>()
    void new TodoClient({ baseUrl: 'http://127.0.0.1:3000', timeout: maybe.timeout })
  })

  it('accept an explicit undefined for every list parameter', () => {
    expectTypeOf({
      completed: undefined,
      q: undefined,
      order: undefined,
      limit: undefined,
      cursor: undefined,
    }).toExtend<TodoListParams>()
    const client = new TodoClient({ baseUrl: 'http://127.0.0.1:3000' })
    void client.todos.list({ completed: maybe.completed, limit: maybe.limit })
  })

  it('accept an explicit undefined for every per-call option', () => {
    expectTypeOf({
      signal: undefined,
      timeout: undefined,
      headers: undefined,
    }).toExtend<RequestOptions>()
    const client = new TodoClient({ baseUrl: 'http://127.0.0.1:3000' })
    void client.todos.get(1, { signal: maybe.signal, headers: maybe.headers })
  })
})
