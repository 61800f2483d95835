import { COLLECTION_PATH, TodoCreate, todoPath } from '@todokit/sdk/contract'
import type { Hono } from 'hono'
import { ifNoneMatchHits } from './conditional.ts'
import { parseListQuery } from './list-query.ts'
import { JSON_TYPE, jsonBodyReader, parseBody, rejectQuery } from './request.ts'
import { createTodo, type TodoStore } from './store/store.ts'
import { hash53 } from './todo-json.ts'
import { jsonArrayBody, notModified, todoResponse } from './todo-responses.ts'

/** Registers `GET /todos` (filters, search, order, ETag) and `POST /todos` on `app`. */
export function registerCollectionRoutes(
  app: Hono,
  store: TodoStore,
  limits: { maxBodyBytes: number; maxTodos: number },
): void {
  // The list ETag names the store's revision, so checking it costs nothing however many todos
  // there are; `epoch` keeps ETags of an earlier process, whose revision may have had the same
  // number, from ever matching.
  const epoch = Math.floor(Math.random() * 2 ** 32).toString(36)

  app.get(COLLECTION_PATH, (c) => {
    const url = c.req.url
    const mark = url.indexOf('?')
    const search = mark === -1 ? '' : url.slice(mark + 1)
    const query = parseListQuery(search)
    const etag = `"${epoch}-${store.revision}-${hash53(search)}"`
    if (ifNoneMatchHits(c.req.header('if-none-match'), etag)) return notModified(etag)
    const headers = { 'content-type': JSON_TYPE, etag }
    // HEAD gets no body, so it must not start a list that nothing would read to its end.
    if (c.req.method === 'HEAD') return new Response(null, { headers })
    return new Response(jsonArrayBody(store.list(query)), { headers })
  })

  const readBody = jsonBodyReader(limits.maxBodyBytes, [JSON_TYPE], 'accept-post')
  app.post(COLLECTION_PATH, async (c) => {
    rejectQuery(c, `POST ${COLLECTION_PATH}`)
    const input = parseBody(TodoCreate, await readBody(c))
    const todo = await store.write((table) => createTodo(table, input, limits.maxTodos))
    return todoResponse(todo, 201, { location: todoPath(todo.id) })
  })
}
