import { COLLECTION_PATH, type Todo, TodoCreate, todoPath } from '@todokit/sdk/contract'
import type { Hono } from 'hono'
import { JSON_TYPE, jsonBodyReader, parseBody, rejectQuery } from '../http/request.ts'
import { createTodo, type TodoStore } from '../store/store.ts'
import { hashText } from '../store/todo-json.ts'
import { registerOperation } from './allowed-methods.ts'
import { ifNoneMatchHits } from './conditional.ts'
import { decodeCursor, encodeCursor } from './cursor.ts'
import { parseListQuery } from './list-query.ts'
import { jsonArrayBody, type ListBody, notModified, todoResponse } from './todo-responses.ts'

/** Every todo of an async list, collected. */
async function collect(todos: AsyncIterable<Todo>): Promise<Todo[]> {
  const collected: Todo[] = []
  for await (const todo of todos) collected.push(todo)
  return collected
}

/**
 * Registers `GET /todos` (filters, search, order, paging, ETag) and `POST /todos` on `app`.
 * Paging is opt-in: without `limit` the list is every todo the query selects, as the contract
 * says; with it, one page, and a `Link: <…>; rel="next"` header while more follow.
 */
export function registerCollectionRoutes(
  app: Hono,
  store: TodoStore,
  limits: { maxBodyBytes: number; maxTodos: number },
): void {
  // The list ETag names the store's revision, so checking it costs nothing however many todos
  // there are; `epoch` keeps ETags of an earlier process, whose revision may have had the same
  // number, from ever matching.
  const epoch = Math.floor(Math.random() * 2 ** 32).toString(36)

  registerOperation(app, 'list', (c) => {
    const url = c.req.url
    const mark = url.indexOf('?')
    const search = mark === -1 ? '' : url.slice(mark + 1)
    const { limit, cursor, ...listing } = parseListQuery(search)
    const after = cursor === undefined ? undefined : decodeCursor(listing, cursor)
    const etag = `"${epoch}-${store.revision}-${hashText(search)}"`
    if (ifNoneMatchHits(c.req.header('if-none-match'), etag)) return notModified(etag)
    const headers: Record<string, string> = { 'content-type': JSON_TYPE, etag }
    // HEAD gets no body, so it must not start a list that nothing would read to its end.
    const respond = (body: ListBody) =>
      new Response(c.req.method === 'HEAD' ? null : body, { headers })
    if (limit === undefined) {
      if (c.req.method === 'HEAD') return respond('')
      const body = jsonArrayBody(store.list(listing, { after }))
      return body instanceof Promise ? body.then(respond) : respond(body)
    }
    // One todo past the page says whether another page follows, so the last page has no Link.
    const answerPage = (page: Todo[]) => {
      const last = page.length > limit ? page[limit - 1] : undefined
      if (last !== undefined) {
        page.length = limit
        // Relative to the request (the same path, another query): neither a Host header nor a
        // proxy in front can make it lead anywhere but where this page was asked for.
        const next = new URLSearchParams(search)
        next.set('cursor', encodeCursor(listing, last))
        headers.link = `<?${next}>; rel="next"`
      }
      return respond(jsonArrayBody(page))
    }
    const page = store.list(listing, { after, limit: limit + 1 })
    return Symbol.asyncIterator in page ? collect(page).then(answerPage) : answerPage([...page])
  })

  const readBody = jsonBodyReader(limits.maxBodyBytes, [JSON_TYPE], 'accept-post')
  registerOperation(app, 'create', async (c) => {
    rejectQuery(c, `POST ${COLLECTION_PATH}`)
    const input = parseBody(TodoCreate, await readBody(c))
    const todo = await store.write((table) => createTodo(table, input, limits.maxTodos))
    return todoResponse(todo, 201, { location: todoPath(todo.id) })
  })
}
