import { TodoApiError } from './TodoApiError.ts'

/**
 * 409 Conflict: the request clashes with the stored state, e.g. creating a todo with an id that is taken.
 *
 * @example
 * try {
 *   await client.todos.create({ id: 1, content: 'Taken' })
 * } catch (error) {
 *   if (error instanceof ConflictError) console.warn(error.message)
 * }
 */
export class ConflictError extends TodoApiError<409> {
  static override readonly type = 'ConflictError'
}
