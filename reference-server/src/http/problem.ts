import { type ProblemDetails, statusTextFor } from '@todokit/sdk/contract'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ProblemText } from './problems.ts'

/** One invalid field of a request: where it is (RFC 6901 JSON Pointer) and what is wrong. */
export type FieldError = { pointer: string; detail: string }

/** The media type of every error body (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

interface ProblemOptions {
  /** The problem type URI, one of the contract's `PROBLEM_TYPES`. @default 'about:blank' */
  type?: string
  errors?: readonly FieldError[]
  headers?: Record<string, string>
  /** What went wrong underneath, for the log (never sent). */
  cause?: unknown
}

/**
 * An RFC 9457 problem details response. `type` is `about:blank` unless the contract names the
 * problem (`PROBLEM_TYPES`); `title` is the standard reason phrase of `status` either way, so a
 * client that does not know the type still reads it right. `detail` says what happened and
 * `errors` points at each bad field.
 *
 * @example
 * problem(400, 'The body is not valid JSON') // → 400 { type: 'about:blank', title: 'Bad Request', status: 400, detail }
 */
export function problem(text: ProblemText, options?: ProblemOptions): Response
export function problem(status: number, detail: string, options?: ProblemOptions): Response
export function problem(
  status: number | ProblemText,
  detail?: string | ProblemOptions,
  options: ProblemOptions = {},
): Response {
  if (typeof status === 'object') {
    const { status: code, detail: text, ...rest } = status
    return problem(code, text, { ...rest, ...(detail as ProblemOptions | undefined) })
  }
  const { type = 'about:blank' } = options
  const body: ProblemDetails = {
    type,
    title: statusTextFor(status),
    status,
    detail: detail as string,
  }
  if (options.errors !== undefined && options.errors.length > 0) body.errors = [...options.errors]
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...options.headers },
  })
}

/**
 * Throws the {@link problem} as an `HTTPException`, which the app's `onError` sends as it is:
 * any code, a route or a store change function, refuses a request with one line.
 *
 * @example
 * if (store.get(id)) fail(409, `A todo with id ${id} already exists`)
 */
export function fail(text: ProblemText, options?: ProblemOptions): never
export function fail(status: number, detail: string, options?: ProblemOptions): never
export function fail(
  status: number | ProblemText,
  detail?: string | ProblemOptions,
  options?: ProblemOptions,
): never {
  const response =
    typeof status === 'object'
      ? problem(status, detail as ProblemOptions | undefined)
      : problem(status, detail as string, options)
  throw new HTTPException(response.status as ContentfulStatusCode, {
    res: response,
    cause: (typeof status === 'object' ? (detail as ProblemOptions | undefined) : options)?.cause,
  })
}

/** The JSON Pointer for a path of keys (RFC 6901: `~` and `/` escaped); `''` is the whole document. */
export function jsonPointer(path: readonly PropertyKey[]): string {
  let pointer = ''
  for (const token of path) {
    pointer += `/${String(token).replaceAll('~', '~0').replaceAll('/', '~1')}`
  }
  return pointer
}
