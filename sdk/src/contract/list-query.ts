import * as z from 'zod/mini'
import { decimalCodec } from './decimal-codec.ts'
import { fieldNames } from './fields.ts'
import { TodoIdText } from './inputs.ts'
import { MAX_PAGE_LIMIT, MAX_SEARCH_LENGTH } from './limits.ts'
import { TODO_FIELDS, type TodoField } from './todo.ts'

/**
 * One sort key of `order`: a field name for ascending, `-field` for descending; one pair per
 * field of a todo.
 *
 * @example
 * OrderKey.options // → ['id', '-id', 'content', '-content', 'completed', '-completed']
 * OrderKey.safeParse('-content').success // → true
 */
export const OrderKey = z.enum(TODO_FIELDS.flatMap((field) => [field, `-${field}`] as const))

/**
 * The field a sort key orders by, and whether it orders descending.
 *
 * @example
 * sortKey('-content') // → { field: 'content', descending: true }
 */
export function sortKey(key: OrderKey): { field: TodoField; descending: boolean } {
  const descending = key.startsWith('-')
  // `OrderKey` is each field alone or after a `-`: what is left is the field.
  return { field: (descending ? key.slice(1) : key) as TodoField, descending }
}

/** The sort keys of every `order` value, one or more per value, in the order sent. */
function splitOrder(values: string | string[]): string[] {
  return [values].flat().flatMap((value) => value.split(','))
}

/**
 * `GET /todos` query parameters as they travel on the wire (every value a string) decoded into
 * typed values. Unknown parameters are rejected, never silently ignored.
 *
 * - `id`, `content`, `completed`: exact-match field filters (`completed` is `true` or `false`).
 * - `q`: case-insensitive substring search on `content`.
 * - `order`: sort keys, `field` ascending or `-field` descending, earlier keys first; a field
 *   may appear once. Comma-separated (`order=completed,-id`), repeated
 *   (`order=completed&order=-id`, as openapi-fetch sends an array), or both.
 * - `limit`: paging, opt-in. At most this many todos (1 to {@link MAX_PAGE_LIMIT}); when more
 *   follow, the response's `Link: <…>; rel="next"` header names the next page.
 * - `cursor`: where a page starts, as the server wrote it into the `Link` of the page before.
 *   Opaque to clients, and valid only with the same filters, `q` and `order`.
 *
 * @example
 * z.decode(TodoListQuery, { completed: 'false', order: '-id' })
 * // → { completed: false, order: ['-id'] }
 */
export const TodoListQuery = z.strictObject({
  id: z.optional(TodoIdText),
  content: z.optional(z.string()),
  completed: z.optional(z.stringbool({ truthy: ['true'], falsy: ['false'] })),
  q: z.optional(z.string().check(z.maxLength(MAX_SEARCH_LENGTH))),
  order: z.optional(
    z.codec(
      z.union([z.string(), z.array(z.string())]),
      z.array(OrderKey).check(
        z.minLength(1),
        z.refine((keys) => new Set(keys.map((key) => sortKey(key).field)).size === keys.length, {
          message: 'Each field may appear once in order',
        }),
      ),
      // The output schema validates each key after the split.
      { decode: (value) => splitOrder(value) as OrderKey[], encode: (keys) => keys.join(',') },
    ),
  ),
  limit: z.optional(decimalCodec(z.int().check(z.minimum(1), z.maximum(MAX_PAGE_LIMIT)))),
  cursor: z.optional(z.string().check(z.minLength(1))),
})

/**
 * Names of the query parameters `GET /todos` understands.
 *
 * @example
 * LIST_QUERY_PARAMETERS // → ['id', 'content', 'completed', 'q', 'order', 'limit', 'cursor']
 */
export const LIST_QUERY_PARAMETERS = fieldNames(TodoListQuery)

/** One sort key of `order`. */
export type OrderKey = z.output<typeof OrderKey>
/** A decoded `GET /todos` query. */
export type TodoListQuery = z.output<typeof TodoListQuery>
