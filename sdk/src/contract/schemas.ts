import * as z from 'zod/mini'
import { MAX_CONTENT_LENGTH, MAX_SEARCH_LENGTH, MAX_TODO_ID } from './limits.ts'

/** A todo id as the server assigns it or a client proposes it: a positive safe integer. */
export const TodoId = z.int().check(z.minimum(1), z.maximum(MAX_TODO_ID))

/** Text of a task: at least one character, at most {@link MAX_CONTENT_LENGTH}. */
export const TodoContent = z.string().check(z.minLength(1), z.maxLength(MAX_CONTENT_LENGTH))

/**
 * A todo as a server returns it. Unknown extra fields are tolerated (a server may add its own);
 * the three contract fields are checked for presence and type only, so a stricter rule of ours
 * (such as the content length) never turns a conforming server's answer into an error.
 *
 * @example
 * Todo.parse({ id: 1, content: 'Buy milk', completed: false })
 */
export const Todo = z.looseObject({
  id: z.int(),
  content: z.string(),
  completed: z.boolean(),
})

/** The body of `GET /todos`: a JSON array of todos. */
export const TodoList = z.array(Todo)

/**
 * Body of `POST /todos`. `content` is required; `completed` defaults to `false`; `id` is
 * optional and, when omitted, assigned by the server. Unknown keys are rejected.
 *
 * @example
 * TodoCreate.parse({ content: 'Buy milk' }) // → { content: 'Buy milk', completed: false }
 */
export const TodoCreate = z.strictObject({
  id: z.optional(TodoId),
  content: TodoContent,
  completed: z._default(z.boolean(), false),
})

/** Body of `PUT /todos/{id}`: the complete record; its `id` must equal the path's. */
export const TodoReplace = z.strictObject({
  id: TodoId,
  content: TodoContent,
  completed: z.boolean(),
})

/** The fields a PATCH may change. `id` is not among them: a todo's id never changes. */
export const TODO_PATCHABLE_FIELDS = ['content', 'completed'] as const

/**
 * Body of `PATCH /todos/{id}`: `content` and/or `completed`, at least one of them. Fields not
 * sent keep their stored values.
 *
 * @example
 * TodoPatch.parse({ completed: true })
 */
export const TodoPatch = z
  .strictObject({
    content: z.optional(TodoContent),
    completed: z.optional(z.boolean()),
  })
  .check(
    z.refine((patch) => patch.content !== undefined || patch.completed !== undefined, {
      message: `Send at least one of: ${TODO_PATCHABLE_FIELDS.join(', ')}`,
    }),
  )

/** The fields of a todo, in the order the contract lists them. */
export const TODO_FIELDS = ['id', 'content', 'completed'] as const
export type TodoField = (typeof TODO_FIELDS)[number]

/** One sort key of `order`: a field name for ascending, `-field` for descending. */
export const OrderKey = z.enum(['id', '-id', 'content', '-content', 'completed', '-completed'])

const searchParam = z.string().check(z.maxLength(MAX_SEARCH_LENGTH))

/**
 * `GET /todos` query parameters as they travel on the wire (every value a string) decoded into
 * typed values. Unknown parameters are rejected, never silently ignored.
 *
 * - `id`, `content`, `completed`: exact-match field filters (`completed` is `true` or `false`).
 * - `q`: case-insensitive substring search on `content`.
 * - `order`: comma-separated sort keys, `field` ascending or `-field` descending, earlier keys
 *   first; a field may appear once.
 *
 * @example
 * z.decode(TodoListQuery, { completed: 'false', order: '-id' })
 * // → { completed: false, order: ['-id'] }
 */
export const TodoListQuery = z.strictObject({
  id: z.optional(
    z.codec(
      z.string().check(z.regex(/^[1-9][0-9]{0,15}$/, 'Expected a positive integer')),
      TodoId,
      {
        decode: Number,
        encode: String,
      },
    ),
  ),
  content: z.optional(z.string()),
  completed: z.optional(z.stringbool({ truthy: ['true'], falsy: ['false'] })),
  q: z.optional(searchParam),
  order: z.optional(
    z.codec(
      z.string(),
      z.array(OrderKey).check(
        z.minLength(1),
        z.refine((keys) => new Set(keys.map((key) => key.replace('-', ''))).size === keys.length, {
          message: 'Each field may appear once in order',
        }),
      ),
      // The output schema validates each key after the split.
      { decode: (value) => value.split(',') as OrderKey[], encode: (keys) => keys.join(',') },
    ),
  ),
})

/** Names of the query parameters `GET /todos` understands. */
export const LIST_QUERY_PARAMETERS = Object.keys(TodoListQuery.def.shape) as Array<
  keyof typeof TodoListQuery.def.shape
>

/**
 * An RFC 9457 problem details body, as the reference server sends for every error. `errors`
 * lists each invalid field with a JSON Pointer (RFC 6901) to where it is.
 */
export const ProblemDetails = z.looseObject({
  type: z.optional(z.string()),
  title: z.optional(z.string()),
  status: z.optional(z.int()),
  detail: z.optional(z.string()),
  instance: z.optional(z.string()),
  errors: z.optional(z.array(z.looseObject({ pointer: z.string(), detail: z.string() }))),
})

/** A todo as a server returns it. */
export type Todo = z.output<typeof Todo>
/** What a client sends to create a todo (`completed` and `id` optional). */
export type TodoCreateInput = z.input<typeof TodoCreate>
/** A create body after defaults are applied, as a server stores it. */
export type TodoCreateData = z.output<typeof TodoCreate>
/** What a client sends to replace a todo: the complete record. */
export type TodoReplaceInput = z.input<typeof TodoReplace>
/** What a client sends to change part of a todo. */
export type TodoPatchInput = z.input<typeof TodoPatch>
/** One sort key of `order`. */
export type OrderKey = z.output<typeof OrderKey>
/** A decoded `GET /todos` query. */
export type TodoListQuery = z.output<typeof TodoListQuery>
/** An RFC 9457 problem details body. */
export type ProblemDetails = z.output<typeof ProblemDetails>
