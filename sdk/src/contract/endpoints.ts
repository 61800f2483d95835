import { TodoCreate, TodoPatch, TodoReplace } from './inputs.ts'
import { TodoListQuery } from './list-query.ts'
import { COLLECTION_PATH, operations, RECORD_PATH } from './operations.ts'
import { Todo, TodoList } from './todo.ts'

/**
 * The contract's endpoint table (section 4) as data: {@link operations} (method, success
 * statuses) plus each operation's path template, `operationId`, a summary and a description, the schemas
 * of its query, request body and response body, and the error statuses it can answer with.
 * The reference server, the OpenAPI document and the conformance kit read it.
 *
 * `response` is `undefined` for DELETE: the contract leaves the body of a DELETE response open.
 * `errors` are the reference server's: 500 and 503 (a data file that cannot commit) can come
 * from any operation.
 *
 * @example
 * for (const [name, { method, path, operationId }] of Object.entries(endpoints)) {
 *   console.log(name, method, path, operationId)
 * } // logs 'list GET /todos listTodos', then one line per operation
 */
export const endpoints = {
  list: {
    ...operations.list,
    path: COLLECTION_PATH,
    operationId: 'listTodos',
    summary: 'List todos',
    description:
      'The todos the query selects, filtered by field and `q`, in the order of `order` (ascending id without it). With `limit`, one page and a `Link` to the next.',
    query: TodoListQuery,
    request: undefined,
    response: TodoList,
    errors: [400, 500, 503],
  },
  get: {
    ...operations.get,
    path: RECORD_PATH,
    operationId: 'getTodo',
    summary: 'Get a todo',
    description: 'The todo with this id, with its ETag; `If-None-Match` with that ETag gives 304.',
    query: undefined,
    request: undefined,
    response: Todo,
    errors: [400, 404, 500, 503],
  },
  create: {
    ...operations.create,
    path: COLLECTION_PATH,
    operationId: 'createTodo',
    summary: 'Create a todo',
    description:
      'Stores a new todo. Without `id` the server assigns one never used before; a taken id is 409.',
    query: undefined,
    request: TodoCreate,
    response: Todo,
    errors: [400, 409, 413, 415, 500, 503],
  },
  replace: {
    ...operations.replace,
    path: RECORD_PATH,
    operationId: 'replaceTodo',
    summary: 'Replace a todo',
    description:
      'Replaces every field of the todo; the body’s `id` must be the path’s. `If-Match` makes it conditional.',
    query: undefined,
    request: TodoReplace,
    response: Todo,
    errors: [400, 404, 412, 413, 415, 500, 503],
  },
  update: {
    ...operations.update,
    path: RECORD_PATH,
    operationId: 'updateTodo',
    summary: 'Change part of a todo',
    description:
      'Changes the fields the body sends (JSON merge patch) and keeps the others. `If-Match` makes it conditional.',
    query: undefined,
    request: TodoPatch,
    response: Todo,
    errors: [400, 404, 412, 413, 415, 500, 503],
  },
  delete: {
    ...operations.delete,
    path: RECORD_PATH,
    operationId: 'deleteTodo',
    summary: 'Delete a todo',
    description: 'Removes the todo and answers with it as it was. `If-Match` makes it conditional.',
    query: undefined,
    request: undefined,
    response: undefined,
    errors: [400, 404, 412, 500, 503],
  },
} as const

/** One row of {@link endpoints}. */
export type Endpoint = (typeof endpoints)[keyof typeof endpoints]
