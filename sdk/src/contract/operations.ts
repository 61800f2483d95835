/** The collection path, relative to a server's base URL. */
export const COLLECTION_PATH = '/todos'
/** The single-record path template; `{id}` is the todo's integer id. */
export const RECORD_PATH = '/todos/{id}'

/**
 * The contract's endpoint table (section 4) without schemas: method, path template and the
 * success statuses a client accepts. Kept free of zod and prose so a client can read it without
 * bundling either; {@link endpoints} adds the schemas and summaries.
 *
 * @example
 * operations.create.success // → [200, 201]
 */
export const operations = {
  list: { method: 'GET', path: COLLECTION_PATH, success: [200] },
  get: { method: 'GET', path: RECORD_PATH, success: [200] },
  create: { method: 'POST', path: COLLECTION_PATH, success: [200, 201] },
  replace: { method: 'PUT', path: RECORD_PATH, success: [200] },
  update: { method: 'PATCH', path: RECORD_PATH, success: [200] },
  delete: { method: 'DELETE', path: RECORD_PATH, success: [200] },
} as const

/** Name of one operation in {@link operations}. */
export type OperationName = keyof typeof operations

/** Fills `{id}` in {@link RECORD_PATH}. */
export function todoPath(id: number): string {
  return `${COLLECTION_PATH}/${id}`
}
