import {
  COLLECTION_PATH,
  RECORD_PATH,
  type Todo,
  TodoCreate,
  TodoPatch,
  TodoReplace,
  todoPath,
} from '@todokit/sdk/contract'
import type { Context, Hono } from 'hono'
import { ifMatchFails, ifNoneMatchHits } from './conditional.ts'
import { DOCS_SCRIPT_PATH } from './docs-page.ts'
import { fieldErrors, PARSE_OPTIONS } from './field-errors.ts'
import { parseListQuery, selectTodos } from './list-query.ts'
import { requestHeader } from './node-bindings.ts'
import { parsePathId, rejectQuery } from './path-id.ts'
import { problem } from './problem.ts'
import { readJsonBody } from './request-body.ts'
import { IdTakenError, type TodoStore } from './store/store.ts'
import { hash53, represent } from './todo-json.ts'

const JSON_TYPE = 'application/json'
const RECORD_ROUTE = `${COLLECTION_PATH}/:id`
const JSON_ONLY = [JSON_TYPE] as const
const PATCH_TYPES = [JSON_TYPE, 'application/merge-patch+json'] as const

/** Methods each path answers, for `Allow` on 405 and OPTIONS (HEAD comes with GET). */
export const ALLOWED_METHODS = {
  [COLLECTION_PATH]: 'GET, HEAD, POST, OPTIONS',
  [RECORD_ROUTE]: 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS',
} as const

function jsonResponse(
  json: string,
  status: number,
  headers: Record<string, string> = {},
): Response {
  return new Response(json, { status, headers: { 'content-type': JSON_TYPE, ...headers } })
}

function notFound(id: number): Response {
  return problem(404, `No todo with id ${id}`)
}

function preconditionFailed(id: number, etag: string): Response {
  return problem(
    412,
    `If-Match does not match the current ETag of todo ${id} (${etag}); it changed since you read it`,
  )
}

function invalidBody(errors: ReturnType<typeof fieldErrors>): Response {
  return problem(400, 'The body does not match the schema; see errors', { errors })
}

function isIdTaken(error: unknown): error is IdTakenError {
  return error instanceof IdTakenError || (error as Error | null)?.name === 'IdTakenError'
}

/**
 * Registers the six contract endpoints on `app`, reading and writing `store`. Checks run in
 * RFC 9110 order: the request itself (path, query, body) first, then existence (404), then
 * preconditions (412), so a refused write never reaches the store.
 */
