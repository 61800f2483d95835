import { describe, expect, it, vi } from 'vitest'
import { PROBLEM_TYPES } from '../contract/problem.ts'
import { AbortError } from './AbortError.ts'
import { BadRequestError } from './BadRequestError.ts'
import { ConflictError } from './ConflictError.ts'
import { createApiError } from './createApiError.ts'
import { brandError, isErrorType } from './errorType.ts'
import {
  isAbortError,
  isBadRequestError,
  isConflictError,
  isNetworkError,
  isNotFoundError,
  isPreconditionFailedError,
  isRateLimitError,
  isResponseValidationError,
  isServerError,
  isTimeoutError,
  isTodoApiError,
  isTodoClientError,
  isUnprocessableContentError,
} from './guards.ts'
import { NetworkError } from './NetworkError.ts'
import { NotFoundError } from './NotFoundError.ts'
import { PreconditionFailedError } from './PreconditionFailedError.ts'
import { RateLimitError } from './RateLimitError.ts'
import { ResponseValidationError } from './ResponseValidationError.ts'
import { ServerError } from './ServerError.ts'
import { TimeoutError } from './TimeoutError.ts'
import { TodoApiError } from './TodoApiError.ts'
import { TodoClientError } from './TodoClientError.ts'
import { UnprocessableContentError } from './UnprocessableContentError.ts'

const request = { method: 'GET', url: 'http://127.0.0.1:3000/todos/9' }

describe('createApiError', () => {
  it.each([
    [400, BadRequestError],
    [404, NotFoundError],
    [409, ConflictError],
    [412, PreconditionFailedError],
    [422, UnprocessableContentError],
    [429, RateLimitError],
    [500, ServerError],
    [502, ServerError],
    [599, ServerError],
    [401, TodoApiError],
    [418, TodoApiError],
    [204, TodoApiError],
  ])('maps %i to %o', (status, ErrorClass) => {
    const error = createApiError({ ...request, status })
    expect(error.constructor).toBe(ErrorClass)
    expect(error.name).toBe(ErrorClass.name)
  })
})

