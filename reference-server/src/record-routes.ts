import { RECORD_PATH, type Todo, TodoPatch, TodoReplace } from '@todokit/sdk/contract'
import type { Context, Hono } from 'hono'
import type * as z from 'zod/mini'
import { RECORD_ROUTE } from './allowed-methods.ts'
import { ifMatchFails, ifNoneMatchHits } from './conditional.ts'
import { fieldErrors, PARSE_OPTIONS } from './field-errors.ts'
import { requestHeader } from './node-bindings.ts'
import { parsePathId, rejectQuery } from './path-id.ts'
import { readJsonBody } from './request-body.ts'
import type { TodoStore } from './store/store.ts'
import { represent } from './todo-json.ts'
import {
  invalidBody,
  JSON_TYPE,
  jsonResponse,
  notModified,
  preconditionFailed,
  todoNotFound,
  todoResponse,
} from './todo-responses.ts'

const PATCH_TYPES = [JSON_TYPE, 'application/merge-patch+json']

/** The path's id, or the 400 for a bad id or for query parameters (records take none). */
function recordId(c: Context): number | Response {
  const id = parsePathId(c.req.param('id') ?? '')
  if (typeof id !== 'number') return id
  return rejectQuery(c.req.url, `${c.req.method} ${RECORD_PATH}`) ?? id
}

/** What a client may send instead of null, by the type zod expected. */
const VALUE_OF_TYPE: Record<string, string> = { string: 'a string', boolean: 'true or false' }

/**
 * The message for a PATCH issue. A `null` is how a merge patch (RFC 7396) deletes a field, and a
 * todo has no field that can go, so that case says so rather than "expected string".
 */
function describePatchIssue(patch: unknown, issue: z.core.$ZodIssue): string {
  const [field] = issue.path
  const isNull =
    issue.path.length === 1 &&
    typeof field === 'string' &&
    typeof patch === 'object' &&
    patch !== null &&
    Object.hasOwn(patch, field) &&
    (patch as Record<string, unknown>)[field] === null
  if (!isNull) return issue.message
  const expected = issue.code === 'invalid_type' ? VALUE_OF_TYPE[issue.expected] : undefined
  return `A todo's ${field} cannot be removed (null deletes a field in a merge patch, and todos have no optional fields); send ${expected ?? 'a value'}`
}

/** The answer to a write the store applied, or 404 if the todo vanished meanwhile. */
function written(todo: Todo | undefined, id: number): Response {
  return todo === undefined ? todoNotFound(id) : todoResponse(todo)
}

/**
 * Registers GET, PUT, PATCH and DELETE on `/todos/{id}`. Checks run in RFC 9110 order: the
 * request itself (path, query, body) first, then existence (404), then `If-Match` (412), all
 * without a pause between the last check and the store call, so a refused write never reaches
 * the store and an accepted one applies to the version it was checked against.
 */
export function registerRecordRoutes(app: Hono, store: TodoStore, maxBodyBytes: number): void {
  const putRules = { accepted: [JSON_TYPE], maxBytes: maxBodyBytes }
  const patchRules = {
    accepted: PATCH_TYPES,
    acceptHeader: 'accept-patch',
    maxBytes: maxBodyBytes,
  } as const

  /** The stored todo a write may change, or the 404/412 that refuses the write. */
  const target = (c: Context, id: number): Todo | Response => {
    const current = store.get(id)
    if (current === undefined) return todoNotFound(id)
    const { etag } = represent(current)
    if (ifMatchFails(requestHeader(c, 'if-match'), etag)) return preconditionFailed(id, etag)
    return current
  }

  app.get(RECORD_ROUTE, (c) => {
    const id = recordId(c)
    if (typeof id !== 'number') return id
    const todo = store.get(id)
    if (todo === undefined) return todoNotFound(id)
    const { json, etag } = represent(todo)
    if (ifNoneMatchHits(requestHeader(c, 'if-none-match'), etag)) return notModified(etag)
    return jsonResponse(json, 200, { etag })
  })

  app.put(RECORD_ROUTE, async (c) => {
    const id = recordId(c)
    if (typeof id !== 'number') return id
    const body = await readJsonBody(c, putRules)
    if (!body.ok) return body.response
    const input = TodoReplace.safeParse(body.value, PARSE_OPTIONS)
    if (!input.success) return invalidBody(fieldErrors(input.error.issues))
    if (input.data.id !== id) {
      const detail = `The body's id ${input.data.id} differs from the path's id ${id}; an id never changes`
      return invalidBody([{ pointer: '/id', detail }])
    }
    const current = target(c, id)
    if (current instanceof Response) return current
    return written(await store.replace(input.data), id)
  })

  app.patch(RECORD_ROUTE, async (c) => {
    const id = recordId(c)
    if (typeof id !== 'number') return id
    const body = await readJsonBody(c, patchRules)
    if (!body.ok) return body.response
    const input = TodoPatch.safeParse(body.value, PARSE_OPTIONS)
    if (!input.success) {
      const unknown = (key: string) =>
        key === 'id' ? "A todo's id cannot change; leave id out" : `Unknown field "${key}"`
      const describe = (issue: z.core.$ZodIssue) => describePatchIssue(body.value, issue)
      return invalidBody(fieldErrors(input.error.issues, { unknown, describe }))
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
    // The body is the todo as it was; no ETag, since the resource is gone.
    return deleted === undefined ? todoNotFound(id) : jsonResponse(represent(deleted).json, 200)
  })
}
