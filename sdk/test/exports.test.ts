import { expect, it } from 'vitest'
import * as sdk from '../src/index.ts'
import * as internal from '../src/internal.ts'

it('exports the client, its errors and their guards from the root, and no internals', () => {
  expect(Object.keys(sdk).sort()).toEqual([
    'AbortError',
    'BadRequestError',
    'ConflictError',
    'NetworkError',
    'NotFoundError',
    'PagingError',
    'PreconditionFailedError',
    'RateLimitError',
    'RedirectError',
    'ResponseTooLargeError',
    'ResponseValidationError',
    'ServerError',
    'TimeoutError',
    'TodoApiError',
    'TodoClient',
    'TodoClientError',
    'UnprocessableContentError',
    'isAbortError',
    'isBadRequestError',
    'isConflictError',
    'isNetworkError',
    'isNotFoundError',
    'isPagingError',
    'isPreconditionFailedError',
    'isRateLimitError',
    'isRedirectError',
    'isResponseTooLargeError',
    'isResponseValidationError',
    'isServerError',
    'isTimeoutError',
    'isTodoApiError',
    'isTodoClientError',
    'isUnprocessableContentError',
  ])
})

it('keeps what the other todokit packages share with the SDK on the internal subpath', () => {
  expect(Object.keys(internal).sort()).toEqual([
    'NetworkError',
    'RedirectError',
    'ResponseTooLargeError',
    'TimeoutError',
    'brandError',
    'followRedirects',
    'isErrorType',
    'readBody',
  ])
})
