import { type RequestDescription, TodoClientError } from './TodoClientError.ts'

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
  /** The per-attempt timeout that elapsed, in milliseconds. @example 10000 */
  declare readonly timeout: number

  constructor(request: RequestDescription, timeout: number) {
    super('TimeoutError', `Timeout ${timeout} ms`, request, '', { timeout })
  }
}
