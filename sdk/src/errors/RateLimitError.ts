import { TodoApiError } from './TodoApiError.ts'

/**
 * 429 Too Many Requests. GET, PUT and DELETE have already been retried, honouring `retry-after`, before this is thrown.
 *
 * @example
 * try {
 *   await client.todos.list()
 * } catch (error) {
 *   if (error instanceof RateLimitError) console.warn(error.message)
 * }
 */
export class RateLimitError extends TodoApiError<429> {
  static override readonly type = 'RateLimitError'
}
