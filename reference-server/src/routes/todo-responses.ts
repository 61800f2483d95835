import { PROBLEM_TYPES, type Todo } from '@todokit/sdk/contract'
import { fail } from '../http/problem.ts'
import { JSON_TYPE } from '../http/request.ts'
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

/** Refuses a request for a todo no one has, saying so by the problem type too. */
export function todoNotFound(id: number): never {
  return fail(404, `No todo with id ${id}`, { type: PROBLEM_TYPES.todoNotFound })
}

/** Characters of JSON a list response holds at a time: memory per request, however long the list. */
const CHUNK_CHARS = 64 * 1024

/**
 * `todos` as a JSON array, read from the iterable only as the client takes it: a list costs a
 * chunk of memory however many todos it holds. A list that fits in one chunk is returned as a
 * string, which the Node adapter writes in one go; a client that goes away from a longer one
 * ends the iteration, which releases what the store holds for it.
 */
export function jsonArrayBody(todos: Iterable<Todo>): string | ReadableStream<Uint8Array> {
  const iterator = todos[Symbol.iterator]()
  let first = true
  /** The next chunk of the array's text, and whether it is the last. */
  const nextChunk = (): [string, boolean] => {
    let text = first ? '[' : ''
    while (text.length < CHUNK_CHARS) {
      const next = iterator.next()
      if (next.done) return [`${text}]`, true]
      text += (first ? '' : ',') + represent(next.value).json
      first = false
    }
    return [text, false]
  }
  const [head, done] = nextChunk()
  if (done) return head
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(head))
    },
    pull(controller) {
      const [text, last] = nextChunk()
      controller.enqueue(encoder.encode(text))
      if (last) controller.close()
    },
    cancel() {
      iterator.return?.()
    },
  })
}
