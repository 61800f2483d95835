import { type Todo, TodoCreate, TodoPatch, TodoReplace, todoPath } from '@todokit/sdk/contract'
import type { Hono } from 'hono'
import type * as z from 'zod/mini'
import { PROBLEMS, refuse } from '../http/problem.ts'
import { JSON_TYPE, jsonBodyReader, recordId, rejectQuery } from '../http/request.ts'
import {
  createTodo,
  deleteTodo,
  serialized,
  type TodoStore,
  TodoStoreError,
  updateTodo,
} from '../store/store.ts'
import { registerOperation } from './allowed-methods.ts'

/** The entity tags `If-Match` (or `If-None-Match`) lists; as a store's precondition, strong. */
export const ifMatchTags = (header: string | undefined) =>
  header?.split(',').map((tag) => tag.trim())

/** Whether `If-None-Match` says the client holds `etag` (RFC 9110's weak comparison). */
export const ifNoneMatchHits = (header: string | undefined, etag: string) =>
  ifMatchTags(header)?.some((tag) => tag === '*' || tag === etag || tag === `W/${etag}`) ?? false

export const notModified = (etag: string) => new Response(null, { status: 304, headers: { etag } })

function todoResponse(todo: Todo, status = 200, headers: Record<string, string> = {}) {
  const { json, etag } = serialized(todo)
  return new Response(json, { status, headers: { 'content-type': JSON_TYPE, etag, ...headers } })
}

/** A PATCH issue's message: a `null` (deleting a field, RFC 7396) is not "expected string". */
function describePatchIssue(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_type' || issue.input !== null || issue.path.length !== 1)
    return issue.message
  const expected = issue.expected === 'boolean' ? 'true or false' : `a ${issue.expected}`
  return `A todo's ${String(issue.path[0])} cannot be removed (null deletes a field in a merge patch, and todos have no optional fields); send ${expected}`
}

/**
 * POST on `/todos` and GET, PUT, PATCH and DELETE on `/todos/{id}`. Checks run in RFC 9110
 * order: the request itself, then existence (404), then `If-Match` (412), with the write.
 */
export function registerTodoRoutes(
  app: Hono,
  store: TodoStore,
  { maxBodyBytes, maxTodos }: { maxBodyBytes: number; maxTodos: number },
): void {
  const readPost = jsonBodyReader(maxBodyBytes, 'POST', TodoCreate)
  const readPut = jsonBodyReader(maxBodyBytes, 'PUT', TodoReplace)
  const readPatch = jsonBodyReader(maxBodyBytes, 'PATCH', TodoPatch, {
    unknown: (key) =>
      key === 'id' ? "A todo's id cannot change; leave id out" : `Unknown field "${key}"`,
    describe: describePatchIssue,
    readsInput: true,
  })

  registerOperation(app, 'create', async (c) => {
    rejectQuery(c)
    const input = await readPost(c)
    const todo = await store.write((table) => createTodo(table, input, maxTodos))
    return todoResponse(todo, 201, { location: todoPath(todo.id) })
  })

  registerOperation(app, 'get', (c) => {
    const id = recordId(c)
    const todo = store.get(id)
    if (todo === undefined) throw new TodoStoreError({ reason: 'not-found', id })
    const { etag } = serialized(todo)
    if (ifNoneMatchHits(c.req.header('if-none-match'), etag)) return notModified(etag)
    return todoResponse(todo)
  })

  registerOperation(app, 'replace', async (c) => {
    const id = recordId(c)
    const input = await readPut(c)
    if (input.id !== id) {
      const detail = `The body's id ${input.id} differs from the path's id ${id}; an id never changes`
      refuse(PROBLEMS.invalidBody([{ pointer: '/id', detail }]))
    }
    const precondition = ifMatchTags(c.req.header('if-match'))
    return todoResponse(await store.write((table) => updateTodo(table, id, input, precondition)))
  })

  registerOperation(app, 'update', async (c) => {
    const id = recordId(c)
    const patch = await readPatch(c)
    const precondition = ifMatchTags(c.req.header('if-match'))
    return todoResponse(await store.write((table) => updateTodo(table, id, patch, precondition)))
  })

  registerOperation(app, 'delete', async (c) => {
    const id = recordId(c)
    const precondition = ifMatchTags(c.req.header('if-match'))
    const deleted = await store.write((table) => deleteTodo(table, id, precondition))
    // No ETag: the resource is gone.
    const { json } = serialized(deleted)
    return new Response(json, { headers: { 'content-type': JSON_TYPE } })
  })
}
