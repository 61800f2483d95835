import { type RequestDescription, TodoClientError } from './TodoClientError.ts'

/** What a `NetworkError` is built from. */
export interface NetworkErrorInit extends RequestDescription {
  /** The runtime's own error, e.g. a `TypeError('fetch failed')`. */
  cause: unknown
}

/**
 * No HTTP response arrived: DNS failure, connection refused or reset, offline. `cause` holds the
 * runtime's own error. GET, PUT and DELETE were retried before this is thrown.
 *
 * @example
 * try {
 *   await client.todos.list()
 * } catch (error) {
 *   if (isNetworkError(error)) console.warn('server unreachable', error.cause)
 * }
 */
export class NetworkError extends TodoClientError {
  static override readonly type = 'NetworkError'

  constructor({ method, url, cause }: NetworkErrorInit) {
    const detail = cause instanceof Error ? cause.message : undefined
    super({ method, url, summary: 'Network error', detail, cause })
  }
}
