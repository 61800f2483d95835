import type { TodoCreateInput, TodoPatchInput, TodoReplaceInput } from '../contract/inputs.ts'
import { COLLECTION_PATH, todoPath } from '../contract/operations.ts'
import { TODO_CREATE_DEFAULTS, type Todo } from '../contract/todo.ts'
import { encodeListQuery } from './encodeListQuery.ts'
import type { RequestOptions, TodoListParams } from './options.ts'
import type { Send } from './send.ts'

/**
 * The six operations on `/todos`, reached as `client.todos`. Each resolves with data checked
 * against the contract and rejects with one of the SDK's errors.
 *
 * @example
 * const { todos } = new TodoClient({ baseUrl: 'http://127.0.0.1:3000' })
 * const todo = await todos.create({ content: 'Buy milk' })
 * await todos.update(todo.id, { completed: true })
 * const open = await todos.list({ completed: false })
 * await todos.delete(todo.id)
 */
export class TodosResource {
  readonly #send: Send

  /** @internal Built by `TodoClient`; not meant to be constructed directly. */
  constructor(send: Send) {
    this.#send = send
  }

  /**
   * `GET /todos`: all todos, optionally filtered, searched and sorted (query parameters).
   *
   * @example
   * const open = await client.todos.list({ completed: false, order: '-id' })
   * const found = await client.todos.list({ q: 'milk', order: ['completed', 'content'] })
   */
  list(query?: TodoListParams, options?: RequestOptions): Promise<Todo[]> {
    return this.#send('list', COLLECTION_PATH + encodeListQuery(query), options)
  }

  /**
   * `GET /todos/{id}`: one todo. Throws `NotFoundError` when there is none.
   *
   * @example
   * const todo = await client.todos.get(1)
   */
  get(id: number, options?: RequestOptions): Promise<Todo> {
    return this.#send('get', todoPath(id), options)
  }

  /**
   * `POST /todos`: creates a todo and resolves with it as stored (200 and 201 both succeed).
   * `completed` defaults to `false` and is sent as such, so servers that store bodies as sent
   * (json-server) return it too; omit `id` to let the server assign one.
   *
   * @example
   * const todo = await client.todos.create({ content: 'Buy milk' })
   */
  create(input: TodoCreateInput, options?: RequestOptions): Promise<Todo> {
    // Sent even when the caller leaves it out, so the stored todo has it; `undefined` fields are
    // not sent at all (JSON has no `undefined`).
    const json = { ...input, completed: input.completed ?? TODO_CREATE_DEFAULTS.completed }
    return this.#send('create', COLLECTION_PATH, options, json)
  }

  /**
   * `PUT /todos/{id}`: replaces the whole record; send every field.
   *
   * @example
   * await client.todos.replace(1, { id: 1, content: 'Buy oat milk', completed: false })
   */
  replace(id: number, todo: TodoReplaceInput, options?: RequestOptions): Promise<Todo> {
    return this.#send('replace', todoPath(id), options, todo)
  }

  /**
   * `PATCH /todos/{id}`: changes only the fields sent; the others keep their values.
   *
   * @example
   * await client.todos.update(1, { completed: true })
   */
  update(id: number, patch: TodoPatchInput, options?: RequestOptions): Promise<Todo> {
    return this.#send('update', todoPath(id), options, patch)
  }

  /**
   * `DELETE /todos/{id}`: removes the todo. Succeeds on 200 whatever the body (or none); any
   * other status, 204 included, throws, because the contract names 200 only.
   *
   * @example
   * await client.todos.delete(1)
   */
  async delete(id: number, options?: RequestOptions): Promise<void> {
    await this.#send('delete', todoPath(id), options)
  }
}
