import * as z from 'zod/mini'
import { fieldNames } from './fields.ts'
import { safeInteger } from './safe-integer.ts'

/**
 * The schema of each field of a {@link Todo}. A client that checks todos field by field imports
 * this alone, and its bundle leaves out zod's object schema.
 *
 * @example
 * z.safeParse(TODO_SHAPE.completed, 'yes').success // → false
 */
export const TODO_SHAPE = { id: safeInteger(), content: z.string(), completed: z.boolean() }

/**
 * A todo as a server returns it. Unknown extra fields are kept (a server may add its own) but not
 * typed, so `todo.contnet` is a compile error while `todo` still carries `owner` at runtime. The
 * three contract fields are checked for presence and type only, so a stricter rule of ours (such
 * as the content length) never turns a conforming server's answer into an error.
 *
 * @example
 * Todo.parse({ id: 1, content: 'Buy milk', completed: false, owner: 'ann' })
 * // → { id: 1, content: 'Buy milk', completed: false, owner: 'ann' }, typed as Todo
 */
// Declared as a stripping object: the loose object's type would add `[key: string]: unknown`,
// which makes every misspelt field compile.
export const Todo: z.ZodMiniObject<typeof TODO_SHAPE, z.core.$strip> =
  /* @__PURE__ */ z.looseObject(TODO_SHAPE)

/**
 * The body of `GET /todos`: a JSON array of todos. Marked pure, as `Todo` is, so that a bundle
 * that checks todos through {@link TODO_SHAPE} (the SDK's client) leaves out zod's array and
 * object schemas.
 *
 * @example
 * const todos = TodoList.parse(await (await fetch(`${base}/todos?order=-id`)).json())
 */
export const TodoList = /* @__PURE__ */ z.array(Todo)

/**
 * The fields of a todo, in the order the contract lists them.
 *
 * @example
 * TODO_FIELDS.map((field) => `${field}: ${String(todo[field])}`).join(', ')
 * // → 'id: 1, content: Buy milk, completed: false'
 */
export const TODO_FIELDS = /* @__PURE__ */ fieldNames(Todo)
/**
 * One of the {@link TODO_FIELDS}: `'id' | 'content' | 'completed'`.
 *
 * @example
 * const sortable: TodoField = 'content'
 */
export type TodoField = (typeof TODO_FIELDS)[number]

/**
 * Values a server gives the optional fields of a create body that a client left out. Clients
 * that talk to servers which store bodies as sent (json-server does) send them explicitly.
 *
 * @example
 * const body = { ...TODO_CREATE_DEFAULTS, content: 'Buy milk' } // → { completed: false, content: 'Buy milk' }
 */
export const TODO_CREATE_DEFAULTS = { completed: false } as const

/** A todo as a server returns it: exactly the contract's fields. */
export type Todo = z.output<typeof Todo>
