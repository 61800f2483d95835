import { TodoApiError } from './TodoApiError.ts'

/**
 * 422 Unprocessable Content: the JSON was well formed but a field is invalid; see `problem.errors`.
 *
 * @example
 * try {
 *   await client.todos.create({ content: '' })
 * } catch (error) {
 *   if (error instanceof UnprocessableContentError) console.warn(error.message)
 * }
 */
export class UnprocessableContentError extends TodoApiError {
  override readonly name: string = 'UnprocessableContentError'
}
