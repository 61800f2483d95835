import { COLLECTION_PATH, PROBLEM_TYPES, type Todo } from '@todokit/sdk/contract'
import { type HttpHandler, http, type UnhandledFrameHandle } from 'msw'
import manifest from '../package.json' with { type: 'json' }
import { type AppOptions, createApp } from './app.ts'
import { type Fault, type FaultOptions, FaultPlan, type FaultRuleOptions } from './faults/faults.ts'
import { problem } from './http/problem.ts'
import { parseSeedTodos } from './seed/seed.ts'
import { MemoryStore } from './store/memory-store.ts'

export type { Fault, FaultRoute, FaultRuleOptions } from './faults/faults.ts'

/**
 * Options of {@link createTodoApi}: any of {@link AppOptions} but the store (the fake keeps its
 * own) and `faults` (see {@link TodoApi.inject}), whose `seed` it takes.
 * @example const api = createTodoApi({ baseUrl: 'https://api.example.com', maxBodyBytes: 1024 })
 */
export interface TodoApiOptions
  extends Omit<AppOptions, 'store' | 'faults'>,
    Pick<FaultOptions, 'seed'> {
  /** The API's base URL as the application calls it, e.g. `https://api.example.com/v1`. */
  baseUrl: string
  /** Todos the fake API starts with, and goes back to on {@link TodoApi.reset}. @default [] */
  initial?: Iterable<Todo> | undefined
}

/** Options of {@link createTodoHandlers}: the same as {@link createTodoApi}'s. */
export type TodoHandlersOptions = TodoApiOptions

/**
 * A request the fake API received, as the application sent it.
 * @example expect(api.requests()[0]?.body).toEqual({ content: 'Buy milk' })
 */
export interface RecordedRequest {
  method: string
  url: URL
  headers: Headers
  /** The JSON body, parsed (the text when it is not JSON); `undefined` without a body. */
  body: unknown
}

/**
 * The fake API {@link createTodoApi} makes, and the handles a test reads it by.
 * @example const api: TodoApi = createTodoApi({ baseUrl: 'https://api.example.com' })
 */
export interface TodoApi {
  /** The msw handlers: give them to `setupServer` or `setupWorker`. */
  readonly handlers: HttpHandler[]
  /** The base URL the handlers serve, as given. */
  readonly baseUrl: string
  /** Starts again from `todos` (by default the `initial` ones), with no fault and no request. */
  reset(todos?: Iterable<Todo>): void
  /** Copies of the stored todos, in id order. */
  todos(): Todo[]
  /** The requests received since the last reset, in order, faulted ones included. */
  requests(): RecordedRequest[]
  /**
   * Makes the requests `options` selects misbehave, before the store is touched; rules apply in
   * the order added, and a request's own `Prefer` when none does.
   * @example api.inject({ kind: 'drop' }, { route: 'DELETE /todos/{id}', times: 2 })
   */
  inject(fault: Fault, options?: FaultRuleOptions): void
  /**
   * For msw's `onUnhandledFrame`: a request no handler serves is logged and answered 404 naming
   * its URL and this API's base, so a wrong base URL fails loudly, not as a network error.
   */
  readonly onUnhandledFrame: UnhandledFrameHandle
}

/**
 * A fake todos API for an application's tests: msw handlers that run the reference server itself,
 * in memory, answering every request under `baseUrl` with the real one's validation, errors, ETags
 * and ids; with a handle on its store, the requests it received and the faults it injects.
 *
 * @example
 * const todo = { id: 1, content: 'Buy milk', completed: false }
 * const api = createTodoApi({ baseUrl: 'https://api.example.com', initial: [todo] })
 * const server = setupServer(...api.handlers)
 * beforeAll(() => server.listen({ onUnhandledFrame: api.onUnhandledFrame }))
 * afterEach(() => api.reset())
 */
