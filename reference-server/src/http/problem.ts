import { endpoints, PROBLEM_TYPES, type ProblemDetails, statusTextFor } from '@todokit/sdk/contract'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as z from 'zod/mini'
import { type Refusal, TodoStoreError } from '../store/store.ts'

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

/** An RFC 9457 problem details body; `title` is the reason phrase of `status`. */
export function problemBody({ status, detail, type = 'about:blank', errors = [] }: ProblemText) {
  const body: ProblemDetails = { type, title: statusTextFor(status), status, detail }
  if (errors.length > 0) body.errors = [...errors]
  return body
}

export function problem(text: ProblemText): Response {
  const headers = { 'content-type': 'application/problem+json', ...text.headers }
  return new Response(JSON.stringify(problemBody(text)), { status: text.status, headers })
}

/** Refuses the request: the app's `onError` sends the problem as it is. */
export function refuse(text: ProblemText): never {
  throw new HTTPException(text.status as ContentfulStatusCode, { res: problem(text) })
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
} satisfies Record<string, (...args: never[]) => ProblemText>

const REFUSAL_STATUS = {
  'not-found': 404,
  'id-taken': 409,
  full: 409,
  'precondition-failed': 412,
  'ids-used-up': 503,
  busy: 503,
} as const

/** The problem that answers a store's refusal, in the store's words: where the domain meets HTTP. */
export function refusalProblem({ refusal, message: detail }: TodoStoreError): ProblemText {
  const status = REFUSAL_STATUS[refusal.reason]
  if (refusal.reason === 'not-found') return { status, detail, type: PROBLEM_TYPES.todoNotFound }
  if (refusal.reason !== 'id-taken') return { status, detail }
  return { status, detail, errors: [{ pointer: '/id', detail: `The id ${refusal.id} is taken` }] }
}

const refused = (refusal: Refusal) => () => refusalProblem(new TodoStoreError(refusal))

/** What each error status means, and the server's own problem for it: the document's examples. */
export const ERROR_EXAMPLES: Record<number, [string, (maxBodyBytes: number) => ProblemText]> = {
  400: [
    'Malformed JSON, a body or query that breaks the schema (each bad field in `errors`), or an invalid id in the path.',
    () => PROBLEMS.invalidBody(parseFields(endpoints.create.request, {}).errors ?? []),
  ],
  404: ['No todo with this id.', refused({ reason: 'not-found', id: 1 })],
  409: [
    'The id the client chose belongs to another todo, or the store holds as many todos as it may (delete some first).',
    refused({ reason: 'id-taken', id: 1 }),
  ],
  412: [
    '`If-Match` does not match the todo’s current ETag.',
    refused({ reason: 'precondition-failed', id: 1, version: '"1x9kf0a7b2c"' }),
  ],
  413: ['The body is larger than the limit.', PROBLEMS.tooLarge],
  415: [
    'The body is not sent as JSON.',
    () => PROBLEMS.unsupportedMediaType(['application/json'], 'content-type text/plain'),
  ],
  500: ['The server failed; the body never carries a stack trace.', PROBLEMS.internal],
  503: [
    'With a data file (`--data`): the database could not commit the write, and nothing of it was stored; try again later.',
    refused({ reason: 'busy' }),
  ],
}

export function jsonPointer(path: readonly PropertyKey[]): string {
  return path.map((key) => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
}

const english = z.locales.en().localeError
/** English messages (zod/mini ships none), per parse: zod's config belongs to the embedder. */
const PARSE_OPTIONS: z.core.ParseContext<z.core.$ZodIssue> = {
  error: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined
      ? `Required: expected ${issue.expected}`
      : english(issue),
}
const KEEPING_INPUT = { ...PARSE_OPTIONS, reportInput: true }

/** How {@link parseFields} words messages; `depth` is how many path keys make a field. */
export interface Wording {
  unknown?: (key: string) => string
  describe?: (issue: z.core.$ZodIssue) => string
  /** Whether `describe` reads `issue.input`, which zod then copies into each issue. */
  readsInput?: boolean
  depth?: number
}

/**
 * `value` parsed by `schema`, or one {@link FieldError} per invalid field, each unknown key its
 * own, the first issue winning. A `content` must be well-formed Unicode, as UTF-8 stores keep it.
 */
export function parseFields<Schema extends z.ZodMiniType>(
  schema: Schema,
  value: unknown,
  wording: Wording = {},
): { data: z.output<Schema>; errors?: undefined } | { data?: undefined; errors: FieldError[] } {
  const result = z.safeParse(schema, value, wording.readsInput ? KEEPING_INPUT : PARSE_OPTIONS)
  if (result.success) {
    const { content } = result.data as { content?: unknown }
    // Valid in a JavaScript string and in JSON text, impossible in UTF-8.
    if (typeof content !== 'string' || !/\p{Cs}/u.test(content)) return { data: result.data }
    const detail =
      'Contains a lone surrogate (an unpaired \\ud800–\\udfff escape); send well-formed Unicode'
    return { errors: [{ pointer: '/content', detail }] }
  }
  const {
    unknown = (key) => `Unknown field "${key}"`,
    describe = (issue) => issue.message,
    depth = Number.POSITIVE_INFINITY,
  } = wording
  const byPointer = new Map<string, string>()
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) byPointer.set(jsonPointer([...issue.path, key]), unknown(key))
    } else {
      const pointer = jsonPointer(issue.path.slice(0, depth))
      if (!byPointer.has(pointer)) byPointer.set(pointer, describe(issue))
    }
  }
  return { errors: Array.from(byPointer, ([pointer, detail]) => ({ pointer, detail })) }
}
