import type { Todo } from '@todokit/sdk/contract'
import { fail } from './problem.ts'
import { JSON_TYPE } from './request.ts'
import { represent } from './todo-json.ts'

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

export function todoNotFound(id: number): never {
  return fail(404, `No todo with id ${id}`)
}

/** Todos a list response encodes per chunk: enough to amortise a chunk, few enough to stay small. */
const TODOS_PER_CHUNK = 256

/**
 * `todos` as a streamed JSON array, read from the iterable only as the client takes it: a list
 * costs a chunk of memory however many todos it holds. A client that goes away ends the
 * iteration, which releases what the store holds for it.
 */
export function jsonArrayStream(todos: Iterable<Todo>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let iterator: Iterator<Todo> | undefined
  let first = true
  return new ReadableStream({
    pull(controller) {
      let text = ''
      if (iterator === undefined) {
        iterator = todos[Symbol.iterator]()
        text = '['
      }
      for (let count = 0; count < TODOS_PER_CHUNK; count++) {
        const next = iterator.next()
        if (next.done) {
          controller.enqueue(encoder.encode(`${text}]`))
          controller.close()
          return
        }
        text += (first ? '' : ',') + represent(next.value).json
        first = false
      }
      controller.enqueue(encoder.encode(text))
    },
    cancel() {
      iterator?.return?.()
    },
  })
}
