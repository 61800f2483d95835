import type { Todo } from '@todokit/sdk/contract'
import { type AppOptions, createApp } from '../src/app.ts'
import { MemoryStore } from '../src/store/memory-store.ts'
import type { TodoStore } from '../src/store/store.ts'

/** A request with a JSON body (or raw text when `body` is a string). */
export function jsonRequest(
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }
}

/** An app over a memory store holding `todos`, and that store. */
export function appWith(todos: Todo[] = [], options: Omit<AppOptions, 'store'> = {}) {
  const store = new MemoryStore(todos)
  return { app: createApp({ ...options, store }), store }
}

export const MILK: Todo = { id: 1, content: 'Buy milk', completed: false }
export const WALK: Todo = { id: 2, content: 'Walk the dog', completed: true }
export const BREAD: Todo = { id: 3, content: 'buy bread', completed: false }

/** `text` as a request body stream of `chunkBytes`-byte chunks (sent chunked, no length). */
export function chunkedBody(text: string, chunkBytes: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let offset = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(offset, offset + chunkBytes))
      offset += chunkBytes
    },
  })
}

/** A JSON request whose body is a stream (`duplex: 'half'`, as Fetch requires). */
export function streamedJsonRequest(method: string, body: ReadableStream<Uint8Array>): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit
}

/** Every todo `store` lists for `query`, collected. */
export async function listed(store: TodoStore, ...query: Parameters<TodoStore['list']>) {
  const todos: Todo[] = []
  for await (const batch of store.list(...query)) todos.push(...batch)
  return todos
}
