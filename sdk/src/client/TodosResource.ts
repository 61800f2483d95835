import {
  COLLECTION_PATH,
  type Todo,
  type TodoCreateInput,
  type TodoPatchInput,
  type TodoReplaceInput,
  todoPath,
} from '../contract/index.ts'
import type { RequestOptions, TodoListParams } from './options.ts'
import type { Call } from './TodoClient.ts'

/**
 * The six operations on `/todos`, reached as `client.todos`. Each resolves with data checked
 * against the contract and rejects with one of the SDK's errors.
 */
export class TodosResource {
  readonly #send: (call: Call) => Promise<unknown>

  /** @internal Built by `TodoClient`; not meant to be constructed directly. */
  constructor(send: (call: Call) => Promise<unknown>) {
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
    return this.#send({ operation: 'list', path: COLLECTION_PATH, query, options }) as Promise<
      Todo[]
    >
  }

  /**
   * `GET /todos/{id}`: one todo. Throws `NotFoundError` when there is none.
   *
   * @example
   * const todo = await client.todos.get(1)
   */
  get(id: number, options?: RequestOptions): Promise<Todo> {
    return this.#send({ operation: 'get', path: todoPath(id), options }) as Promise<Todo>
  }

  /**
   * `POST /todos`: creates a todo and resolves with it as stored (200 and 201 both succeed).
   * `completed` defaults to `false`; omit `id` to let the server assign one.
   *
   * @example
   * const todo = await client.todos.create({ content: 'Buy milk' })
   */
  create(input: TodoCreateInput, options?: RequestOptions): Promise<Todo> {
    return this.#send({
      operation: 'create',
      path: COLLECTION_PATH,
      json: input,
      options,
    }) as Promise<Todo>
  }

  /**
   * `PUT /todos/{id}`: replaces the whole record; send every field.
   *
   * @example
   * await client.todos.replace(1, { id: 1, content: 'Buy oat milk', completed: false })
   */
  replace(id: number, todo: TodoReplaceInput, options?: RequestOptions): Promise<Todo> {
    return this.#send({
      operation: 'replace',
      path: todoPath(id),
      json: todo,
      options,
    }) as Promise<Todo>
  }

  /**
   * `PATCH /todos/{id}`: changes only the fields sent; the others keep their values.
   *
   * @example
   * await client.todos.update(1, { completed: true })
   */
  update(id: number, patch: TodoPatchInput, options?: RequestOptions): Promise<Todo> {
    return this.#send({
      operation: 'update',
      path: todoPath(id),
      json: patch,
      options,
    }) as Promise<Todo>
  }

  /**
   * `DELETE /todos/{id}`: removes the todo. Succeeds on 200 whatever the body (or none); any
   * other status, 204 included, throws, because the contract names 200 only.
   *
   * @example
   * await client.todos.delete(1)
   */
  async delete(id: number, options?: RequestOptions): Promise<void> {
    await this.#send({ operation: 'delete', path: todoPath(id), options })
  }
}
