import type { Todo } from '@todokit/sdk/contract'
import { type FieldError, problem } from './problem.ts'
import { represent } from './todo-json.ts'

/** The media type of every success body. */
export const JSON_TYPE = 'application/json'

/** A JSON success response from already-serialised text. */
export function jsonResponse(
  json: string,
  status: number,
  headers: Record<string, string> = {},
): Response {
  return new Response(json, { status, headers: { 'content-type': JSON_TYPE, ...headers } })
}

/** A todo with its ETag. */
export function todoResponse(todo: Todo, status = 200, headers: Record<string, string> = {}) {
  const { json, etag } = represent(todo)
  return jsonResponse(json, status, { ...headers, etag })
}

/** 304 for a client whose copy (`etag`) is current. */
export function notModified(etag: string): Response {
  return new Response(null, { status: 304, headers: { etag } })
}

export function todoNotFound(id: number): Response {
  return problem(404, `No todo with id ${id}`)
}

export function preconditionFailed(id: number, etag: string): Response {
  return problem(
    412,
    `If-Match does not match the current ETag of todo ${id} (${etag}); it changed since you read it`,
  )
}

export function invalidBody(errors: FieldError[]): Response {
  return problem(400, 'The body does not match the schema; see errors', { errors })
}
