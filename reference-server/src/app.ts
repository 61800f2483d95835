import { COLLECTION_PATH, MAX_BODY_BYTES } from '@todokit/sdk/contract'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { etag } from 'hono/etag'
import { HTTPException } from 'hono/http-exception'
import { registerDocsPage } from './docs/docs-page.ts'
import { createOpenApiDocument } from './docs/openapi.ts'
import { type FaultOptions, type FaultPlan, faultInjection } from './faults/faults.ts'
import { PROBLEMS, problem, refusalProblem } from './http/problem.ts'
import { registerOptions, unrouted } from './routes/allowed-methods.ts'
import { registerListRoute } from './routes/list-route.ts'
import { registerTodoRoutes } from './routes/todo-routes.ts'
import { MemoryStore } from './store/memory-store.ts'
import { DEFAULT_MAX_TODOS, type TodoStore, TodoStoreError } from './store/store.ts'

/**
 * Options of {@link createApp}.
 * @example const app = createApp({ store: await SqliteStore.open('todos.db'), maxTodos: 1_000 })
 */
export interface AppOptions {
  /** Where todos live. @default new MemoryStore() */
  store?: TodoStore | undefined
  /**
   * Origins allowed to call the API from a browser (CORS); `'*'` allows any. Without it no CORS
   * header is sent, so browsers keep other sites out.
   */
  cors?: string | readonly string[] | undefined
  /** Largest request body read, in bytes; larger bodies get 413. @default MAX_BODY_BYTES (64 KiB) */
  maxBodyBytes?: number | undefined
  /** Most todos the store may hold; a create past it gets 409. @default DEFAULT_MAX_TODOS (100,000) */
  maxTodos?: number | undefined
  /** Called with every unexpected error; the client gets a 500 without it. @default console.error */
  onError?: ((error: unknown, request: Request) => void) | undefined
  /**
   * Makes requests to `/todos` misbehave on purpose, before the store is touched, for testing
   * clients (see {@link FaultOptions}). @default undefined (no faults, `Prefer` ignored)
   */
  faults?: FaultOptions | FaultPlan | undefined
  /**
   * The URL clients reach the API at, as `/openapi.json`'s `servers` names it; never taken from
   * the request's Host, which any client or proxy chooses. @default '/'
   */
  publicUrl?: string | undefined
}

/**
 * The todos API as a Hono app: `app.fetch` is the whole server, in-process (tests, msw), under
 * `@hono/node-server`, or on any runtime Hono supports.
 * @example const response = await createApp().request('/todos/1') // → 404, a problem+json body
 */
export function createApp(options: AppOptions = {}): Hono {
  const {
    store = new MemoryStore(),
    maxBodyBytes = MAX_BODY_BYTES,
    maxTodos = DEFAULT_MAX_TODOS,
    onError = console.error,
  } = options
  const app = new Hono()

  if (options.cors !== undefined) {
    const origins = typeof options.cors === 'string' ? [options.cors] : [...options.cors]
    const origin = origins.includes('*') ? '*' : origins
    app.use(cors({ origin, exposeHeaders: ['ETag', 'Location', 'Allow', 'Link'] }))
  }
  // `/todos/*` matches `/todos` too: one decision per request.
  if (options.faults !== undefined) app.use(`${COLLECTION_PATH}/*`, faultInjection(options.faults))
  registerListRoute(app, store)
  registerTodoRoutes(app, store, { maxBodyBytes, maxTodos })
  registerOptions(app)

  let openApi: ReturnType<typeof createOpenApiDocument> | undefined
  app.get('/openapi.json', etag(), (c) => {
    openApi ??= createOpenApiDocument({ maxBodyBytes, serverUrl: options.publicUrl ?? '/' })
    return c.json(openApi)
  })
  registerDocsPage(app)

  app.notFound(unrouted(app))
  // A refusal arrives as a TodoStoreError, or as the HTTPException `refuse` throws with its
  // problem; anything else (an HTTPException of Hono's own too) is a bug, answered 500.
  app.onError((error, c) => {
    if (error instanceof TodoStoreError) {
      if (error.refusal.reason === 'busy') onError(error.cause ?? error, c.req.raw)
      return problem(refusalProblem(error))
    }
    if (error instanceof HTTPException && error.res) return error.res
    onError(error, c.req.raw)
    return problem(PROBLEMS.internal())
  })
  return app
}
