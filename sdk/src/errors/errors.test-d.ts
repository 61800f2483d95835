import { describe, expectTypeOf, it } from 'vitest'
import type { ReceivedProblem } from '../contract/problem.ts'
import {
  type BadRequestError,
  type ConflictError,
  isBadRequestError,
  isConflictError,
  isNotFoundError,
  isPreconditionFailedError,
  isRateLimitError,
  isServerError,
  isTodoApiError,
  isUnprocessableContentError,
  NotFoundError,
  type PreconditionFailedError,
  type RateLimitError,
  type ServerError,
  TimeoutError,
  type TodoApiError,
  type TodoApiErrorInit,
  TodoClientError,
  type UnprocessableContentError,
} from '../index.ts'
import { isErrorType } from '../internal.ts'

const request = { method: 'GET', url: 'http://127.0.0.1:3000/todos/9' }

describe('error classes', () => {
  it('type each status class by its status', () => {
    expectTypeOf<NotFoundError['status']>().toEqualTypeOf<404>()
    expectTypeOf<RateLimitError['status']>().toEqualTypeOf<429>()
    expectTypeOf<ServerError['status']>().toEqualTypeOf<number>()
    expectTypeOf<TodoApiError['status']>().toEqualTypeOf<number>()
  })

  it('are built from a named init object, and only from one', () => {
    expectTypeOf(NotFoundError).constructorParameters.toEqualTypeOf<[TodoApiErrorInit<404>]>()
    void new NotFoundError({ ...request, status: 404 })
    // @ts-expect-error a NotFoundError is a 404
    void new NotFoundError({ ...request, status: 500 })
    // @ts-expect-error no positional arguments
    void new TimeoutError(request, 10)
    // @ts-expect-error the summary is named
    void new TodoClientError('TodoClientError', 'Failed', request)
  })
})

describe('isErrorType', () => {
  it('narrows to the class it is given', () => {
    const error: unknown = undefined
    if (isErrorType(error, NotFoundError)) {
      expectTypeOf(error).toEqualTypeOf<NotFoundError>()
      expectTypeOf(error.status).toEqualTypeOf<404>()
    }
    if (isErrorType(error, TimeoutError)) expectTypeOf(error.timeout).toEqualTypeOf<number>()
  })
})

describe('status guards', () => {
  it('each narrows to its class and its literal status', () => {
    const error: unknown = undefined
    if (isBadRequestError(error)) expectTypeOf(error).toEqualTypeOf<BadRequestError>()
    if (isNotFoundError(error)) {
      expectTypeOf(error).toEqualTypeOf<NotFoundError>()
      expectTypeOf(error.status).toEqualTypeOf<404>()
      expectTypeOf(error.missing).toEqualTypeOf<'todo' | 'route' | undefined>()
    }
    if (isConflictError(error)) expectTypeOf(error.status).toEqualTypeOf<409>()
    if (isPreconditionFailedError(error)) {
      expectTypeOf(error).toEqualTypeOf<PreconditionFailedError>()
    }
    if (isUnprocessableContentError(error)) {
      expectTypeOf(error).toEqualTypeOf<UnprocessableContentError>()
    }
    if (isRateLimitError(error)) expectTypeOf(error).toEqualTypeOf<RateLimitError>()
    if (isServerError(error)) expectTypeOf(error).toEqualTypeOf<ServerError>()
    if (isConflictError(error)) expectTypeOf(error).toEqualTypeOf<ConflictError>()
  })

  it('leave status-specific members off the general guard', () => {
    const error: unknown = undefined
    if (isTodoApiError(error)) {
      // @ts-expect-error `missing` belongs to NotFoundError; narrow with isNotFoundError
      void error.missing
    }
  })
})

describe('problem', () => {
  it('types every member as possibly missing, field errors included', () => {
    expectTypeOf<TodoApiError['problem']>().toEqualTypeOf<ReceivedProblem | undefined>()
    expectTypeOf<ReceivedProblem['detail']>().toEqualTypeOf<string | undefined>()
    type FieldError = NonNullable<ReceivedProblem['errors']>[number]
    expectTypeOf<FieldError['pointer']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<FieldError['detail']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<{ errors: [{ pointer: string }] }>().toExtend<ReceivedProblem>()
  })
})
