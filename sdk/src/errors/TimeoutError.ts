import { type RequestDescription, TodoClientError } from './TodoClientError.ts'

/** What a `TimeoutError` is built from. */
export interface TimeoutErrorInit extends RequestDescription {
  /** The per-attempt timeout that elapsed, in milliseconds. @example 10000 */
  timeout: number
}

/**
 * An attempt got no response (or no complete body) within `timeout` milliseconds. Timeouts are
 * not retried: the server may still be working on the request.
 *
 * @example
 * try {
 *   await client.todos.list(undefined, { timeout: 2000 })
 * } catch (error) {
 *   if (isTimeoutError(error)) console.warn(`gave up after ${error.timeout} ms`)
 * }
 */
export class TimeoutError extends TodoClientError {
  static override readonly type = 'TimeoutError'
  /** The per-attempt timeout that elapsed, in milliseconds. @example 10000 */
  readonly timeout: number

  constructor({ method, url, timeout }: TimeoutErrorInit) {
    super({ method, url, summary: `Timeout ${timeout} ms` })
    this.timeout = timeout
  }
}
