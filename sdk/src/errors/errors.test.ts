import { describe, expect, it, vi } from 'vitest'
import { AbortError } from './AbortError.ts'
import { BadRequestError } from './BadRequestError.ts'
import { ConflictError } from './ConflictError.ts'
import { createApiError } from './createApiError.ts'
import {
  isAbortError,
  isNetworkError,
  isResponseValidationError,
  isTimeoutError,
  isTodoApiError,
  isTodoClientError,
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
})

describe('transport errors', () => {
  it('keeps the cause of a network error and names it', () => {
    const cause = new TypeError('fetch failed')
    const error = new NetworkError(request, cause)
    expect(error.cause).toBe(cause)
    expect(error.message).toBe('Network error: GET http://127.0.0.1:3000/todos/9 (fetch failed)')
  })

  it('keeps the abort reason as the cause', () => {
    const reason = new DOMException('stop', 'AbortError')
    expect(new AbortError(request, reason).cause).toBe(reason)
  })

  it('each is named after its class', () => {
    for (const error of [
      new TodoClientError('TodoClientError', 'Failed', request),
      new TimeoutError(request, 10),
      new NetworkError(request, undefined),
      new AbortError(request, undefined),
      new ResponseValidationError({ ...request, status: 200, body: 1, issues: [] }),
    ]) {
      expect(error.name).toBe(error.constructor.name)
    }
  })

  it('none of them is an HTTP error', () => {
    for (const error of [
      new TimeoutError(request, 10),
      new NetworkError(request, undefined),
      new AbortError(request, undefined),
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
    timeout: new TimeoutError(request, 10),
    network: new NetworkError(request, undefined),
    abort: new AbortError(request, undefined),
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

  it('reject look-alikes that merely share a name', () => {
    expect(isAbortError(new DOMException('stop', 'AbortError'))).toBe(false)
    expect(isTimeoutError(Object.assign(new Error('x'), { name: 'TimeoutError' }))).toBe(false)
    for (const value of [undefined, null, 0, 'TodoApiError', {}]) {
      expect(isTodoClientError(value)).toBe(false)
    }
  })

  it('recognise errors from a second copy of the package, where instanceof fails', async () => {
    vi.resetModules()
    const copy = await import('./NotFoundError.ts')
    expect(copy.NotFoundError).not.toBe(NotFoundError)
    const foreign = new copy.NotFoundError({ ...request, status: 404 })
    expect(foreign instanceof TodoApiError).toBe(false)
    expect(isTodoApiError(foreign)).toBe(true)
    expect(isTodoClientError(foreign)).toBe(true)
  })
})
