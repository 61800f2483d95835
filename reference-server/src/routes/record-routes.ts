import { type Todo, TodoPatch, TodoReplace } from '@todokit/sdk/contract'
import type { Hono } from 'hono'
import type * as z from 'zod/mini'
import { fail } from '../http/problem.ts'
import { JSON_TYPE, jsonBodyReader, parseBody, recordId } from '../http/request.ts'
import type { TodoStore, TodoTable } from '../store/store.ts'
import { registerOperation } from './allowed-methods.ts'
import { ifMatchFails, ifNoneMatchHits } from './conditional.ts'
import { represent } from './todo-json.ts'
import { jsonResponse, notModified, todoNotFound, todoResponse } from './todo-responses.ts'

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

/**
 * The stored todo a write may change, or the 404/412 that refuses it. Called inside the store's
 * write, so the todo checked is the todo changed.
 */
function target(table: TodoTable, id: number, ifMatch: string | undefined): Todo {
  const current = table.get(id) ?? todoNotFound(id)
  if (ifMatch === undefined) return current
  const { etag } = represent(current)
  if (ifMatchFails(ifMatch, etag)) {
    fail(
      412,
      `If-Match does not match the current ETag of todo ${id} (${etag}); it changed since you read it`,
    )
  }
  return current
}

/**
 * Registers GET, PUT, PATCH and DELETE on `/todos/{id}`. Checks run in RFC 9110 order: the
 * request itself (path, query, body) first, then existence (404), then `If-Match` (412).
 */
export function registerRecordRoutes(app: Hono, store: TodoStore, maxBodyBytes: number): void {
  const readPut = jsonBodyReader(maxBodyBytes, [JSON_TYPE])
  const readPatch = jsonBodyReader(
    maxBodyBytes,
    [JSON_TYPE, 'application/merge-patch+json'],
    'accept-patch',
  )

  registerOperation(app, 'get', (c) => {
    const id = recordId(c)
    const { json, etag } = represent(store.get(id) ?? todoNotFound(id))
    if (ifNoneMatchHits(c.req.header('if-none-match'), etag)) return notModified(etag)
    return jsonResponse(json, 200, { etag })
  })

  registerOperation(app, 'replace', async (c) => {
    const id = recordId(c)
    const input = parseBody(TodoReplace, await readPut(c))
    if (input.id !== id) {
      const detail = `The body's id ${input.id} differs from the path's id ${id}; an id never changes`
      fail(400, 'The body does not match the schema; see errors', {
        errors: [{ pointer: '/id', detail }],
      })
    }
    const ifMatch = c.req.header('if-match')
    return todoResponse(
      await store.write((table) => target(table, id, ifMatch) && table.put(input)),
    )
  })

  registerOperation(app, 'update', async (c) => {
    const id = recordId(c)
    const body = await readPatch(c)
    const patch = parseBody(TodoPatch, body, {
      unknown: (key) =>
        key === 'id' ? "A todo's id cannot change; leave id out" : `Unknown field "${key}"`,
      describe: (issue) => describePatchIssue(body, issue),
    })
    const ifMatch = c.req.header('if-match')
    const todo = await store.write((table) => {
      const current = target(table, id, ifMatch)
      // A field the patch leaves out is absent from it, so the stored value stays.
      return table.put({ ...current, ...patch })
    })
    return todoResponse(todo)
  })

  registerOperation(app, 'delete', async (c) => {
    const id = recordId(c)
    const ifMatch = c.req.header('if-match')
    const deleted = await store.write((table) => {
      const current = target(table, id, ifMatch)
      table.remove(id)
      return current
    })
    // The body is the todo as it was; no ETag, since the resource is gone.
    return jsonResponse(represent(deleted).json, 200)
  })
}
