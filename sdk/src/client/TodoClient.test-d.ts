import { describe, expectTypeOf, it } from 'vitest'
import type {
  ApiPromise,
  IterateOptions,
  OrderKey,
  RequestOptions,
  Todo,
  TodoCreateInput,
  TodoListParams,
  TodoPage,
  TodoPatchInput,
  TodoReplaceInput,
  WithResponse,
} from '../index.ts'
import { isTodoApiError, type TodoApiError, TodoClient } from '../index.ts'

const client = new TodoClient({ baseUrl: 'http://127.0.0.1:3000' })

describe('input and output types', () => {
  it('makes every todo field required on output', () => {
    expectTypeOf<Todo>().toHaveProperty('id').toEqualTypeOf<number>()
    expectTypeOf<Todo>().toHaveProperty('content').toEqualTypeOf<string>()
    expectTypeOf<Todo>().toHaveProperty('completed').toEqualTypeOf<boolean>()
  })

  it('leaves id and completed optional on create input', () => {
    expectTypeOf<{ content: string }>().toExtend<TodoCreateInput>()
    expectTypeOf<TodoCreateInput['id']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<TodoCreateInput['completed']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<TodoCreateInput>().not.toEqualTypeOf<Todo>()
    expectTypeOf<{ content: string }>().not.toExtend<Todo>()
  })

  it('requires the complete record on replace and only changeable fields on patch', () => {
    expectTypeOf<{ id: number; content: string }>().not.toExtend<TodoReplaceInput>()
    expectTypeOf<{ completed: true }>().toExtend<TodoPatchInput>()
    expectTypeOf<TodoPatchInput>().not.toHaveProperty('id')
  })

  it('refuses an empty patch, or one whose only field is undefined, at compile time', () => {
    expectTypeOf<Record<never, never>>().not.toExtend<TodoPatchInput>()
    expectTypeOf<{ completed: undefined }>().not.toExtend<TodoPatchInput>()
    expectTypeOf<{ content: 'Buy oat milk'; completed: undefined }>().toExtend<TodoPatchInput>()
    expectTypeOf<{ content: 'Buy oat milk'; completed: true }>().toExtend<TodoPatchInput>()
    // @ts-expect-error a patch must change something
    void client.todos.update(1, {})
  })
})

describe('paging', () => {
  it('returns one page as an array from list, and the page with its cursor from page', () => {
    expectTypeOf(client.todos.list({ limit: 10 })).resolves.toEqualTypeOf<Todo[]>()
    expectTypeOf(client.todos.page).returns.resolves.toEqualTypeOf<TodoPage>()
    expectTypeOf<TodoPage>().toEqualTypeOf<{
      todos: Todo[]
      nextCursor: string | undefined
    }>()
  })

  it('iterates todos with for await', async () => {
    for await (const todo of client.todos.iterate({ limit: 100 })) {
      expectTypeOf(todo).toEqualTypeOf<Todo>()
    }
    expectTypeOf(client.todos.iterate).returns.toExtend<AsyncIterable<Todo>>()
  })

  it('takes limit as a number and cursor as a string', () => {
    expectTypeOf<TodoListParams['limit']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<TodoListParams['cursor']>().toEqualTypeOf<string | undefined>()
    expectTypeOf(client.todos.iterate).parameter(1).toEqualTypeOf<IterateOptions | undefined>()
    // @ts-expect-error limit is a number, not text
    void client.todos.page({ limit: '10' })
  })
})

describe('TodoClient methods', () => {
  it('resolves with output types', () => {
    expectTypeOf(client.todos.list).returns.resolves.toEqualTypeOf<Todo[]>()
    expectTypeOf(client.todos.get).returns.resolves.toEqualTypeOf<Todo>()
    expectTypeOf(client.todos.create).returns.resolves.toEqualTypeOf<Todo>()
    expectTypeOf(client.todos.replace).returns.resolves.toEqualTypeOf<Todo>()
    expectTypeOf(client.todos.update).returns.resolves.toEqualTypeOf<Todo>()
    // The contract leaves the body of a DELETE response open.
    expectTypeOf(client.todos.delete).returns.resolves.toBeUnknown()
  })

  it('takes input types', () => {
    expectTypeOf(client.todos.create).parameter(0).toEqualTypeOf<TodoCreateInput>()
    expectTypeOf(client.todos.replace).parameter(1).toEqualTypeOf<TodoReplaceInput>()
    expectTypeOf(client.todos.update).parameter(1).toEqualTypeOf<TodoPatchInput>()
    expectTypeOf(client.todos.get).parameter(1).toEqualTypeOf<RequestOptions | undefined>()
  })

  it('accepts one order key or several, and only known keys', () => {
    expectTypeOf<{ order: '-id' }>().toExtend<TodoListParams>()
    expectTypeOf<{ order: OrderKey[] }>().toExtend<TodoListParams>()
    expectTypeOf<{ order: 'title' }>().not.toExtend<TodoListParams>()
    expectTypeOf<{ completed: 'false' }>().not.toExtend<TodoListParams>()
  })

  it('rejects unknown fields in inputs', () => {
    // @ts-expect-error `title` is not a todo field
    void client.todos.create({ content: 'a', title: 'b' })
    // @ts-expect-error `id` cannot be patched
    void client.todos.update(1, { id: 2 })
  })
})

describe('withResponse', () => {
  it('gives each call its data with the response, typed as awaiting the call would be', () => {
    expectTypeOf(client.todos.get(1).withResponse()).resolves.toEqualTypeOf<WithResponse<Todo>>()
    expectTypeOf<WithResponse<Todo>>().toEqualTypeOf<{ data: Todo; response: Response }>()
    expectTypeOf(client.todos.list().withResponse())
      .resolves.toHaveProperty('data')
      .toEqualTypeOf<Todo[]>()
    expectTypeOf(client.todos.page().withResponse())
      .resolves.toHaveProperty('data')
      .toEqualTypeOf<TodoPage>()
    expectTypeOf(client.todos.delete(1).withResponse())
      .resolves.toHaveProperty('data')
      .toBeUnknown()
  })

  it('is still a promise of the data for code that expects one', () => {
    expectTypeOf(client.todos.get(1)).toExtend<Promise<Todo>>()
    expectTypeOf(client.todos.create).returns.toEqualTypeOf<ApiPromise<Todo>>()
    expectTypeOf(client.todos.get(1).then((todo) => todo.id)).toEqualTypeOf<Promise<number>>()
  })
})

describe('guards', () => {
  it('narrow unknown errors', () => {
    const error: unknown = undefined
    if (isTodoApiError(error)) {
      expectTypeOf(error).toEqualTypeOf<TodoApiError>()
      expectTypeOf(error.status).toEqualTypeOf<number>()
    }
  })
})
