import { TodoApiError } from './TodoApiError.ts'

/**
 * 400 Bad Request: the server could not read the request (malformed JSON, an invalid query).
 *
 * @example
 * try {
 *   await client.todos.list({ q: 'x' })
 * } catch (error) {
 *   if (error instanceof BadRequestError) console.warn(error.message)
 * }
 */
export class BadRequestError extends TodoApiError<400> {
  static override readonly type = 'BadRequestError'
}
