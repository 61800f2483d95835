import { isHTTPError, isKyError, isTimeoutError } from 'ky'
import { AbortError } from '../errors/AbortError.ts'
import { createApiError } from '../errors/createApiError.ts'
import { NetworkError } from '../errors/NetworkError.ts'
import { TimeoutError } from '../errors/TimeoutError.ts'
import type { RequestDescription } from '../errors/TodoClientError.ts'

/** What `toClientError` needs to know about the call that failed. */
export interface FailedCall extends RequestDescription {
  timeout: number | false
  signal: AbortSignal | undefined
}

/**
 * Translates what ky threw into the SDK's errors, so ky's types never reach callers. Anything
 * else (an error thrown by the caller's own hook or `fetch`) passes through unchanged.
 */
export function toClientError(error: unknown, call: FailedCall): unknown {
  const request = { method: call.method, url: call.url }
  if (isHTTPError(error)) {
    const { status, statusText, headers } = error.response
    return createApiError({ ...request, status, statusText, headers, body: error.data })
  }
  if (isTimeoutError(error)) return new TimeoutError(request, call.timeout || 0)
  if (call.signal?.aborted) return new AbortError(request, call.signal.reason)
  if (isKyError(error)) return new NetworkError(request, error.cause)
  return error
}
