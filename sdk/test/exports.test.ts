import { expect, it } from 'vitest'
import * as sdk from '../src/index.ts'

it('exports the client, its errors and their guards from the root, and no internals', () => {
  expect(Object.keys(sdk).sort()).toEqual([
    'AbortError',
    'BadRequestError',
    'ConflictError',
    'NetworkError',
    'NotFoundError',
    'PreconditionFailedError',
    'RateLimitError',
    'ResponseValidationError',
    'ServerError',
    'TimeoutError',
    'TodoApiError',
    'TodoClient',
    'TodoClientError',
    'UnprocessableContentError',
    'brandError',
    'isAbortError',
    'isBadRequestError',
    'isConflictError',
    'isErrorType',
    'isNetworkError',
    'isNotFoundError',
    'isPreconditionFailedError',
    'isRateLimitError',
    'isResponseValidationError',
    'isServerError',
    'isTimeoutError',
    'isTodoApiError',
    'isTodoClientError',
    'isUnprocessableContentError',
  ])
})