export function createTodoApi(options: TodoApiOptions): TodoApi {
  // msw needs Promise.withResolvers: without it every request fails as a NetworkError.
  if (!('withResolvers' in Promise)) {
    throw new Error(
      `@todokit/reference-server/msw needs Node ${manifest.engines.node} (or a browser with Promise.withResolvers), as msw does; this is Node ${globalThis.process?.versions?.node ?? 'unknown'}`,
    )
  }
  const { baseUrl, initial = [], seed, ...appOptions } = options
  // In a browser a relative base (`/api`) is the page's own origin.
  const base = new URL(baseUrl, globalThis.location?.href)
  const basePath = base.pathname.replace(/\/+$/, '')
  const served = `${base.origin}${basePath}`
  /** A fresh start from `todos`, once each is one the real API could hold; the store copies them. */
  const start = (todos: Iterable<Todo>) => {
    const given = [...todos]
    parseSeedTodos(given, (index) => `A starting todo is invalid: /${index}`)
    const store = new MemoryStore(given)
    const plan = new FaultPlan({ seed })
    const received: RecordedRequest[] = []
    return { store, plan, received, app: createApp({ ...appOptions, store, faults: plan }) }
  }
  // Copied now: a test that changes its own todo objects later must not change what reset() restores.
  const startingTodos = Array.from(initial, (todo) => ({ ...todo }))
  let current = start(startingTodos)

  /** The app's answer, the base path stripped from the URL and added to Location. */
  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url)
    url.pathname = url.pathname.slice(basePath.length)
    const { method, headers, signal, body } = request
    const init = { method, headers, signal, body, duplex: 'half' } as RequestInit
    const response = await current.app.fetch(new Request(url, init))
    const location = response.headers.get('location')
    if (basePath !== '' && location?.startsWith('/'))
      response.headers.set('location', basePath + location)
    return response
  }

  /** Records `request`, then answers it; a CORS preflight is neither recorded nor faulted. */
  async function serve(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return answer(request)
    // The app and the place in the record are settled before anything is awaited.
    const { method, url, headers } = request
    const recorded: RecordedRequest = {
      method,
      url: new URL(url),
      headers: new Headers(headers),
      body: undefined,
    }
    current.received.push(recorded)
    const body = request.clone().text()
    const answered = answer(request)
    const text = await body
    try {
      recorded.body = text === '' ? undefined : JSON.parse(text)
    } catch {
      recorded.body = text
    }
    return answered
  }

  return {
    // Only the todos paths: a wider catch-all would shadow the application's other handlers.
    handlers: [`${served}${COLLECTION_PATH}`, `${served}${COLLECTION_PATH}/*`].map((path) =>
      http.all(path, ({ request }) => serve(request)),
    ),
    baseUrl,
    reset(todos = startingTodos) {
      current = start(todos)
    },
    todos: () => Array.from(current.store, (todo) => ({ ...todo })),
    requests: () => [...current.received],
    inject: (fault, ruleOptions) => current.plan.add(fault, ruleOptions),
    onUnhandledFrame: ({ frame, defaults }) => {
      const { data } = frame as { data?: { request?: unknown } }
      const request = frame.protocol === 'http' ? data?.request : undefined
      if (!(request instanceof Request)) return defaults.warn()
      const detail = `No msw handler serves ${request.method} ${request.url}; the todokit handlers serve ${served}/ (check the application’s base URL)`
      console.error(`[todokit msw] ${detail}`)
      // msw answers with a Response its unhandled-frame callback throws.
      throw problem({ status: 404, detail, type: PROBLEM_TYPES.routeNotFound })
    },
  }
}

/**
 * The msw handlers of {@link createTodoApi}, when a test needs no handle on the store.
 *
 * @example
 * const server = setupServer(...createTodoHandlers({ baseUrl: 'https://api.example.com' }))
 */
export function createTodoHandlers(options: TodoApiOptions): HttpHandler[] {
  return createTodoApi(options).handlers
}
