import type { Todo } from '@todokit/sdk/contract'
import { type HttpHandler, http } from 'msw'
import { type AppOptions, createApp } from './app.ts'
import { MemoryStore } from './store/memory-store.ts'

/**
 * Options of {@link createTodoHandlers}: the base URL, the starting todos, and any of
 * {@link AppOptions} but the store (the handlers keep their own in memory).
 *
 * @example
 * const options: TodoHandlersOptions = { baseUrl: 'https://api.example.com', maxBodyBytes: 1024 }
 * const handlers = createTodoHandlers(options) // a 2 KiB body now gets 413
 */
export interface TodoHandlersOptions extends Omit<AppOptions, 'store'> {
  /** The API's base URL as the application calls it, e.g. `https://api.example.com/v1`. */
  baseUrl: string
  /**
   * Todos the fake API starts with (their ids are kept).
   * @default []
   */
  initial?: Iterable<Todo>
}

/**
 * msw handlers that answer every request under `baseUrl` with the reference server itself, in
 * memory: the same validation, errors, ETags and ids as the real one, without a server process.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { createTodoHandlers } from '@todokit/reference-server/msw'
 *
 * const server = setupServer(
 *   ...createTodoHandlers({
 *     baseUrl: 'https://api.example.com',
 *     initial: [{ id: 1, content: 'Buy milk', completed: false }],
 *   }),
 * )
 * server.listen()
 */
export function createTodoHandlers(options: TodoHandlersOptions): HttpHandler[] {
  const { baseUrl, initial = [], ...appOptions } = options
  const base = new URL(baseUrl)
  const basePath = base.pathname.replace(/\/+$/, '')
  const app = createApp({ ...appOptions, store: new MemoryStore(initial) })

  return [
    http.all(`${base.origin}${basePath}/*`, async ({ request }) => {
      if (basePath === '') return app.fetch(request)
      // The app serves /todos at its root: strip the base path on the way in, add it to
      // Location on the way out.
      const url = new URL(request.url)
      url.pathname = url.pathname.slice(basePath.length)
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
      const response = await app.fetch(
        new Request(url, {
          method: request.method,
          headers: request.headers,
          body: hasBody ? await request.arrayBuffer() : undefined,
          signal: request.signal,
        }),
      )
      const location = response.headers.get('location')
      if (location === null || !location.startsWith('/')) return response
      const headers = new Headers(response.headers)
      headers.set('location', basePath + location)
      return new Response(response.body, { status: response.status, headers })
    }),
  ]
}
