import { PROBLEM_TYPES } from '../contract/problem-types.ts'
import { TodoApiError } from './TodoApiError.ts'

/**
 * 404 Not Found: no todo has the requested id, or, when {@link NotFoundError.missing} is
 * `'route'`, nothing is served at that URL at all: the client's `baseUrl` is likely wrong.
 *
 * @example
 * try {
 *   await client.todos.get(9)
 * } catch (error) {
 *   if (isNotFoundError(error) && error.missing === 'route') throw new Error('Check the base URL')
 *   if (isNotFoundError(error)) return undefined
 *   throw error
 * }
 */
export class NotFoundError extends TodoApiError<404> {
  static override readonly type = 'NotFoundError'

  /**
   * What the server says is missing, read from its problem `type` (`PROBLEM_TYPES`): `'todo'`
   * when no todo has the id, `'route'` when no resource is at the path (a wrong `baseUrl`), and
   * `undefined` when the server does not say, as servers other than the reference one may not.
   *
   * @example 'route'
   */
  get missing(): 'todo' | 'route' | undefined {
    const type = this.problem?.type
    if (type === PROBLEM_TYPES.todoNotFound) return 'todo'
    if (type === PROBLEM_TYPES.routeNotFound) return 'route'
    return undefined
  }
}
