import { COLLECTION_PATH, MAX_BODY_BYTES } from '@todokit/sdk/contract'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import { methodNotAllowed, registerOptions } from './allowed-methods.ts'
import { registerCollectionRoutes } from './collection-routes.ts'
import { registerDocsPage } from './docs-page.ts'
import { createOpenApiDocument } from './openapi.ts'
import { problem } from './problem.ts'
import { registerRecordRoutes } from './record-routes.ts'
import { MemoryStore } from './store/memory-store.ts'
import type { TodoStore } from './store/store.ts'

/**
 * Options of {@link createApp}.
 *
 * @example
 * const options: AppOptions = {
 *   store: await FileStore.open('todos.json'),
 *   cors: ['http://localhost:5173'],
 *   maxBodyBytes: 16 * 1024,
 *   onError: (error, request) => console.error(request.method, request.url, error),
 * }
 * const app = createApp(options)
 */
export interface AppOptions {
  /**
   * Where todos live.
   * @default new MemoryStore()
   */
  store?: TodoStore
  /**
   * Origins allowed to call the API from a browser (CORS). Without it no CORS header is sent,
   * so browsers keep other sites out.
   * @default undefined
   * @example createApp({ cors: 'http://localhost:5173' })
   */
  cors?: string | readonly string[]
  /**
   * Largest request body read, in bytes; larger bodies get 413.
   * @default MAX_BODY_BYTES (64 KiB)
   */
  maxBodyBytes?: number
  /**
   * Called with every unexpected error before the client gets a generic 500 (never a stack).
   * @default console.error
   */
  onError?: (error: unknown, request: Request) => void
}

/**
 * The todos API as a Hono app: `app.fetch` is the whole server, so it runs in-process (tests,
 * msw), under `@hono/node-server`, or on any runtime Hono supports.
 *
 * @example
 * import { serve } from '@hono/node-server'
 * const app = createApp({ store: new MemoryStore() })
 * serve({ fetch: app.fetch, port: 3000, hostname: '127.0.0.1' })
 *
 * @example
 * const response = await createApp().request('/todos', {
 *   method: 'POST',
 *   headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify({ content: 'Buy milk' }),
 * }) // → 201, Location: /todos/1
 */
export function createApp(options: AppOptions = {}): Hono {
  const {
    store = new MemoryStore(),
    maxBodyBytes = MAX_BODY_BYTES,
    onError = console.error,
  } = options
  const app = new Hono()

  if (options.cors !== undefined) {
    const origin = typeof options.cors === 'string' ? options.cors : [...options.cors]
    app.use(cors({ origin, exposeHeaders: ['ETag', 'Location', 'Allow'] }))
  }
  registerCollectionRoutes(app, store, maxBodyBytes)
  registerRecordRoutes(app, store, maxBodyBytes)
  registerOptions(app)

  let openApiJson: string | undefined
  app.get('/openapi.json', () => {
    openApiJson ??= JSON.stringify(createOpenApiDocument({ maxBodyBytes }))
    return new Response(openApiJson, { headers: { 'content-type': 'application/json' } })
  })
  registerDocsPage(app)

  app.notFound(
    (c) =>
      methodNotAllowed(c.req.method, c.req.path) ??
      problem(404, `No resource at ${c.req.path}; the API serves ${COLLECTION_PATH}`),
  )
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return problem(error.status, error.message || 'The request was refused')
    }
    onError(error, c.req.raw)
    // Matched by name so the app never imports the file store (it also runs in browsers).
    if ((error as Error | null)?.name === 'StoreFailedError') {
      return problem(
        503,
        'The data store failed; it serves no requests until the server restarts, and its log has the details',
      )
    }
    return problem(500, 'The server failed to handle this request; its log has the details')
  })
  return app
}
