import { describe, expectTypeOf, it } from 'vitest'
import {
  isErrorType,
  NotFoundError,
  type RateLimitError,
  type ServerError,
  TimeoutError,
  type TodoApiError,
  type TodoApiErrorInit,
  TodoClientError,
} from '../index.ts'

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
