import * as z from 'zod/mini'
import { TodoId } from './inputs.ts'
import { MAX_PAGE_LIMIT, MAX_SEARCH_LENGTH } from './limits.ts'

/**
 * One sort key of `order`: a field name for ascending, `-field` for descending.
 *
 * @example
 * OrderKey.options // → ['id', '-id', 'content', '-content', 'completed', '-completed']
 * OrderKey.safeParse('-content').success // → true
 */
export const OrderKey = z.enum(['id', '-id', 'content', '-content', 'completed', '-completed'])

const searchParam = z.string().check(z.maxLength(MAX_SEARCH_LENGTH))

/** A positive integer as decimal text, without sign, leading zeros or exponent. */
const positiveInteger = z
  .string()
  .check(z.regex(/^[1-9][0-9]{0,15}$/, 'Expected a positive integer'))

/**
 * `GET /todos` query parameters as they travel on the wire (every value a string) decoded into
 * typed values. Unknown parameters are rejected, never silently ignored.
 *
 * - `id`, `content`, `completed`: exact-match field filters (`completed` is `true` or `false`).
 * - `q`: case-insensitive substring search on `content`.
 * - `order`: comma-separated sort keys, `field` ascending or `-field` descending, earlier keys
 *   first; a field may appear once.
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
  id: z.optional(
    z.codec(positiveInteger, TodoId, {
      decode: Number,
      encode: String,
    }),
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
  limit: z.optional(
    z.codec(positiveInteger, z.int().check(z.maximum(MAX_PAGE_LIMIT)), {
      decode: Number,
      encode: String,
    }),
  ),
  cursor: z.optional(z.string().check(z.minLength(1))),
})

/**
 * Names of the query parameters `GET /todos` understands.
 *
 * @example
 * LIST_QUERY_PARAMETERS // → ['id', 'content', 'completed', 'q', 'order', 'limit', 'cursor']
 */
export const LIST_QUERY_PARAMETERS = Object.keys(TodoListQuery.def.shape) as Array<
  keyof typeof TodoListQuery.def.shape
>

/** One sort key of `order`. */
export type OrderKey = z.output<typeof OrderKey>
/** A decoded `GET /todos` query. */
export type TodoListQuery = z.output<typeof TodoListQuery>