export function registerTodoRoutes(app: Hono, store: TodoStore): void {
  // The list ETag names the store's revision; `epoch` keeps ETags from a previous process
  // (whose revision counter may have been at the same number) from ever matching.
  const epoch = Math.floor(Math.random() * 2 ** 32).toString(36)
  let unfiltered = { revision: -1, json: '[]' }

  const listJson = (todos: readonly Todo[]): string => {
    let json = '['
    for (let index = 0; index < todos.length; index++) {
      if (index > 0) json += ','
      json += represent(todos[index] as Todo).json
    }
    return `${json}]`
  }

  /** The stored todo a write to `/todos/:id` may change, or the response that refuses it. */
  const target = (c: Context, id: number): Todo | Response => {
    const current = store.get(id)
    if (current === undefined) return notFound(id)
    const { etag } = represent(current)
    if (ifMatchFails(requestHeader(c, 'if-match'), etag)) return preconditionFailed(id, etag)
    return current
  }

  /** The path's id, or the 400 for a bad id or for query parameters (records take none). */
  const recordId = (c: Context): number | Response => {
    const id = parsePathId(c.req.param('id') ?? '')
    if (typeof id !== 'number') return id
    return rejectQuery(c.req.url, `${c.req.method} ${RECORD_PATH}`) ?? id
  }

  /** The answer to a write the store applied, or 404 if the todo vanished meanwhile. */
  const written = (todo: Todo | undefined, id: number): Response => {
    if (todo === undefined) return notFound(id)
    const { json, etag } = represent(todo)
    return jsonResponse(json, 200, { etag })
  }

  app.get(COLLECTION_PATH, (c) => {
    const url = c.req.url
    const mark = url.indexOf('?')
    const search = mark === -1 ? '' : url.slice(mark + 1)
    const parsed = parseListQuery(search)
    if (!parsed.ok)
      return problem(400, 'The query is invalid; see errors', { errors: parsed.errors })
    const revision = store.revision
    const etag = `"${epoch}-${revision}-${hash53(search)}"`
    if (ifNoneMatchHits(requestHeader(c, 'if-none-match'), etag)) {
      return new Response(null, { status: 304, headers: { etag } })
    }
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
    const body = await readJsonBody(c, JSON_ONLY, 'accept-post')
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
    const { json, etag } = represent(todo)
    return jsonResponse(json, 201, { location: todoPath(todo.id), etag })
  })

  app.get(RECORD_ROUTE, (c) => {
    const id = recordId(c)
    if (typeof id !== 'number') return id
    const todo = store.get(id)
    if (todo === undefined) return notFound(id)
    const { json, etag } = represent(todo)
    if (ifNoneMatchHits(requestHeader(c, 'if-none-match'), etag)) {
      return new Response(null, { status: 304, headers: { etag } })
    }
    return jsonResponse(json, 200, { etag })
  })

  app.put(RECORD_ROUTE, async (c) => {
    const id = recordId(c)
    if (typeof id !== 'number') return id
    const body = await readJsonBody(c, JSON_ONLY)
    if (!body.ok) return body.response
    const input = TodoReplace.safeParse(body.value, PARSE_OPTIONS)
    if (!input.success) return invalidBody(fieldErrors(input.error.issues))
    if (input.data.id !== id) {
      return invalidBody([
        {
          pointer: '/id',
          detail: `The body's id ${input.data.id} differs from the path's id ${id}; an id never changes`,
        },
      ])
    }
    const current = target(c, id)
    if (current instanceof Response) return current
    return written(await store.replace(input.data), id)
  })

  app.patch(RECORD_ROUTE, async (c) => {
    const id = recordId(c)
    if (typeof id !== 'number') return id
    const body = await readJsonBody(c, PATCH_TYPES, 'accept-patch')
    if (!body.ok) return body.response
    const input = TodoPatch.safeParse(body.value, PARSE_OPTIONS)
    if (!input.success) {
      const unknown = (key: string) =>
        key === 'id' ? "A todo's id cannot change; leave id out" : `Unknown field "${key}"`
      return invalidBody(fieldErrors(input.error.issues, { unknown }))
    }
    const current = target(c, id)
    if (current instanceof Response) return current
    return written(await store.update(id, input.data), id)
  })

  app.delete(RECORD_ROUTE, async (c) => {
    const id = recordId(c)
    if (typeof id !== 'number') return id
    const current = target(c, id)
    if (current instanceof Response) return current
    const deleted = await store.delete(id)
    if (deleted === undefined) return notFound(id)
    return jsonResponse(represent(deleted).json, 200)
  })

  for (const [path, allow] of Object.entries(ALLOWED_METHODS)) {
    app.options(path, () => new Response(null, { status: 204, headers: { allow } }))
  }
}

/** Paths outside the todos API, and the methods they answer. */
const OTHER_PATHS: Readonly<Record<string, string>> = {
  '/openapi.json': 'GET, HEAD',
  '/docs': 'GET, HEAD',
  [DOCS_SCRIPT_PATH]: 'GET, HEAD',
}

/**
 * The 405 answer for a method a known path does not support, or `undefined` for a path the
 * server does not have. Used from `notFound` rather than catch-all routes: a catch-all would
 * match every request and cost the hot path Hono's handler composition.
 */
export function methodNotAllowed(method: string, path: string): Response | undefined {
  const known = methodsOf(path)
  if (known === undefined) return undefined
  const { allow, shown } = known
  return problem(405, `${method} is not allowed on ${shown}; use ${allow}`, { headers: { allow } })
}

/** The methods `path` answers and how to name the path, or `undefined` for an unknown path. */
function methodsOf(path: string): { allow: string; shown: string } | undefined {
  if (path === COLLECTION_PATH) return { allow: ALLOWED_METHODS[COLLECTION_PATH], shown: path }
  const segment = path.slice(COLLECTION_PATH.length + 1)
  if (path.startsWith(`${COLLECTION_PATH}/`) && segment !== '' && !segment.includes('/')) {
    return { allow: ALLOWED_METHODS[RECORD_ROUTE], shown: RECORD_PATH }
  }
  return Object.hasOwn(OTHER_PATHS, path)
    ? { allow: OTHER_PATHS[path] as string, shown: path }
    : undefined
}
