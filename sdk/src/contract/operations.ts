/**
 * The collection path, relative to a server's base URL.
 *
 * @example
 * await fetch(new URL(`.${COLLECTION_PATH}?completed=false`, 'https://api.example.com/v1/'))
 * // → GET https://api.example.com/v1/todos?completed=false
 */
export const COLLECTION_PATH = '/todos'
/**
 * The single-record path template; `{id}` is the todo's integer id.
 *
 * @example
 * RECORD_PATH.replace('{id}', '7') // → '/todos/7' (what todoPath(7) returns)
 */
export const RECORD_PATH = `${COLLECTION_PATH}/{id}` as const

/**
 * The contract's endpoint table (section 4) reduced to what a client needs to send a request and
 * judge the answer: method and success statuses. A client builds paths with {@link todoPath};
 * {@link endpoints} adds the path templates, operationIds, summaries, schemas and error statuses,
 * which a client need not bundle.
 *
 * @example
 * operations.create.success // → [200, 201]
 */
export const operations = {
  list: { method: 'GET', success: [200] },
  get: { method: 'GET', success: [200] },
  create: { method: 'POST', success: [200, 201] },
  replace: { method: 'PUT', success: [200] },
  update: { method: 'PATCH', success: [200] },
  delete: { method: 'DELETE', success: [200] },
} as const

/** Name of one operation in {@link operations}. */
export type OperationName = keyof typeof operations

/**
 * Fills `{id}` in {@link RECORD_PATH}.
 *
 * @example
 * todoPath(42) // → '/todos/42'
 */
export function todoPath(id: number): string {
  return RECORD_PATH.replace('{id}', `${id}`)
}
