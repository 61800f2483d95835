import type { TodoCreateInput, TodoPatchInput, TodoReplaceInput } from '../contract/inputs.ts'
import { COLLECTION_PATH, type OperationName, todoPath } from '../contract/operations.ts'
import { nextLinkTarget } from '../contract/paging.ts'
import { TODO_CREATE_DEFAULTS, type Todo } from '../contract/todo.ts'
import { PagingError } from '../errors/PagingError.ts'
import { ApiPromise } from './ApiPromise.ts'
import { encodeListQuery } from './encodeListQuery.ts'
import type { IterateOptions, RequestOptions, TodoListParams, TodoPage } from './options.ts'
import type { OperationBody, OperationResult, Reply, Send } from './send.ts'

/**
 * The six operations on `/todos`, reached as `client.todos`. Each resolves with data checked
 * against the contract and rejects with one of the SDK's errors. Each returns an
 * {@link ApiPromise}: `.withResponse()` gives the response (status, headers) with the data.
 *
 * @example
 * const { todos } = new TodoClient({ baseUrl: 'http://127.0.0.1:3000' })
 * const todo = await todos.create({ content: 'Buy milk' })
 * await todos.update(todo.id, { completed: true })
 * const open = await todos.list({ completed: false })
 * for await (const todo of todos.iterate({ limit: 100 })) console.log(todo.content)
 * await todos.delete(todo.id)
 */
export class TodosResource {
  readonly #send: Send

  /** @internal Built by `TodoClient`; not meant to be constructed directly. */
  constructor(send: Send) {
    this.#send = send
  }

  /**
   * `GET /todos`: all todos, optionally filtered, searched and sorted (query parameters). With
   * `limit`, one page of at most that many: see {@link page} for the cursor of the next one and
   * {@link iterate} to walk them all.
   *
   * @example
   * const open = await client.todos.list({ completed: false, order: '-id' })
   * const found = await client.todos.list({ q: 'milk', order: ['completed', 'content'] })
   * const firstTen = await client.todos.list({ order: 'content', limit: 10 })
   */
  list(query?: TodoListParams, options?: RequestOptions): ApiPromise<Todo[]> {
    return this.#call('list', COLLECTION_PATH + encodeListQuery(query), options)
  }

