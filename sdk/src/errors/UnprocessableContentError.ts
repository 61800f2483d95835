import { TodoApiError } from './TodoApiError.ts'

/**
 * 422 Unprocessable Content: the server understood the request but refuses to process it, by a
 * rule of its own; see `problem`. The reference server never sends 422: it answers a body that
 * breaks the contract (empty `content`, an unknown field) with 400, a `BadRequestError`. Other
 * servers, behind a gateway or with business rules, may answer 422.
 *
 * @example
 * // Against a server that refuses, say, changes to an archived todo with 422:
 * try {
 *   await client.todos.update(1, { completed: true })
 * } catch (error) {
 *   if (error instanceof UnprocessableContentError) console.warn(error.problem?.detail)
 * }
 */
export class UnprocessableContentError extends TodoApiError<422> {
  static override readonly type = 'UnprocessableContentError'
}
