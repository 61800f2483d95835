import { KyError, TimeoutError as KyTimeoutError } from 'ky'
import { AbortError } from '../errors/AbortError.ts'
import { NetworkError } from '../errors/NetworkError.ts'
import { TimeoutError } from '../errors/TimeoutError.ts'
import type { RequestDescription } from '../errors/TodoClientError.ts'

/**
 * Translates a transport failure ky threw (no usable response) into the SDK's errors, so ky's
 * types never reach callers; `createSend` handles `HTTPError` itself, as a status. Anything else
 * (an error thrown by the caller's own hook or `fetch`) passes through unchanged.
 *
 * @param timeout the per-attempt timeout the call ran with, for `TimeoutError`.
 * @param signal the caller's signal: when it aborted, the failure is the caller's `AbortError`.
 */
export function toClientError(
  error: unknown,
  request: RequestDescription,
  timeout: number | false,
  signal: AbortSignal | undefined,
): unknown {
  if (error instanceof KyTimeoutError) return new TimeoutError(request, timeout || 0)
  if (signal?.aborted) return new AbortError(request, signal.reason)
  if (error instanceof KyError) return new NetworkError(request, error.cause)
  return error
}