  /**
   * `GET /todos` for one page, with the cursor of the next: for a UI that loads more on demand.
   * `nextCursor` is the `cursor` parameter of the response's `Link: <…>; rel="next"` header, and
   * `undefined` on the last page (or from a server that does not page). Pass it back with the
   * same query to get the next page; the server refuses it with another filter, `q` or `order`.
   *
   * @example
   * const first = await client.todos.page({ completed: false, limit: 20 })
   * if (first.nextCursor !== undefined) {
   *   const second = await client.todos.page({ completed: false, limit: 20, cursor: first.nextCursor })
   * }
   */
  page(query?: TodoListParams, options?: RequestOptions): ApiPromise<TodoPage> {
    const path = COLLECTION_PATH + encodeListQuery(query)
    const reply = this.#send('list', path, options).then(({ body, response, url }) => {
      const next = nextLinkTarget(response.headers.get('link'))
      const nextCursor = next && new URL(next, url).searchParams.get('cursor')
      return { data: { todos: body, nextCursor: nextCursor ?? undefined }, response }
    })
    return new ApiPromise(reply)
  }

  /**
   * Every todo the query selects, page after page: requests the next page when the one before
   * is used up, following its `Link: <…>; rel="next"` header until a page has none. Only the
   * link's query is taken, and sent to this client's `baseUrl` with its headers, so a link can
   * never send them elsewhere. Without `limit` the server decides the page size (the contract's
   * default is one page with every todo). `options` apply to each request: an aborted `signal`
   * stops the walk with `AbortError` before the next page is asked for.
   *
   * A walk always ends: a `next` link that leads back to a page already requested (a server
   * whose cursor never moves) stops it with `PagingError`, and so does one more page than
   * `options.maxPages`. The todos of the pages before have been yielded.
   *
   * @example
   * for await (const todo of client.todos.iterate({ completed: false, limit: 100 })) {
   *   if (todo.content.includes('milk')) break // no further page is requested
   * }
   * for await (const todo of client.todos.iterate({ limit: 100 }, { maxPages: 10 })) show(todo)
   */
  async *iterate(query?: TodoListParams, options?: IterateOptions): AsyncGenerator<Todo, void> {
    const requested = new Set<string>()
    let path: string | undefined = COLLECTION_PATH + encodeListQuery(query)
    while (path) {
      requested.add(path)
      const { body, response, url }: Reply<'list'> = await this.#send('list', path, options)
      yield* body
      const next = nextLinkTarget(response.headers.get('link'))
      path = next && COLLECTION_PATH + new URL(next, url).search
      const detail = !path
        ? undefined
        : requested.has(path)
          ? 'its next link leads to a page already requested'
          : requested.size === options?.maxPages && `maxPages (${requested.size}) reached`
      if (detail) throw new PagingError({ method: 'GET', url, summary: 'Paging stopped', detail })
    }
  }

  /**
   * `GET /todos/{id}`: one todo. Throws `NotFoundError` when there is none.
   *
   * @example
   * const todo = await client.todos.get(1)
   */
  get(id: number, options?: RequestOptions): ApiPromise<Todo> {
    return this.#call('get', todoPath(id), options)
  }

  /**
   * `POST /todos`: creates a todo and resolves with it as stored (200 and 201 both succeed).
   * `completed` defaults to `false` and is sent as such, so servers that store bodies as sent
   * (json-server) return it too; omit `id` to let the server assign one.
   *
   * @example
   * const todo = await client.todos.create({ content: 'Buy milk' })
   */
  create(input: TodoCreateInput, options?: RequestOptions): ApiPromise<Todo> {
    // Sent even when the caller leaves it out, so the stored todo has it; `undefined` fields are
    // not sent at all (JSON has no `undefined`).
    const json = { ...input, completed: input.completed ?? TODO_CREATE_DEFAULTS.completed }
    return this.#call('create', COLLECTION_PATH, options, json)
  }

  /**
   * `PUT /todos/{id}`: replaces the whole record; send every field.
   *
   * @example
   * await client.todos.replace(1, { id: 1, content: 'Buy oat milk', completed: false })
   */
  replace(id: number, todo: TodoReplaceInput, options?: RequestOptions): ApiPromise<Todo> {
    return this.#call('replace', todoPath(id), options, todo)
  }

  /**
   * `PATCH /todos/{id}`: changes only the fields sent; the others keep their values.
   *
   * @example
   * await client.todos.update(1, { completed: true })
   */
  update(id: number, patch: TodoPatchInput, options?: RequestOptions): ApiPromise<Todo> {
    return this.#call('update', todoPath(id), options, patch)
  }

  /**
   * `DELETE /todos/{id}`: removes the todo, and resolves with the response body as sent,
   * unchecked: the contract leaves it open (the reference server sends the deleted todo; others
   * may send nothing, giving `undefined`). Succeeds on 200 whatever the body; any other status,
   * 204 included, throws, because the contract names 200 only.
   *
   * @example
   * await client.todos.delete(1)
   * const deleted = Todo.safeParse(await client.todos.delete(2)) // Todo from '@todokit/sdk/contract'
   */
  delete(id: number, options?: RequestOptions): ApiPromise<unknown> {
    return this.#call('delete', todoPath(id), options)
  }

  /** Sends one operation; its checked body is the data, with the response beside it. */
  #call<Operation extends OperationName>(
    operation: Operation,
    path: string,
    options?: RequestOptions,
    json?: OperationBody<Operation>,
  ): ApiPromise<OperationResult<Operation>> {
    const reply = this.#send(operation, path, options, json)
    return new ApiPromise(reply.then(({ body, response }) => ({ data: body, response })))
  }
}
