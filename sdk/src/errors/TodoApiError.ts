import { ProblemDetails, statusTextFor } from '../contract/index.ts'
import { type RequestDescription, TodoClientError } from './TodoClientError.ts'

/** What a `TodoApiError` is built from: the request and the server's answer. */
export interface TodoApiErrorInit extends RequestDescription {
  /** HTTP status code. @example 404 */
  status: number
  /** Reason phrase as received; empty (HTTP/2) falls back to the standard phrase. @example '' */
  statusText?: string
  /** Response headers. */
  headers?: HeadersInit
  /** Parsed response body: JSON (including problem+json) as a value, anything else as text. */
  body?: unknown
}

/**
 * The server answered with a status the contract does not name as success for the operation.
 * Subclasses exist for the common statuses (`NotFoundError`, `ConflictError`, `ServerError`, …);
 * branch on them or on `status`.
 *
 * @example
 * try {
 *   await client.todos.get(9)
 * } catch (error) {
 *   if (isTodoApiError(error) && error.status === 404) return undefined
 *   throw error
 * }
 */
export class TodoApiError extends TodoClientError {
  override readonly name: string = 'TodoApiError'
  /** HTTP status code. @example 404 */
  readonly status: number
  /** Reason phrase; the standard one when the server sent none. @example 'Not Found' */
  readonly statusText: string
  /** Response headers (e.g. `retry-after`, `content-type`). */
  readonly headers: Headers
  /** Parsed response body: a JSON value, text, or `undefined` when the body was empty. */
  readonly body: unknown
  /** The body as RFC 9457 problem details when the server sent `application/problem+json`. */
  readonly problem: ProblemDetails | undefined

  constructor(init: TodoApiErrorInit) {
    const statusText = statusTextFor(init.status, init.statusText)
    const headers = new Headers(init.headers)
    const problem = /problem\+json/i.test(headers.get('content-type') ?? '')
      ? ProblemDetails.safeParse(init.body).data
      : undefined
    const detail = problem?.detail ? ` (${problem.detail})` : ''
    super('TodoApiError', `${init.status} ${statusText}: ${init.method} ${init.url}${detail}`, init)
    this.status = init.status
    this.statusText = statusText
    this.headers = headers
    this.body = init.body
    this.problem = problem
  }
}