describe('TodoApiError', () => {
  it('names status, reason, method and URL in its message', () => {
    const error = new TodoApiError({ ...request, status: 404, statusText: 'Not Found' })
    expect(error.message).toBe('404 Not Found: GET http://127.0.0.1:3000/todos/9')
  })

  it('keeps the reason phrase the server sent', () => {
    expect(new TodoApiError({ ...request, status: 404, statusText: 'Nope' }).statusText).toBe(
      'Nope',
    )
  })

  it('falls back to the standard phrase when the server sent none', () => {
    expect(new TodoApiError({ ...request, status: 503, statusText: '' }).statusText).toBe(
      'Service Unavailable',
    )
  })

  it('takes problem details only from an application/problem+json body', () => {
    const body = { title: 'Conflict', detail: 'id 1 is taken' }
    const asProblem = new TodoApiError({
      ...request,
      status: 409,
      headers: { 'content-type': 'application/problem+json; charset=utf-8' },
      body,
    })
    expect(asProblem.problem).toEqual(body)
    expect(asProblem.message).toMatch(/\(id 1 is taken\)$/)
    const asJson = new TodoApiError({
      ...request,
      status: 409,
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(asJson.problem).toBeUndefined()
  })

  it('takes problem details only from a JSON object, whatever the content type says', () => {
    const error = new TodoApiError({
      ...request,
      status: 502,
      headers: { 'content-type': 'application/problem+json' },
      body: 'Bad Gateway',
    })
    expect(error.problem).toBeUndefined()
    expect(error.body).toBe('Bad Gateway')
  })
})

describe('NotFoundError', () => {
  const notFound = (body: unknown) =>
    new NotFoundError({
      ...request,
      status: 404,
      headers: { 'content-type': 'application/problem+json' },
      body,
    })

  it('tells a missing todo from a missing route by the problem type', () => {
    expect(notFound({ type: PROBLEM_TYPES.todoNotFound }).missing).toBe('todo')
    expect(notFound({ type: PROBLEM_TYPES.routeNotFound }).missing).toBe('route')
  })

  it('does not guess when the server does not say', () => {
    expect(notFound({ type: 'about:blank', detail: 'Not here' }).missing).toBeUndefined()
    expect(notFound({}).missing).toBeUndefined()
    expect(notFound('Not Found').missing).toBeUndefined()
  })
})

describe('TodoClientError', () => {
  it('reads its message from the named parts of its init', () => {
    const error = new TodoClientError({ ...request, summary: 'Failed', detail: 'it broke' })
    expect(error.message).toBe('Failed: GET http://127.0.0.1:3000/todos/9 (it broke)')
    expect(error).toMatchObject({ name: 'TodoClientError', ...request })
  })

  it('has a cause only when one is given', () => {
    expect('cause' in new TodoClientError({ ...request, summary: 'Failed' })).toBe(false)
    const cause = new Error('underneath')
    expect(new TodoClientError({ ...request, summary: 'Failed', cause }).cause).toBe(cause)
  })
})

describe('transport errors', () => {
  it('keeps the cause of a network error and names it', () => {
    const cause = new TypeError('fetch failed')
    const error = new NetworkError({ ...request, cause })
    expect(error.cause).toBe(cause)
    expect(error.message).toBe('Network error: GET http://127.0.0.1:3000/todos/9 (fetch failed)')
  })

  it('keeps the abort reason as the cause', () => {
    const reason = new DOMException('stop', 'AbortError')
    expect(new AbortError({ ...request, cause: reason }).cause).toBe(reason)
  })

  it('each is named after its class', () => {
    for (const error of [
      new TodoClientError({ ...request, summary: 'Failed' }),
      new TimeoutError({ ...request, timeout: 10 }),
      new NetworkError({ ...request, cause: undefined }),
      new AbortError({ ...request, cause: undefined }),
      new ResponseValidationError({ ...request, status: 200, body: 1, issues: [] }),
    ]) {
      expect(error.name).toBe(error.constructor.name)
    }
  })

  it('none of them is an HTTP error', () => {
    for (const error of [
      new TimeoutError({ ...request, timeout: 10 }),
      new NetworkError({ ...request, cause: undefined }),
      new AbortError({ ...request, cause: undefined }),
      new ResponseValidationError({ ...request, status: 200, body: 1, issues: [] }),
    ]) {
      expect(isTodoApiError(error), error.name).toBe(false)
      expect(isTodoClientError(error), error.name).toBe(true)
    }
  })
})

describe('guards', () => {
  const samples = {
    api: new NotFoundError({ ...request, status: 404 }),
    timeout: new TimeoutError({ ...request, timeout: 10 }),
    network: new NetworkError({ ...request, cause: undefined }),
    abort: new AbortError({ ...request, cause: undefined }),
    validation: new ResponseValidationError({ ...request, status: 200, body: 1, issues: [] }),
  }
  const guards = {
    api: isTodoApiError,
    timeout: isTimeoutError,
    network: isNetworkError,
    abort: isAbortError,
    validation: isResponseValidationError,
  }

  it('each recognises its own kind and no other', () => {
    for (const [guardName, guard] of Object.entries(guards)) {
      for (const [sampleName, sample] of Object.entries(samples)) {
        expect(guard(sample), `${guardName}(${sampleName})`).toBe(guardName === sampleName)
      }
    }
  })

  it('each status guard recognises its own class and no other status class', () => {
    const statusGuards = [
      [isBadRequestError, 400],
      [isNotFoundError, 404],
      [isConflictError, 409],
      [isPreconditionFailedError, 412],
      [isUnprocessableContentError, 422],
      [isRateLimitError, 429],
      [isServerError, 503],
    ] as const
    for (const [guard, status] of statusGuards) {
      for (const other of [400, 401, 404, 409, 412, 422, 429, 503]) {
        const error = createApiError({ ...request, status: other })
        expect(guard(error), `${guard.name}(${other})`).toBe(other === status)
        expect(isTodoApiError(error)).toBe(true)
      }
    }
  })

  it('reject look-alikes that merely share a name', () => {
    expect(isAbortError(new DOMException('stop', 'AbortError'))).toBe(false)
    expect(isTimeoutError(Object.assign(new Error('x'), { name: 'TimeoutError' }))).toBe(false)
    for (const value of [undefined, null, 0, 'TodoApiError', {}]) {
      expect(isTodoClientError(value)).toBe(false)
    }
  })

  it('isErrorType recognises each class and the classes it extends, and no other', () => {
    const notFound = samples.api
    expect(isErrorType(notFound, NotFoundError)).toBe(true)
    expect(isErrorType(notFound, TodoApiError)).toBe(true)
    expect(isErrorType(notFound, TodoClientError)).toBe(true)
    expect(isErrorType(notFound, ConflictError)).toBe(false)
    expect(isErrorType(createApiError({ ...request, status: 503 }), ServerError)).toBe(true)
    expect(isErrorType(samples.timeout, NotFoundError)).toBe(false)
  })

  it('isErrorType recognises a subclass made outside the SDK as each class it extends', () => {
    class MissingTodoError extends NotFoundError {}
    const error = new MissingTodoError({ ...request, status: 404 })
    expect(error.name).toBe('NotFoundError')
    expect(isErrorType(error, NotFoundError)).toBe(true)
    expect(isTodoApiError(error)).toBe(true)
  })

  it('brandError makes any error class recognisable by isErrorType', () => {
    class IdTakenError extends Error {
      static readonly type = 'IdTakenError'
      constructor() {
        super('id 1 is taken')
        brandError(this, new.target)
      }
    }
    class Unbranded extends Error {
      static readonly type = 'IdTakenError'
    }
    expect(isErrorType(new IdTakenError(), IdTakenError)).toBe(true)
    expect(isErrorType(new Unbranded(), IdTakenError)).toBe(false)
    expect(isTodoClientError(new IdTakenError())).toBe(false)
  })

  it('recognise errors from a second copy of the package, where instanceof fails', async () => {
    vi.resetModules()
    const copy = await import('./NotFoundError.ts')
    expect(copy.NotFoundError).not.toBe(NotFoundError)
    const foreign = new copy.NotFoundError({ ...request, status: 404 })
    expect(foreign instanceof TodoApiError).toBe(false)
    expect(isTodoApiError(foreign)).toBe(true)
    expect(isTodoClientError(foreign)).toBe(true)
    expect(isErrorType(foreign, NotFoundError)).toBe(true)
  })
})
