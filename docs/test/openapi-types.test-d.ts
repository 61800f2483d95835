import type { Todo, TodoCreateInput, TodoPatchInput, TodoReplaceInput } from '@todokit/sdk'
import { describe, expectTypeOf, it } from 'vitest'
import type { components, operations } from './generated/openapi.ts'

// Types openapi-typescript generated from the served /openapi.json (docs/test/generated, kept
// fresh by generated-files.test.ts) against the SDK's own types, in both directions: if the
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
    expectTypeOf<JsonResponse<'get', 200>>().toExtend<Todo>()
    expectTypeOf<Todo>().toExtend<JsonResponse<'get', 200>>()
  })

  it('describe the list as an array of the SDK’s todos, in both directions', () => {
    expectTypeOf<JsonResponse<'list', 200>>().toExtend<Todo[]>()
    expectTypeOf<Todo[]>().toExtend<JsonResponse<'list', 200>>()
  })

  it('describe the create body as the SDK’s create input, in both directions', () => {
    expectTypeOf<JsonBody<'create'>>().toExtend<TodoCreateInput>()
    expectTypeOf<TodoCreateInput>().toExtend<JsonBody<'create'>>()
    expectTypeOf<JsonResponse<'create', 201>>().toExtend<Todo>()
  })

  it('describe the replace body as the SDK’s replace input, in both directions', () => {
    expectTypeOf<JsonBody<'replace'>>().toExtend<TodoReplaceInput>()
    expectTypeOf<TodoReplaceInput>().toExtend<JsonBody<'replace'>>()
    expectTypeOf<JsonResponse<'replace', 200>>().toExtend<Todo>()
  })

  it('describe the patch body as the SDK’s patch input, in both directions', () => {
    expectTypeOf<JsonBody<'update'>>().toExtend<TodoPatchInput>()
    expectTypeOf<TodoPatchInput>().toExtend<JsonBody<'update'>>()
    expectTypeOf<JsonResponse<'update', 200>>().toExtend<Todo>()
  })

  it('would notice a drift: an optional create field is not a required one', () => {
    expectTypeOf<JsonBody<'create'>>().not.toExtend<Required<TodoCreateInput>>()
    expectTypeOf<Partial<TodoReplaceInput>>().not.toExtend<JsonBody<'replace'>>()
  })
})
