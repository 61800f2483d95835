import { statusTextFor } from '../contract/http-status.ts'
import type { ProblemDetails } from '../contract/problem.ts'
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
  /** HTTP status code. @example 404 */
  declare readonly status: number
  /** Reason phrase; the standard one when the server sent none. @example 'Not Found' */
  declare readonly statusText: string
  /** Response headers (e.g. `retry-after`, `content-type`). */
  declare readonly headers: Headers
  /** Parsed response body: a JSON value, text, or `undefined` when the body was empty. */
  declare readonly body: unknown
  /**
   * The body as RFC 9457 problem details when the server labels it `application/problem+json`.
   * It is as the server sent it: the client does not check it against a schema (that would
   * bundle another one), so read its members defensively.
   */
  declare readonly problem: ProblemDetails | undefined

  constructor(init: TodoApiErrorInit) {
    const { status, body } = init
    const statusText = statusTextFor(status, init.statusText)
    const headers = new Headers(init.headers)
    const problem = /problem\+json/i.test(headers.get('content-type') ?? '')
      ? (body as ProblemDetails | undefined)
      : undefined
    const detail = problem?.detail ? ` (${problem.detail})` : ''
    super('TodoApiError', `${status} ${statusText}`, init, detail, {
      status,
      statusText,
      headers,
      body,
      problem,
    })
  }
}
