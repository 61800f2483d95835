import { COLLECTION_PATH, type Todo, TodoCreate, todoPath } from '@todokit/sdk/contract'
import type { Hono } from 'hono'
import { ifNoneMatchHits } from './conditional.ts'
import { fieldErrors, PARSE_OPTIONS } from './field-errors.ts'
import { parseListQuery, selectTodos } from './list-query.ts'
import { requestHeader } from './node-bindings.ts'
import { rejectQuery } from './path-id.ts'
import { problem } from './problem.ts'
import { readJsonBody } from './request-body.ts'
import { IdTakenError, type TodoStore } from './store/store.ts'
import { hash53, represent } from './todo-json.ts'
import {
  invalidBody,
  JSON_TYPE,
  jsonResponse,
  notModified,
  todoResponse,
} from './todo-responses.ts'

function isIdTaken(error: unknown): error is IdTakenError {
  return error instanceof IdTakenError || (error as Error | null)?.name === 'IdTakenError'
}

/** A JSON array from the todos' cached JSON texts: listing never serialises a todo twice. */
function listJson(todos: readonly Todo[]): string {
  let json = '['
  for (let index = 0; index < todos.length; index++) {
    if (index > 0) json += ','
    json += represent(todos[index] as Todo).json
  }
  return `${json}]`
}

/** Registers `GET /todos` (filters, search, order, ETag) and `POST /todos` on `app`. */
export function registerCollectionRoutes(app: Hono, store: TodoStore, maxBodyBytes: number): void {
  const bodyRules = {
    accepted: [JSON_TYPE],
    acceptHeader: 'accept-post',
    maxBytes: maxBodyBytes,
  } as const

  // The list ETag names the store's revision, so checking it costs nothing however many todos
  // there are; `epoch` keeps ETags of an earlier process, whose revision counter may have been
  // at the same number, from ever matching.
  const epoch = Math.floor(Math.random() * 2 ** 32).toString(36)
  let unfiltered = { revision: -1, json: '[]' }

  app.get(COLLECTION_PATH, (c) => {
    const url = c.req.url
    const mark = url.indexOf('?')
    const search = mark === -1 ? '' : url.slice(mark + 1)
    const parsed = parseListQuery(search)
    if (!parsed.ok) {
      return problem(400, 'The query is invalid; see errors', { errors: parsed.errors })
    }
    const revision = store.revision
    const etag = `"${epoch}-${revision}-${hash53(search)}"`
    if (ifNoneMatchHits(requestHeader(c, 'if-none-match'), etag)) return notModified(etag)
    let json: string
    if (search === '') {
      if (unfiltered.revision !== revision) unfiltered = { revision, json: listJson(store.list()) }
      json = unfiltered.json
    } else {
      json = listJson(selectTodos(store.list(), parsed.query))
    }
    return jsonResponse(json, 200, { etag })
  })

  app.post(COLLECTION_PATH, async (c) => {
    const rejected = rejectQuery(c.req.url, `POST ${COLLECTION_PATH}`)
    if (rejected) return rejected
    const body = await readJsonBody(c, bodyRules)
    if (!body.ok) return body.response
    const input = TodoCreate.safeParse(body.value, PARSE_OPTIONS)
    if (!input.success) return invalidBody(fieldErrors(input.error.issues))
    let todo: Todo
    try {
      todo = await store.create(input.data)
    } catch (error) {
      if (!isIdTaken(error)) throw error
      return problem(409, `A todo with id ${error.id} already exists; omit id to get a new one`, {
        errors: [{ pointer: '/id', detail: `The id ${error.id} is taken` }],
      })
    }
    return todoResponse(todo, 201, { location: todoPath(todo.id) })
  })
}
