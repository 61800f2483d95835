import { describe, expectTypeOf, it } from 'vitest'
import type { Todo, TodoCreateInput, TodoPatchInput, TodoReplaceInput } from '../index.ts'
import type { OperationBody, OperationResult, Reply, Send } from './send.ts'

declare const send: Send

describe('send', () => {
  it('resolves with what the contract says each operation returns', () => {
    expectTypeOf(send('list', '/todos')).resolves.toEqualTypeOf<Reply<'list'>>()
    expectTypeOf<Reply<'list'>['body']>().toEqualTypeOf<Todo[]>()
    expectTypeOf(send('get', '/todos/1')).resolves.toHaveProperty('body').toEqualTypeOf<Todo>()
    expectTypeOf(send('create', '/todos', {}, { content: 'a' }))
      .resolves.toHaveProperty('body')
      .toEqualTypeOf<Todo>()
    expectTypeOf<Reply<'list'>['response']>().toEqualTypeOf<Response>()
    expectTypeOf<OperationResult<'replace'>>().toEqualTypeOf<Todo>()
    expectTypeOf<OperationResult<'update'>>().toEqualTypeOf<Todo>()
    // The contract leaves the body of a DELETE response open.
    expectTypeOf(send('delete', '/todos/1')).resolves.toHaveProperty('body').toBeUnknown()
  })

  it('takes the body each operation sends, and none where there is none', () => {
    expectTypeOf<OperationBody<'create'>>().toEqualTypeOf<TodoCreateInput>()
    expectTypeOf<OperationBody<'replace'>>().toEqualTypeOf<TodoReplaceInput>()
    // The SDK's patch input is narrower than the schema's (at least one field); send takes both.
    expectTypeOf<TodoPatchInput>().toExtend<OperationBody<'update'>>()
    expectTypeOf<OperationBody<'get'>>().toEqualTypeOf<undefined>()
    // @ts-expect-error a create needs `content`
    void send('create', '/todos', {}, { completed: true })
    // @ts-expect-error a GET has no body
    void send('get', '/todos/1', {}, { content: 'a' })
  })
})
