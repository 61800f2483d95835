import { type RequestDescription, TodoClientError } from './TodoClientError.ts'

/** What an `AbortError` is built from. */
export interface AbortErrorInit extends RequestDescription {
  /** The signal's `reason`. */
  cause: unknown
}

/**
 * The caller's `signal` aborted the request. `cause` is the signal's `reason`. Its `name` is
 * `'AbortError'`, so code that checks `error.name === 'AbortError'` keeps working.
 *
 * @example
 * const controller = new AbortController()
 * const pending = client.todos.list(undefined, { signal: controller.signal })
 * controller.abort()
 * await pending.catch((error) => isAbortError(error) || Promise.reject(error))
 */
export class AbortError extends TodoClientError {
  static override readonly type = 'AbortError'

  constructor({ method, url, cause }: AbortErrorInit) {
    super({ method, url, summary: 'Aborted', cause })
  }
}
