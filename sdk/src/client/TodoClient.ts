import type { TodoClientOptions } from './options.ts'
import { createSend } from './send.ts'
import { TodosResource } from './TodosResource.ts'

/**
 * A typed client for any server that follows the todos contract. Every method resolves with
 * contract-checked data or throws one of the SDK's errors (`TodoApiError` and its subclasses,
 * `TimeoutError`, `NetworkError`, `AbortError`, `ResponseValidationError`).
 *
 * @example
 * const client = new TodoClient({ baseUrl: 'http://127.0.0.1:3000' })
 * const todo = await client.todos.create({ content: 'Buy milk' })
 * await client.todos.update(todo.id, { completed: true })
 */
export class TodoClient {
  /** The `/todos` collection: list, get, create, replace, update, delete. */
  readonly todos: TodosResource

  /**
   * @example
   * new TodoClient({ baseUrl: 'https://example.com/api', timeout: 5000, retry: { limit: 3 } })
   */
  constructor(options: TodoClientOptions) {
    this.todos = new TodosResource(createSend(options))
  }
}
