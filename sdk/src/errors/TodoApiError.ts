import { statusTextFor } from '../contract/http-status.ts'
import type { ReceivedProblem } from '../contract/problem.ts'
import { type RequestDescription, TodoClientError } from './TodoClientError.ts'

/** What a `TodoApiError` is built from: the request and the server's answer. */
export interface TodoApiErrorInit<TStatus extends number = number> extends RequestDescription {
  /** HTTP status code. @example 404 */
  status: TStatus
  /** Reason phrase as received; empty (HTTP/2) falls back to the standard phrase. @example '' */
  statusText?: string
  /** Response headers. */
  headers?: HeadersInit
  /** Parsed response body: JSON (including problem+json) as a value, anything else as text. */
  body?: unknown
}

/**
 * The server answered with a status the contract does not name as success for the operation.
 * Subclasses exist for the common statuses (`NotFoundError`, `ConflictError`, `ServerError`, …),
 * each typed by its status; branch on them or on `status`. `createApiError` picks the class.
 *
 * @example
 * try {
 *   await client.todos.get(9)
 * } catch (error) {
 *   if (isTodoApiError(error) && error.status === 404) return undefined
 *   throw error
 * }
 */
export class TodoApiError<TStatus extends number = number> extends TodoClientError {
  static override readonly type: string = 'TodoApiError'
  /** HTTP status code. @example 404 */
  readonly status: TStatus
  /** Reason phrase; the standard one when the server sent none. @example 'Not Found' */
  readonly statusText: string
  /** Response headers (e.g. `retry-after`, `content-type`). */
  readonly headers: Headers
  /** Parsed response body: a JSON value, text, or `undefined` when the body was empty. */
  readonly body: unknown
  /**
   * The body as RFC 9457 problem details when the server labels it `application/problem+json`
   * and it is a JSON object. Its members are as the server sent them: the client does not check
   * them against a schema (that would bundle another one), and any of them may be missing, as
   * its type says.
   */
  readonly problem: ReceivedProblem | undefined

  /**
   * @example
   * new TodoApiError({ method: 'GET', url: 'http://127.0.0.1:3000/todos/9', status: 404 })
   */
  constructor(init: TodoApiErrorInit<TStatus>) {
    const { method, url, status, body } = init
    const statusText = statusTextFor(status, init.statusText)
    const headers = new Headers(init.headers)
    const problem = problemDetails(headers, body)
    super({ method, url, summary: `${status} ${statusText}`, detail: problem?.detail })
    this.status = status
    this.statusText = statusText
    this.headers = headers
    this.body = body
    this.problem = problem
  }
}

/** `body` as problem details, when the server says that is what it is. */
function problemDetails(headers: Headers, body: unknown): ReceivedProblem | undefined {
  const labelled = /problem\+json/i.test(headers.get('content-type') ?? '')
  // Taken on the server's word, unchecked: see `problem`.
  return labelled && typeof body === 'object' && body !== null
    ? (body as ReceivedProblem)
    : undefined
}
