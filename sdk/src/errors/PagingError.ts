import { TodoClientError } from './TodoClientError.ts'

/**
 * `todos.iterate()` stopped before the last page: the server's `next` link led back to a page
 * already requested (a walk that would never end), or the walk reached its `maxPages`. `url` is
 * the last page requested; the todos up to it have been yielded.
 *
 * @example
 * try {
 *   for await (const todo of client.todos.iterate({ limit: 100 }, { maxPages: 50 })) show(todo)
 * } catch (error) {
 *   if (isPagingError(error)) console.warn(error.message)
 * }
 */
export class PagingError extends TodoClientError {
  static override readonly type = 'PagingError'
}
