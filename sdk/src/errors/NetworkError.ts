import { type RequestDescription, TodoClientError } from './TodoClientError.ts'

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
  constructor(request: RequestDescription, cause: unknown) {
    const reason = cause instanceof Error ? ` (${cause.message})` : ''
    super('NetworkError', 'Network error', request, reason, {}, { cause })
  }
}
