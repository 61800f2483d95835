import { Todo, TodoCreate, TodoList, TodoListQuery, TodoPatch, TodoReplace } from './schemas.ts'

/** The collection path, relative to a server's base URL. */
export const COLLECTION_PATH = '/todos'
/** The single-record path template; `{id}` is the todo's integer id. */
export const RECORD_PATH = '/todos/{id}'

/**
 * The contract's endpoint table (section 4) as data: one row per operation with its method,
 * path template, success statuses and the schemas of its query, request body and response body.
 * The SDK, the reference server, the OpenAPI document and the conformance kit all read it.
 *
 * `response` is `undefined` for DELETE: the contract leaves the body of a DELETE response open.
 */
export const endpoints = {
  list: {
    method: 'GET',
    path: COLLECTION_PATH,
    success: [200],
    summary: 'List todos',
    query: TodoListQuery,
    request: undefined,
    response: TodoList,
  },
  get: {
    method: 'GET',
    path: RECORD_PATH,
    success: [200],
    summary: 'Get a todo',
    query: undefined,
    request: undefined,
    response: Todo,
  },
  create: {
    method: 'POST',
    path: COLLECTION_PATH,
    success: [200, 201],
    summary: 'Create a todo',
    query: undefined,
    request: TodoCreate,
    response: Todo,
  },
  replace: {
    method: 'PUT',
    path: RECORD_PATH,
    success: [200],
    summary: 'Replace a todo',
    query: undefined,
    request: TodoReplace,
    response: Todo,
  },
  update: {
    method: 'PATCH',
    path: RECORD_PATH,
    success: [200],
    summary: 'Change part of a todo',
    query: undefined,
    request: TodoPatch,
    response: Todo,
  },
  delete: {
    method: 'DELETE',
    path: RECORD_PATH,
    success: [200],
    summary: 'Delete a todo',
    query: undefined,
    request: undefined,
    response: undefined,
  },
} as const

/** Name of one operation in {@link endpoints}. */
export type OperationName = keyof typeof endpoints

/** Fills `{id}` in a path template. */
export function todoPath(id: number): string {
  return `${COLLECTION_PATH}/${id}`
}
