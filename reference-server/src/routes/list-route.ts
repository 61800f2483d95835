import { LIST_QUERY_PARAMETERS, OrderKey, Todo, TodoListQuery } from '@todokit/sdk/contract'
import type { Hono } from 'hono'
import { decodeBase64Url, encodeBase64Url } from 'hono/utils/encode'
import * as z from 'zod/mini'
import { type FieldError, PROBLEMS, parseFields, refuse } from '../http/problem.ts'
import { JSON_TYPE, queryParameters, utf8 } from '../http/request.ts'
import { hashText, type Keyset, serialized, sortKeys, type TodoStore } from '../store/store.ts'
import { registerOperation } from './allowed-methods.ts'
import { ifNoneMatchHits, notModified } from './todo-routes.ts'

const invalidQuery = (errors: FieldError[]) => refuse(PROBLEMS.invalidQuery(errors))

/**
 * The query string of `GET /todos` decoded with the contract's codec, or a 400 that names every
 * problem. A list parameter may come comma-separated, repeated, or both.
 */
function parseListQuery(search: string): TodoListQuery {
  const raw = queryParameters(search)
  const describe = (issue: z.core.$ZodIssue): string => {
    const [name, index] = issue.path
    if (name === 'order' && typeof index === 'number') {
      const key = [raw.order ?? []].flat().join(',').split(',')[index]
      return `Unknown sort key "${key}" in order; use ${OrderKey.options.join(', ')}`
    }
    if (issue.code === 'invalid_type' && Array.isArray(raw[String(name)])) {
      return `The query parameter "${String(name)}" is repeated; send it once`
    }
    return `${issue.message} (query parameter ${String(name)})`
  }
  const known = LIST_QUERY_PARAMETERS.join(', ')
  const unknown = (name: string) => `Unknown query parameter "${name}"; known: ${known}`
  const parsed = parseFields(TodoListQuery, raw, { unknown, describe, depth: 1 })
  return parsed.errors ? invalidQuery(parsed.errors) : parsed.data
}

/** The query a cursor is bound to, so that it is refused with another query. */
type Selection = Omit<TodoListQuery, 'limit' | 'cursor'>
const binding = (query: Selection) => hashText(JSON.stringify(query))

/**
 * The cursor of the page after `last`: base64url of `[binding, ...values of its sort keys]`. A
 * place in the order, never an offset, so writes elsewhere neither skip nor repeat a todo.
 */
function encodeCursor(query: Selection, last: Todo): string {
  const values = sortKeys(query.order).map(({ field }) => last[field])
  const bytes = new TextEncoder().encode(JSON.stringify([binding(query), ...values]))
  return encodeBase64Url(bytes.buffer).replace(/=+$/, '')
}

/** The keyset `cursor` continues after, or a 400 for a cursor not written for `query`. */
function decodeCursor(query: Selection, cursor: string): Keyset {
  let values: unknown
  try {
    values = /^[\w-]+$/.test(cursor) && JSON.parse(utf8.decode(decodeBase64Url(cursor)))
  } catch {}
  const keys = sortKeys(query.order)
  const invalid = (
    detail = 'The cursor is not one this server wrote; send the cursor of a Link header unchanged, or start again without cursor',
  ) => invalidQuery([{ pointer: '/cursor', detail }])
  if (!Array.isArray(values) || values.length !== keys.length + 1) return invalid()
  if (values[0] !== binding(query)) {
    return invalid(
      'The cursor belongs to a list with other filters, q or order; send it with the query it came from, or start again without cursor',
    )
  }
  const entries = keys.map(({ field }, index) => {
    const value = z.safeParse(Todo.shape[field], values[index + 1])
    return value.success ? [field, value.data] : invalid()
  })
  // Every keyset ends with id, and each value passed its field's schema.
  return Object.fromEntries(entries) as Keyset
}

/** Characters of JSON a list response holds at a time, however long the list. */
const CHUNK_CHARS = 64 * 1024

type Batches = Iterable<readonly Todo[]> | AsyncIterable<readonly Todo[]>

/** The todos of `batches` as a JSON array, in chunks of at least `CHUNK_CHARS` but the last, which it returns. */
async function* jsonChunks(batches: Batches) {
  let text = ''
  let separator = '['
  for await (const batch of batches) {
    for (const todo of batch) {
      text += separator + serialized(todo).json
      separator = ','
      if (text.length < CHUNK_CHARS) continue
      yield text
      text = ''
    }
  }
  return separator === '[' ? '[]' : `${text}]`
}

/**
 * The todos of `batches` as a JSON array, read from the store as the client takes it: a string if
 * it fits one chunk; a client that goes away ends the iteration, releasing what the store holds.
 */
async function jsonArrayBody(batches: Batches) {
  const chunks = jsonChunks(batches)
  const head = await chunks.next()
  if (head.done) return head.value
  const encoder = new TextEncoder()
  return new ReadableStream({
    start: (controller) => controller.enqueue(encoder.encode(head.value)),
    async pull(controller) {
      const { value, done } = await chunks.next()
      controller.enqueue(encoder.encode(value))
      if (done) controller.close()
    },
    cancel: async () => void (await chunks.return('')),
  })
}

/** `GET /todos`: every todo the query selects, or with `limit` a page, linking the next. */
export function registerListRoute(app: Hono, store: TodoStore): void {
  // The ETag names the store's revision, so checking it costs nothing however long the list;
  // `epoch` keeps an earlier process's ETags from ever hitting.
  const epoch = Math.floor(Math.random() * 2 ** 32).toString(36)
  registerOperation(app, 'list', async (c) => {
    const mark = c.req.url.indexOf('?')
    const search = mark === -1 ? '' : c.req.url.slice(mark + 1)
    const { limit, cursor, ...selection } = parseListQuery(search)
    const after = cursor === undefined ? undefined : decodeCursor(selection, cursor)
    const etag = `"${epoch}-${store.revision}-${hashText(search)}"`
    if (ifNoneMatchHits(c.req.header('if-none-match'), etag)) return notModified(etag)
    const headers: Record<string, string> = { 'content-type': JSON_TYPE, etag }
    // HEAD must not start a list that nothing would read to its end.
    const head = c.req.method === 'HEAD'
    if (limit === undefined) {
      const body = head ? null : await jsonArrayBody(store.list(selection, { after }))
      return new Response(body, { headers })
    }
    // One todo past the page says whether another follows, so the last page has no Link.
    const page: Todo[] = []
    for await (const batch of store.list(selection, { after, limit: limit + 1 }))
      page.push(...batch)
    const last = page.length > limit ? page[limit - 1] : undefined
    if (last !== undefined) {
      page.length = limit
      // Relative: neither a Host header nor a proxy in front can make it lead elsewhere.
      const next = new URLSearchParams(search)
      next.set('cursor', encodeCursor(selection, last))
      headers.link = `<?${next}>; rel="next"`
    }
    return new Response(head ? null : await jsonArrayBody([page]), { headers })
  })
}
