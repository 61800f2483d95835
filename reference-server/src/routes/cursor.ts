import { LIST_QUERY_PARAMETERS, Todo, type TodoListQuery } from '@todokit/sdk/contract'
import { decodeBase64Url, encodeBase64Url } from 'hono/utils/encode'
import * as z from 'zod/mini'
import { fail } from '../http/problem.ts'
import { PROBLEMS } from '../http/problems.ts'
import { type Keyset, keysetKeys, sortKey } from '../store/store.ts'
import { hashText } from '../store/todo-json.ts'

/**
 * Paging cursors: base64url of the JSON array `[binding, ...values]`, where `values` are the
 * last todo's values of the list's {@link keysetKeys} and `binding` hashes the filters, `q` and
 * `order` the cursor was made for. A cursor holds a place in the order, never an offset, so
 * creates and deletes elsewhere in the list neither skip nor repeat a todo; the binding makes a
 * cursor sent with another query a 400 rather than a page of some other list.
 */

/** The query a cursor is made for and valid with: everything but `limit` and `cursor`. */
type Listing = Omit<TodoListQuery, 'limit' | 'cursor'>

/** The parameters a cursor is bound to: all but paging's own. */
const BOUND = LIST_QUERY_PARAMETERS.filter(
  (name): name is keyof Listing => name !== 'limit' && name !== 'cursor',
)

function binding(query: Listing): string {
  return hashText(JSON.stringify(BOUND.map((name) => query[name])))
}

/**
 * The cursor of the page that follows `last` in `query`'s list.
 *
 * @example
 * encodeCursor({ order: ['content'] }, { id: 7, content: 'Buy milk', completed: false })
 * // → base64url of '["<binding>","Buy milk",7]': content, then id, which breaks ties
 */
export function encodeCursor(query: Listing, last: Todo): string {
  const values = keysetKeys(query.order).map((key) => last[sortKey(key).field])
  const bytes = new TextEncoder().encode(JSON.stringify([binding(query), ...values]))
  // Unpadded, so that a cursor needs no escaping in a query string.
  return encodeBase64Url(bytes.buffer).replace(/=+$/, '')
}

/**
 * The keyset `cursor` continues after, or a 400 (pointer `/cursor`) for a cursor this server did
 * not write, or wrote for another query.
 *
 * @example
 * decodeCursor({}, encodeCursor({}, todo)) // → { id: todo.id }
 */
export function decodeCursor(query: Listing, cursor: string): Keyset {
  const values = parse(cursor)
  const keys = keysetKeys(query.order)
  if (!Array.isArray(values) || values.length !== keys.length + 1) return invalidCursor()
  if (values[0] !== binding(query)) {
    return invalidCursor(
      'The cursor belongs to a list with other filters, q or order; send it with the query it came from, or start again without cursor',
    )
  }
  const entries = keys.map((key, index) => {
    const { field } = sortKey(key)
    const value = z.safeParse(Todo.shape[field], values[index + 1])
    return value.success ? [field, value.data] : invalidCursor()
  })
  // Every keyset ends with id (see keysetKeys), and each value passed its field's schema.
  return Object.fromEntries(entries) as Keyset
}

/** The JSON inside a base64url cursor, or `undefined` when it holds none. */
function parse(cursor: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(decodeBase64Url(cursor)))
  } catch {
    return undefined
  }
}

function invalidCursor(
  detail = 'The cursor is not one this server wrote; send the cursor of a Link header unchanged, or start again without cursor',
): never {
  return fail(PROBLEMS.invalidQuery([{ pointer: '/cursor', detail }]))
}
