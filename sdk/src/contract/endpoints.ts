import { TodoCreate, TodoPatch, TodoReplace } from './inputs.ts'
import { TodoListQuery } from './list-query.ts'
import { COLLECTION_PATH, operations, RECORD_PATH } from './operations.ts'
import { Todo, TodoList } from './todo.ts'

/**
 * The contract's endpoint table (section 4) as data: {@link operations} (method, success
 * statuses) plus each operation's path template, a one-line summary and the schemas of its
 * query, request body and response body.
 * The reference server, the OpenAPI document and the conformance kit read it.
 *
 * `response` is `undefined` for DELETE: the contract leaves the body of a DELETE response open.
 *
 * @example
 * for (const [name, { method, path, request }] of Object.entries(endpoints)) {
 *   console.log(name, method, path, request === undefined ? 'no body' : 'JSON body')
 * } // logs 'list GET /todos no body', then one line per operation
 */
export const endpoints = {
  list: {
    ...operations.list,
    path: COLLECTION_PATH,
    summary: 'List todos',
    query: TodoListQuery,
    request: undefined,
    response: TodoList,
  },
  get: {
    ...operations.get,
    path: RECORD_PATH,
    summary: 'Get a todo',
    query: undefined,
    request: undefined,
    response: Todo,
  },
  create: {
    ...operations.create,
    path: COLLECTION_PATH,
    summary: 'Create a todo',
    query: undefined,
    request: TodoCreate,
    response: Todo,
  },
  replace: {
    ...operations.replace,
    path: RECORD_PATH,
    summary: 'Replace a todo',
    query: undefined,
    request: TodoReplace,
    response: Todo,
  },
  update: {
    ...operations.update,
    path: RECORD_PATH,
    summary: 'Change part of a todo',
    query: undefined,
    request: TodoPatch,
    response: Todo,
  },
  delete: {
    ...operations.delete,
    path: RECORD_PATH,
    summary: 'Delete a todo',
    query: undefined,
    request: undefined,
    response: undefined,
  },
} as const
