import { TodoApiError } from './TodoApiError.ts'

/**
 * Any 5xx status: the server failed. Retriable ones (502, 503, 504) were retried for GET, PUT and DELETE first.
 *
 * @example
 * try {
 *   await client.todos.list()
 * } catch (error) {
 *   if (error instanceof ServerError) console.warn(error.message)
 * }
 */
export class ServerError extends TodoApiError {
  static override readonly type = 'ServerError'
}
