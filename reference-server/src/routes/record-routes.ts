import { TodoPatch, TodoReplace } from '@todokit/sdk/contract'
import type { Hono } from 'hono'
import type * as z from 'zod/mini'
import { fail } from '../http/problem.ts'
import { PROBLEMS } from '../http/problems.ts'
import { JSON_TYPE, jsonBodyReader, parseBody, recordId } from '../http/request.ts'
import { deleteTodo, replaceTodo, type TodoStore, updateTodo } from '../store/store.ts'
import { serialized } from '../store/todo-json.ts'
import { registerOperation } from './allowed-methods.ts'
import { ifMatchTags, ifNoneMatchHits } from './conditional.ts'
import { jsonResponse, notModified, todoResponse } from './todo-responses.ts'

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
    const todo = store.get(id) ?? fail(PROBLEMS.todoNotFound(id))
    const { json, etag } = serialized(todo)
    if (ifNoneMatchHits(c.req.header('if-none-match'), etag)) return notModified(etag)
    return jsonResponse(json, 200, { etag })
  })

  registerOperation(app, 'replace', async (c) => {
    const id = recordId(c)
    const input = parseBody(TodoReplace, await readPut(c))
    if (input.id !== id) {
      const detail = `The body's id ${input.id} differs from the path's id ${id}; an id never changes`
      fail(PROBLEMS.invalidBody([{ pointer: '/id', detail }]))
    }
    const precondition = ifMatchTags(c.req.header('if-match'))
    return todoResponse(await store.write((table) => replaceTodo(table, input, precondition)))
  })

  registerOperation(app, 'update', async (c) => {
    const id = recordId(c)
    const body = await readPatch(c)
    const patch = parseBody(TodoPatch, body, {
      unknown: (key) =>
        key === 'id' ? "A todo's id cannot change; leave id out" : `Unknown field "${key}"`,
      describe: (issue) => describePatchIssue(body, issue),
    })
    const precondition = ifMatchTags(c.req.header('if-match'))
    // A field the patch leaves out is absent from it, so the stored value stays.
    return todoResponse(await store.write((table) => updateTodo(table, id, patch, precondition)))
  })

  registerOperation(app, 'delete', async (c) => {
    const id = recordId(c)
    const precondition = ifMatchTags(c.req.header('if-match'))
    const deleted = await store.write((table) => deleteTodo(table, id, precondition))
    // The body is the todo as it was; no ETag, since the resource is gone.
    return jsonResponse(serialized(deleted).json, 200)
  })
}
