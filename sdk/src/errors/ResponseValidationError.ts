import type * as z from 'zod/mini'
import { type RequestDescription, TodoClientError } from './TodoClientError.ts'

/** What a `ResponseValidationError` is built from. */
export interface ResponseValidationErrorInit extends RequestDescription {
  /** The success status the server answered with. @example 200 */
  status: number
  /** The parsed body that broke the contract. */
  body: unknown
  /** What zod found wrong with it. */
  issues: readonly z.core.$ZodIssue[]
}

/**
 * The server answered with a success status but a body that breaks the contract (a missing
 * field, a string where a boolean belongs). Deliberately not a `TodoApiError`: the request
 * succeeded, the data did not match. Turn the check off with `validate: false`.
 *
 * @example
 * try {
 *   await client.todos.get(1)
 * } catch (error) {
 *   if (isResponseValidationError(error)) console.error(error.issues)
 * }
 */
export class ResponseValidationError extends TodoClientError {
  static override readonly type = 'ResponseValidationError'
  /** The success status the server answered with. @example 200 */
  readonly status: number
  /** The parsed body that broke the contract. */
  readonly body: unknown
  /** What zod found wrong with the body, with paths into it. */
  readonly issues: readonly z.core.$ZodIssue[]

  constructor({ method, url, status, body, issues }: ResponseValidationErrorInit) {
    // The message stays short; `issues` says what is wrong and where.
    super({ method, url, summary: `Invalid ${status} response` })
    this.status = status
    this.body = body
    this.issues = issues
  }
}
