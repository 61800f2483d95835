/** The collection path, relative to a server's base URL. */
export const COLLECTION_PATH = '/todos'
/** The single-record path template; `{id}` is the todo's integer id. */
export const RECORD_PATH = '/todos/{id}'

/**
 * The contract's endpoint table (section 4) without schemas: method, path template and the
 * success statuses a client accepts. Kept free of zod so a client can read it without bundling
 * every schema; {@link endpoints} adds the schemas.
 *
 * @example
 * operations.create.success // → [200, 201]
 */
export const operations = {
  list: { method: 'GET', path: COLLECTION_PATH, success: [200], summary: 'List todos' },
  get: { method: 'GET', path: RECORD_PATH, success: [200], summary: 'Get a todo' },
  create: { method: 'POST', path: COLLECTION_PATH, success: [200, 201], summary: 'Create a todo' },
  replace: { method: 'PUT', path: RECORD_PATH, success: [200], summary: 'Replace a todo' },
  update: { method: 'PATCH', path: RECORD_PATH, success: [200], summary: 'Change part of a todo' },
  delete: { method: 'DELETE', path: RECORD_PATH, success: [200], summary: 'Delete a todo' },
} as const

/** Name of one operation in {@link operations}. */
export type OperationName = keyof typeof operations

/** Fills `{id}` in {@link RECORD_PATH}. */
export function todoPath(id: number): string {
  return `${COLLECTION_PATH}/${id}`
}
