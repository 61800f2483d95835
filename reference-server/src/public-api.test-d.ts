import type { Todo } from '@todokit/sdk/contract'
import type { Hono } from 'hono'
import type { HttpHandler } from 'msw'
import { describe, expectTypeOf, it } from 'vitest'
import { type AppOptions, createApp, type MemoryStore, type TodoStore } from './index.ts'
import { createTodoHandlers } from './msw.ts'

describe('public types', () => {
  it('createApp takes optional options and returns a Hono app', () => {
    expectTypeOf(createApp).parameter(0).toEqualTypeOf<AppOptions | undefined>()
    expectTypeOf(createApp).returns.toEqualTypeOf<Hono>()
    expectTypeOf<MemoryStore>().toExtend<TodoStore>()
  })

  it('createTodoHandlers needs a baseUrl and takes contract todos', () => {
    expectTypeOf(createTodoHandlers).returns.toEqualTypeOf<HttpHandler[]>()
    expectTypeOf(createTodoHandlers)
      .parameter(0)
      .toHaveProperty('initial')
      .toEqualTypeOf<Iterable<Todo> | undefined>()
    // @ts-expect-error baseUrl is required
    createTodoHandlers({})
  })
})
