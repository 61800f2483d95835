import { AbortError } from './AbortError.ts'
import { BadRequestError } from './BadRequestError.ts'
import { ConflictError } from './ConflictError.ts'
import { isErrorType } from './errorType.ts'
import { NetworkError } from './NetworkError.ts'
import { NotFoundError } from './NotFoundError.ts'
import { PagingError } from './PagingError.ts'
import { PreconditionFailedError } from './PreconditionFailedError.ts'
import { RateLimitError } from './RateLimitError.ts'
import { RedirectError } from './RedirectError.ts'
import { ResponseTooLargeError } from './ResponseTooLargeError.ts'
import { ResponseValidationError } from './ResponseValidationError.ts'
import { ServerError } from './ServerError.ts'
import { TimeoutError } from './TimeoutError.ts'
import { TodoApiError } from './TodoApiError.ts'
import { TodoClientError } from './TodoClientError.ts'
import { UnprocessableContentError } from './UnprocessableContentError.ts'

// Shorthands for `isErrorType(value, SomeError)`, which, unlike `instanceof`, also works across
// realms and across duplicate copies of the package. `isTodoApiError(error) && error.status ===
// 404` cannot narrow to `NotFoundError`: a status without a class of its own is a `TodoApiError`
// typed `number`, which 404 also fits. Hence one guard per status class.

/**
 * Whether `value` is any error thrown by `TodoClient`.
 *
 * @example
 * if (isTodoClientError(error)) console.error(error.method, error.url)
 */
export function isTodoClientError(value: unknown): value is TodoClientError {
  return isErrorType(value, TodoClientError)
}

/**
 * Whether `value` is a `TodoApiError` (or a subclass): the server answered with an error status.
 *
 * @example
 * if (isTodoApiError(error) && error.status === 404) return undefined
 */
export function isTodoApiError(value: unknown): value is TodoApiError {
  return isErrorType(value, TodoApiError)
}

/**
 * Whether `value` is a `BadRequestError` (400): the server could not read the request.
 *
 * @example
 * if (isBadRequestError(error)) for (const { pointer, detail } of error.problem?.errors ?? []) console.warn(pointer, detail)
 */
export function isBadRequestError(value: unknown): value is BadRequestError {
  return isErrorType(value, BadRequestError)
}

/**
 * Whether `value` is a `NotFoundError` (404): no such todo or, with `missing === 'route'`, no
 * such URL.
 *
 * @example
 * if (isNotFoundError(error) && error.missing !== 'route') return undefined
 */
export function isNotFoundError(value: unknown): value is NotFoundError {
  return isErrorType(value, NotFoundError)
}

/**
 * Whether `value` is a `ConflictError` (409), e.g. an id that is taken.
 *
 * @example
 * if (isConflictError(error)) return client.todos.create({ content }) // let the server pick an id
 */
export function isConflictError(value: unknown): value is ConflictError {
  return isErrorType(value, ConflictError)
}

/**
 * Whether `value` is a `PreconditionFailedError` (412): an `if-match` ETag was stale.
 *
 * @example
 * if (isPreconditionFailedError(error)) todo = await client.todos.get(id) // reload, then retry
 */
export function isPreconditionFailedError(value: unknown): value is PreconditionFailedError {
  return isErrorType(value, PreconditionFailedError)
}

/**
 * Whether `value` is an `UnprocessableContentError` (422): a server rule refused the request.
 *
 * @example
 * if (isUnprocessableContentError(error)) console.warn(error.problem?.detail)
 */
export function isUnprocessableContentError(value: unknown): value is UnprocessableContentError {
  return isErrorType(value, UnprocessableContentError)
}

/**
 * Whether `value` is a `RateLimitError` (429), thrown after the retries ran out.
 *
 * @example
 * if (isRateLimitError(error)) console.warn('retry after', error.headers.get('retry-after'))
 */
export function isRateLimitError(value: unknown): value is RateLimitError {
  return isErrorType(value, RateLimitError)
}

/**
 * Whether `value` is a `ServerError` (any 5xx).
 *
 * @example
 * if (isServerError(error)) console.error(error.status, error.problem?.detail)
 */
export function isServerError(value: unknown): value is ServerError {
  return isErrorType(value, ServerError)
}

/**
 * Whether `value` is a `TimeoutError`.
 *
 * @example
 * if (isTimeoutError(error)) console.warn(`no answer within ${error.timeout} ms`)
 */
export function isTimeoutError(value: unknown): value is TimeoutError {
  return isErrorType(value, TimeoutError)
}

/**
 * Whether `value` is a `NetworkError`.
 *
 * @example
 * if (isNetworkError(error)) console.warn('offline?', error.cause)
 */
export function isNetworkError(value: unknown): value is NetworkError {
  return isErrorType(value, NetworkError)
}

/**
 * Whether `value` is an `AbortError` thrown because the caller's signal aborted.
 *
 * @example
 * if (isAbortError(error)) return // the user navigated away
 */
export function isAbortError(value: unknown): value is AbortError {
  return isErrorType(value, AbortError)
}

/**
 * Whether `value` is a `ResponseValidationError`: a success response whose body breaks the
 * contract.
 *
 * @example
 * if (isResponseValidationError(error)) console.error(error.issues)
 */
export function isResponseValidationError(value: unknown): value is ResponseValidationError {
  return isErrorType(value, ResponseValidationError)
}

/**
 * Whether `value` is a `ResponseTooLargeError`: a body over the client's `maxResponseSize`.
 *
 * @example
 * if (isResponseTooLargeError(error)) console.warn(`over ${error.limit} bytes`)
 */
export function isResponseTooLargeError(value: unknown): value is ResponseTooLargeError {
  return isErrorType(value, ResponseTooLargeError)
}

/**
 * Whether `value` is a `RedirectError`: a redirect the client refused to follow.
 *
 * @example
 * if (isRedirectError(error)) console.error('the API moved to', error.location)
 */
export function isRedirectError(value: unknown): value is RedirectError {
  return isErrorType(value, RedirectError)
}

/**
 * Whether `value` is a `PagingError`: `iterate()` stopped on a loop or at `maxPages`.
 *
 * @example
 * if (isPagingError(error)) console.warn(error.message)
 */
export function isPagingError(value: unknown): value is PagingError {
  return isErrorType(value, PagingError)
}
