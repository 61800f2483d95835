import * as z from 'zod/mini'

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

/** An RFC 9457 problem details body. */
export type ProblemDetails = z.output<typeof ProblemDetails>
