import { type RequestDescription, TodoClientError } from './TodoClientError.ts'

/** What a `ResponseTooLargeError` is built from. */
export interface ResponseTooLargeErrorInit extends RequestDescription {
  /** The client's `maxResponseSize`, in bytes. @example 16777216 */
  limit: number
}

/**
 * The response body was larger than the client's `maxResponseSize` (or its `Content-Length`
 * said it would be). The client stopped reading and closed the connection, so a server that
 * sends without end cannot fill the application's memory. Not retried: the same request would
 * get the same answer.
 *
 * @example
 * try {
 *   await client.todos.list()
 * } catch (error) {
 *   if (isResponseTooLargeError(error)) console.warn(`over ${error.limit} bytes: page with limit`)
 * }
 */
export class ResponseTooLargeError extends TodoClientError {
  static override readonly type = 'ResponseTooLargeError'
  /** The client's `maxResponseSize`, in bytes. @example 16777216 */
  readonly limit: number

  constructor({ method, url, limit }: ResponseTooLargeErrorInit) {
    super({ method, url, summary: `Response body over ${limit} bytes` })
    this.limit = limit
  }
}
