import { AbortError } from './AbortError.ts'
import { isErrorType } from './errorType.ts'
import { NetworkError } from './NetworkError.ts'
import { ResponseValidationError } from './ResponseValidationError.ts'
import { TimeoutError } from './TimeoutError.ts'
import { TodoApiError } from './TodoApiError.ts'
import { TodoClientError } from './TodoClientError.ts'

// Shorthands for `isErrorType(value, SomeError)`, which, unlike `instanceof`, also works across
// realms and across duplicate copies of the package.

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
