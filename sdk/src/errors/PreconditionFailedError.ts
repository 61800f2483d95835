import { TodoApiError } from './TodoApiError.ts'

/**
 * 412 Precondition Failed: a conditional request's precondition (such as `if-match`) did not hold.
 *
 * @example
 * try {
 *   await client.todos.replace(1, todo, { headers: { 'if-match': etag } })
 * } catch (error) {
 *   if (error instanceof PreconditionFailedError) console.warn(error.message)
 * }
 */
export class PreconditionFailedError extends TodoApiError<412> {
  static override readonly type = 'PreconditionFailedError'
}
