import { TodoApiError } from './TodoApiError.ts'

/**
 * 404 Not Found: no todo has the requested id.
 *
 * @example
 * try {
 *   await client.todos.get(9)
 * } catch (error) {
 *   if (error instanceof NotFoundError) console.warn(error.message)
 * }
 */
export class NotFoundError extends TodoApiError<404> {
  static override readonly type = 'NotFoundError'
}
