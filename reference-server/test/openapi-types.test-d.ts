import type { Todo, TodoCreateInput, TodoPatchInput, TodoReplaceInput } from '@todokit/sdk'
import { describe, expectTypeOf, it } from 'vitest'
import type { components, operations } from './generated/openapi.ts'

// Types openapi-typescript generated from the served /openapi.json (test/generated, kept fresh
// by the generated-files test) against the SDK's own types, in both directions: if the
// document or the SDK drifts, one of these assignments stops compiling.
type Schemas = components['schemas']
type JsonBody<Name extends keyof operations> = operations[Name]['requestBody'] extends {
  content: { 'application/json': infer Body }
}
  ? Body
  : never
type JsonResponse<
  Name extends keyof operations,
  Status extends keyof operations[Name]['responses'],
> = operations[Name]['responses'][Status] extends { content: { 'application/json': infer Body } }
  ? Body
  : never

describe('types generated from /openapi.json', () => {
  it('describe a todo as the SDK returns it, in both directions', () => {
    expectTypeOf<Schemas['Todo']>().toExtend<Todo>()
    expectTypeOf<Todo>().toExtend<Schemas['Todo']>()
    expectTypeOf<JsonResponse<'getTodo', 200>>().toExtend<Todo>()
    expectTypeOf<Todo>().toExtend<JsonResponse<'getTodo', 200>>()
  })

  it('describe the list as an array of the SDK’s todos, in both directions', () => {
    expectTypeOf<JsonResponse<'listTodos', 200>>().toExtend<Todo[]>()
    expectTypeOf<Todo[]>().toExtend<JsonResponse<'listTodos', 200>>()
  })

  it('describe the create body as the SDK’s create input, in both directions', () => {
    expectTypeOf<JsonBody<'createTodo'>>().toExtend<TodoCreateInput>()
    expectTypeOf<TodoCreateInput>().toExtend<JsonBody<'createTodo'>>()
    expectTypeOf<JsonResponse<'createTodo', 201>>().toExtend<Todo>()
  })

  it('describe the replace body as the SDK’s replace input, in both directions', () => {
    expectTypeOf<JsonBody<'replaceTodo'>>().toExtend<TodoReplaceInput>()
    expectTypeOf<TodoReplaceInput>().toExtend<JsonBody<'replaceTodo'>>()
    expectTypeOf<JsonResponse<'replaceTodo', 200>>().toExtend<Todo>()
  })

  it('describe the patch body as the SDK’s patch input, and refuse an empty one', () => {
    expectTypeOf<JsonBody<'updateTodo'>>().toExtend<TodoPatchInput>()
    expectTypeOf<Record<never, never>>().not.toExtend<TodoPatchInput>()
    expectTypeOf<{ completed: true }>().toExtend<JsonBody<'updateTodo'>>()
    expectTypeOf<{ content: 'Buy milk' }>().toExtend<JsonBody<'updateTodo'>>()
    expectTypeOf<Record<string, never>>().not.toExtend<JsonBody<'updateTodo'>>()
    expectTypeOf<JsonResponse<'updateTodo', 200>>().toExtend<Todo>()
  })

  it('would notice a drift: an optional create field is not a required one', () => {
    expectTypeOf<JsonBody<'createTodo'>>().not.toExtend<Required<TodoCreateInput>>()
    expectTypeOf<Partial<TodoReplaceInput>>().not.toExtend<JsonBody<'replaceTodo'>>()
  })
})
