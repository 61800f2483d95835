import type { Todo } from '@todokit/sdk/contract'
import { JSON_TYPE } from '../http/request.ts'
import { serialized } from '../store/todo-json.ts'

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
  const { json, etag } = serialized(todo)
  return jsonResponse(json, status, { ...headers, etag })
}

/** 304 for a client whose copy (`etag`) is current. */
export function notModified(etag: string): Response {
  return new Response(null, { status: 304, headers: { etag } })
}

/**
 * Characters of JSON a list response holds at a time: memory per request, however long the
 * list. A list this short is sent as one string, which the adapter writes at once.
 */
const CHUNK_CHARS = 64 * 1024

/** A JSON array's text, written a chunk at a time. */
class ArrayText {
  #text = '['
  #first = true
  add(todo: Todo): void {
    this.#text += (this.#first ? '' : ',') + serialized(todo).json
    this.#first = false
  }
  get full(): boolean {
    return this.#text.length >= CHUNK_CHARS
  }
  /** The text since the last take, closed with `]` when `last`. */
  take(last: boolean): string {
    const text = last ? `${this.#text}]` : this.#text
    this.#text = ''
    return text
  }
}

/** A list's body: its text when it fits in one chunk, else a stream of its chunks. */
export type ListBody = string | ReadableStream<Uint8Array>

function chunkStream(
  head: string,
  nextChunk: () => [string, boolean] | Promise<[string, boolean]>,
  release: () => unknown,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(head))
    },
    async pull(controller) {
      const [text, last] = await nextChunk()
      controller.enqueue(encoder.encode(text))
      if (last) controller.close()
    },
    async cancel() {
      await release()
    },
  })
}

/**
 * `todos` as a JSON array, read from the store only as the client takes it: a list costs a
 * chunk of memory however many todos it holds. A list that fits in one chunk is a string,
 * which the Node adapter writes in one go; a client that goes away from a longer one ends the
 * iteration, which releases what the store holds for it. A list the store gives at once is
 * answered at once; one it gives in slices, once its first chunk is ready.
 */
export function jsonArrayBody(todos: Iterable<Todo>): ListBody
export function jsonArrayBody(
  todos: Iterable<Todo> | AsyncIterable<Todo>,
): ListBody | Promise<ListBody>
export function jsonArrayBody(
  todos: Iterable<Todo> | AsyncIterable<Todo>,
): ListBody | Promise<ListBody> {
  const text = new ArrayText()
  if (Symbol.asyncIterator in todos) {
    const iterator = todos[Symbol.asyncIterator]()
    const nextChunk = async (): Promise<[string, boolean]> => {
      while (!text.full) {
        const next = await iterator.next()
        if (next.done) return [text.take(true), true]
        text.add(next.value)
      }
      return [text.take(false), false]
    }
    return nextChunk().then(([head, done]) =>
      done ? head : chunkStream(head, nextChunk, () => iterator.return?.()),
    )
  }
  const iterator = todos[Symbol.iterator]()
  const nextChunk = (): [string, boolean] => {
    while (!text.full) {
      const next = iterator.next()
      if (next.done) return [text.take(true), true]
      text.add(next.value)
    }
    return [text.take(false), false]
  }
  const [head, done] = nextChunk()
  return done ? head : chunkStream(head, nextChunk, () => iterator.return?.())
}
