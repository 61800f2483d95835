import { type ProblemDetails, statusTextFor } from '@todokit/sdk/contract'

/** One invalid field of a request: where it is (RFC 6901 JSON Pointer) and what is wrong. */
export type FieldError = { pointer: string; detail: string }

/** The media type of every error body (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

/**
 * An RFC 9457 problem details response. `type` stays `about:blank`, so `title` is the standard
 * reason phrase of `status`; `detail` says what happened and `errors` points at each bad field.
 *
 * @example
 * problem(404, 'No todo with id 9') // → 404 { type, title: 'Not Found', status: 404, detail }
 */
export function problem(
  status: number,
  detail: string,
  options: { errors?: readonly FieldError[]; headers?: Record<string, string> } = {},
): Response {
  const body: ProblemDetails = { type: 'about:blank', title: statusTextFor(status), status, detail }
  if (options.errors !== undefined && options.errors.length > 0) body.errors = [...options.errors]
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...options.headers },
  })
}

/** Escapes one reference token of a JSON Pointer (RFC 6901 §3). */
function escapeToken(token: PropertyKey): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1')
}

/** The JSON Pointer for a path of keys; `''` is the whole document. */
export function jsonPointer(path: readonly PropertyKey[]): string {
  let pointer = ''
  for (const token of path) pointer += `/${escapeToken(token)}`
  return pointer
}
