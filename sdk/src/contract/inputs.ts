import * as z from 'zod/mini'
import { decimalCodec, POSITIVE_INTEGER_TEXT } from './decimal-codec.ts'
import { fieldNames } from './fields.ts'
import { MAX_CLIENT_ID, MAX_CONTENT_LENGTH, MAX_TODO_ID } from './limits.ts'
import { TODO_CREATE_DEFAULTS } from './todo.ts'

/**
 * A todo id as the server assigns it or a client proposes it: a positive safe integer.
 *
 * @example
 * TodoId.safeParse(7).success // → true
 * TodoId.safeParse(0).success // → false: ids start at 1
 */
export const TodoId = z.int().check(z.minimum(1), z.maximum(MAX_TODO_ID))

/**
 * A todo id as it travels in a path (`/todos/7`) or a query (`?id=7`): decimal text decoded
 * into a {@link TodoId}, and back.
 *
 * @example
 * z.decode(TodoIdText, '7') // → 7
 * z.safeDecode(TodoIdText, '07').success // → false: one spelling per id
 * z.safeDecode(TodoIdText, '9007199254740993').success // → false: above MAX_TODO_ID
 */
export const TodoIdText = decimalCodec(TodoId)

/**
 * What {@link TodoIdText} decodes `text` to, or `undefined` where it refuses it, without a zod
 * parse: for a server that reads an id from the path of every request.
 *
 * @example
 * todoIdFromText('7') // → 7
 * todoIdFromText('07') // → undefined
 */
export function todoIdFromText(text: string): number | undefined {
  const id = POSITIVE_INTEGER_TEXT.test(text) ? Number(text) : Number.NaN
  return id <= MAX_TODO_ID ? id : undefined
}

/**
 * An id a client proposes on create: a {@link TodoId} up to {@link MAX_CLIENT_ID}.
 *
 * @example
 * ProposedTodoId.safeParse(2 ** 52 + 1).success // → false: left for the server to assign
 */
export const ProposedTodoId = z.int().check(
  z.minimum(1),
  z.maximum(MAX_CLIENT_ID, {
    error: `Ids above ${MAX_CLIENT_ID} are left for the server to assign; omit id or choose a smaller one`,
  }),
)

/**
 * Text of a task: at least one character, at most {@link MAX_CONTENT_LENGTH}.
 *
 * @example
 * TodoContent.safeParse('Buy milk').success // → true
 * TodoContent.safeParse('').success // → false: a todo needs some text
 */
export const TodoContent = z.string().check(z.minLength(1), z.maxLength(MAX_CONTENT_LENGTH))

/**
 * Body of `POST /todos`. `content` is required; `completed` defaults to `false`; `id` is
 * optional and, when omitted, assigned by the server. Unknown keys are rejected.
 *
 * @example
 * TodoCreate.parse({ content: 'Buy milk' }) // → { content: 'Buy milk', completed: false }
 */
export const TodoCreate = z.strictObject({
  id: z.optional(ProposedTodoId),
  content: TodoContent,
  completed: z._default(z.boolean(), TODO_CREATE_DEFAULTS.completed),
})

/**
 * Body of `PUT /todos/{id}`: the complete record; its `id` must equal the path's.
 *
 * @example
 * TodoReplace.parse({ id: 1, content: 'Buy oat milk', completed: true })
 * TodoReplace.safeParse({ id: 1, content: 'Buy oat milk' }).success // → false: completed is required
 */
export const TodoReplace = z.strictObject({
  id: TodoId,
  content: TodoContent,
  completed: z.boolean(),
})

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
    z.refine((patch) => Object.values(patch).some((value) => value !== undefined), {
      error: () => `Send at least one of: ${TODO_PATCHABLE_FIELDS.join(', ')}`,
    }),
  )

/**
 * The fields a PATCH may change, from {@link TodoPatch}. `id` is not among them: a todo's id
 * never changes.
 *
 * @example
 * TODO_PATCHABLE_FIELDS.includes('id') // → false
 */
export const TODO_PATCHABLE_FIELDS = fieldNames(TodoPatch)

/** What a client sends to create a todo (`completed` and `id` optional). */
export type TodoCreateInput = z.input<typeof TodoCreate>
/** A create body after defaults are applied, as a server stores it. */
export type TodoCreateData = z.output<typeof TodoCreate>
/** What a client sends to replace a todo: the complete record. */
export type TodoReplaceInput = z.input<typeof TodoReplace>
/**
 * What a client sends to change part of a todo: at least one field, as {@link TodoPatch}
 * checks, so `update(id, {})` is a compile error rather than a 400.
 */
export type TodoPatchInput = AtLeastOneOf<z.input<typeof TodoPatch>>

/** `T` with any one of its members required (and defined), the others as they were. */
type AtLeastOneOf<T> = {
  [Key in keyof T]-?: { [Required in Key]-?: Exclude<T[Key], undefined> } & Omit<T, Key>
}[keyof T]
