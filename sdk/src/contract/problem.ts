import * as z from 'zod/mini'

// In a module of their own, so a client that reads them does not bundle the schema below.
export { PROBLEM_TYPES } from './problem-types.ts'

/**
 * An RFC 9457 problem details body, as the reference server sends for every error. `errors`
 * lists each invalid field with a JSON Pointer (RFC 6901) to where it is.
 *
 * @example
 * const problem = ProblemDetails.parse(await response.json())
 * for (const { pointer, detail } of problem.errors ?? []) console.log(`${pointer}: ${detail}`)
 * // → '/content: Too big: expected string to have <=10000 characters'
 */
export const ProblemDetails = z.looseObject({
  type: z.optional(z.string()),
  title: z.optional(z.string()),
  status: z.optional(z.int()),
  detail: z.optional(z.string()),
  instance: z.optional(z.string()),
  errors: z.optional(z.array(z.looseObject({ pointer: z.string(), detail: z.string() }))),
})

/** An RFC 9457 problem details body, as the reference server sends it. */
export type ProblemDetails = z.output<typeof ProblemDetails>

/**
 * A problem details body as a client receives it from any server, taken on the server's word:
 * RFC 9457 makes every member optional, and a field error from another server may lack its
 * `pointer` or `detail`, so each is typed as possibly missing. Read it defensively.
 *
 * @example
 * for (const { pointer = '', detail = 'invalid' } of error.problem?.errors ?? []) {
 *   console.warn(`${pointer || 'the body'}: ${detail}`)
 * }
 */
export interface ReceivedProblem {
  /** A URI naming the kind of problem; `about:blank` (or missing) means "see `status`". */
  type?: string | undefined
  /** A short summary of the problem type. */
  title?: string | undefined
  /** The HTTP status, as the server repeats it. */
  status?: number | undefined
  /** What happened in this case. @example 'No todo with id 9' */
  detail?: string | undefined
  /** A URI naming this occurrence. */
  instance?: string | undefined
  /** The invalid fields of the request, each where it is and what is wrong. */
  errors?: readonly ReceivedFieldError[] | undefined
  /** Extension members a server may add. */
  [member: string]: unknown
}

/**
 * One invalid field of a request, as any server may send it.
 *
 * @example
 * const where = (field: ReceivedFieldError) => field.pointer ?? 'somewhere in the request'
 */
export interface ReceivedFieldError {
  /** RFC 6901 JSON Pointer into the request, e.g. `/content`; `''` is the whole body. */
  pointer?: string | undefined
  /** What is wrong there. */
  detail?: string | undefined
  [member: string]: unknown
}
