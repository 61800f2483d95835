import { PROBLEM_TYPES, type ProblemDetails, statusTextFor } from '@todokit/sdk/contract'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as z from 'zod/mini'
import type { Refusal } from '../store/store.ts'

/** One invalid field of a request: where (an RFC 6901 JSON Pointer) and what is wrong. */
export type FieldError = { pointer: string; detail: string }

/** A problem as the server words it; `type` is one of the contract's `PROBLEM_TYPES`. */
export interface ProblemText {
  status: number
  detail: string
  type?: string
  errors?: readonly FieldError[]
  headers?: Record<string, string>
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

/** An RFC 9457 problem details response; `title` is the reason phrase of `status`. */
export function problem(text: ProblemText): Response {
  const { status, detail, type = 'about:blank', errors = [], headers } = text
  const body: ProblemDetails = { type, title: statusTextFor(status), status, detail }
  if (errors.length > 0) body.errors = [...errors]
  const contentType = { 'content-type': PROBLEM_CONTENT_TYPE }
  return new Response(JSON.stringify(body), { status, headers: { ...contentType, ...headers } })
}

/** Refuses the request: the app's `onError` sends the problem as it is, and logs `cause`. */
export function refuse(text: ProblemText, cause?: unknown): never {
  throw new HTTPException(text.status as ContentfulStatusCode, { res: problem(text), cause })
}

/** The problems the server words, each once: for responses and the OpenAPI document's examples. */
export const PROBLEMS = {
  invalidBody: (errors: FieldError[]) => ({
    status: 400,
    detail: 'The body does not match the schema; see errors',
    errors,
  }),
  invalidQuery: (errors: FieldError[]) => ({
    status: 400,
    detail: 'The query is invalid; see errors',
    errors,
  }),
  todoNotFound: (id: number) => ({
    status: 404,
    type: PROBLEM_TYPES.todoNotFound,
    detail: `No todo with id ${id}`,
  }),
  idTaken: (id: number) => ({
    status: 409,
    detail: `A todo with id ${id} already exists; omit id to get a new one`,
    errors: [{ pointer: '/id', detail: `The id ${id} is taken` }],
  }),
  full: (maxTodos: number) => ({
    status: 409,
    detail: `The store holds its maximum of ${maxTodos} todos; delete some to create more`,
  }),
  preconditionFailed: (id: number, version: string) => ({
    status: 412,
    detail: `If-Match does not match the current ETag of todo ${id} (${version}); it changed since you read it`,
  }),
  tooLarge: (maxBytes: number) => ({
    status: 413,
    detail: `The body is larger than ${maxBytes} bytes`,
  }),
  unsupportedMediaType: (accepted: readonly string[], got: string) => ({
    status: 415,
    detail: `Send the body as ${accepted.join(' or ')}; got ${got}`,
  }),
  internal: () => ({
    status: 500,
    detail: 'The server failed to handle this request; its log has the details',
  }),
  idsUsedUp: () => ({ status: 503, detail: 'Every id the server may assign has been used' }),
  busy: () => ({
    status: 503,
    detail: 'The database could not commit the write, so nothing changed; try again later',
  }),
} satisfies Record<string, (...args: never[]) => ProblemText>

/** The problem that answers a store's refusal: where the domain meets HTTP. */
export function refusalProblem(refusal: Refusal): ProblemText {
  const { reason } = refusal
  if (reason === 'not-found') return PROBLEMS.todoNotFound(refusal.id)
  if (reason === 'id-taken') return PROBLEMS.idTaken(refusal.id)
  if (reason === 'full') return PROBLEMS.full(refusal.maxTodos)
  if (reason === 'precondition-failed') {
    return PROBLEMS.preconditionFailed(refusal.id, refusal.version)
  }
  return reason === 'busy' ? PROBLEMS.busy() : PROBLEMS.idsUsedUp()
}

export function jsonPointer(path: readonly PropertyKey[]): string {
  return path.map((key) => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
}

const english = z.locales.en().localeError
/**
 * English messages (zod/mini ships none), per parse: zod's config belongs to the embedder. Issues
 * keep the value at fault, for messages that depend on it.
 */
export const PARSE_OPTIONS: z.core.ParseContext<z.core.$ZodIssue> = {
  reportInput: true,
  error: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined
      ? `Required: expected ${issue.expected}`
      : english(issue),
}

/** How {@link fieldErrors} words messages; `depth` is how many path keys make a field. */
export interface Wording {
  unknown?: (key: string) => string
  describe?: (issue: z.core.$ZodIssue) => string
  depth?: number
}

/** One {@link FieldError} per invalid field, each unknown key its own, the first issue winning. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], wording: Wording = {}) {
  const {
    unknown = (key) => `Unknown field "${key}"`,
    describe = (issue) => issue.message,
    depth = Number.POSITIVE_INFINITY,
  } = wording
  const byPointer = new Map<string, string>()
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) byPointer.set(jsonPointer([...issue.path, key]), unknown(key))
    } else {
      const pointer = jsonPointer(issue.path.slice(0, depth))
      if (!byPointer.has(pointer)) byPointer.set(pointer, describe(issue))
    }
  }
  return Array.from(byPointer, ([pointer, detail]): FieldError => ({ pointer, detail }))
}
