import { COLLECTION_PATH, endpoints, type OperationName, RECORD_PATH } from '@todokit/sdk/contract'
import type { Handler, Hono } from 'hono'
import { METHOD_NAME_ALL } from 'hono/router'
import { problem } from '../http/problem.ts'

/**
 * Hono's route for a contract path template: `{name}` becomes `:name`.
 *
 * @example
 * honoRoute('/todos/{id}') // → '/todos/:id'
 */
export function honoRoute(template: string): string {
  return template.replaceAll(/\{(\w+)\}/g, ':$1')
}

/** Hono's route for one todo. */
export const RECORD_ROUTE = honoRoute(RECORD_PATH)

/**
 * Registers `handler` for an operation of the contract's endpoint table, at its method and path.
 *
 * @example
 * registerOperation(app, 'get', (c) => c.json(store.get(recordId(c))))
 */
export function registerOperation(app: Hono, name: OperationName, handler: Handler): void {
  const { method, path } = endpoints[name]
  app.on(method, honoRoute(path), handler)
}

/**
 * The methods a todos path answers, from the endpoint table: its operations' methods, HEAD with
 * GET, and OPTIONS.
 *
 * @example
 * allowedMethods('/todos') // → ['GET', 'HEAD', 'POST', 'OPTIONS']
 */
export function allowedMethods(template: string): string[] {
  const methods = Object.values(endpoints)
    .filter((endpoint) => endpoint.path === template)
    .flatMap(({ method }): string[] => (method === 'GET' ? [method, 'HEAD'] : [method]))
  return [...methods, 'OPTIONS']
}

/** `Allow` of the collection and of one todo, for 405 and OPTIONS. */
const COLLECTION_ALLOW = allowedMethods(COLLECTION_PATH).join(', ')
const RECORD_ALLOW = allowedMethods(RECORD_PATH).join(', ')

/** Answers OPTIONS on the todos paths with 204 and `Allow`. */
export function registerOptions(app: Hono): void {
  const answer = (allow: string) => () => new Response(null, { status: 204, headers: { allow } })
  app.options(COLLECTION_PATH, answer(COLLECTION_ALLOW))
  app.options(RECORD_ROUTE, answer(RECORD_ALLOW))
}

/**
 * The 405 answer for a method a known path does not support, or `undefined` for a path the
 * server does not have. Used from `notFound` rather than catch-all routes: a catch-all would
 * match every request and cost the hot path Hono's handler composition. The paths outside the
 * todos API (`/openapi.json`, `/docs`) are known by `app`'s routes, so a page registered later
 * gets its 405 with no list to keep up.
 *
 * @example
 * app.notFound((c) => methodNotAllowed(app, c.req.method, c.req.path) ?? c.text('Not Found', 404))
 */
export function methodNotAllowed(app: Hono, method: string, path: string): Response | undefined {
  const known = methodsOf(app, path)
  if (known === undefined) return undefined
  const { allow, shown } = known
  return problem(405, `${method} is not allowed on ${shown}; use ${allow}`, { headers: { allow } })
}

/** The methods `path` answers and how to name the path, or `undefined` for an unknown path. */
function methodsOf(app: Hono, path: string): { allow: string; shown: string } | undefined {
  if (path === COLLECTION_PATH) return { allow: COLLECTION_ALLOW, shown: path }
  const segment = path.slice(COLLECTION_PATH.length + 1)
  if (path.startsWith(`${COLLECTION_PATH}/`) && segment !== '' && !segment.includes('/')) {
    return { allow: RECORD_ALLOW, shown: RECORD_PATH }
  }
  const methods = routedMethods(app, path)
  return methods.length === 0 ? undefined : { allow: methods.join(', '), shown: path }
}

/** The methods `app` has routes for at exactly `path`, HEAD with GET; middleware does not count. */
function routedMethods(app: Hono, path: string): string[] {
  const methods = new Set<string>()
  for (const route of app.routes) {
    if (route.path !== path || route.method === METHOD_NAME_ALL) continue
    methods.add(route.method)
    if (route.method === 'GET') methods.add('HEAD')
  }
  return [...methods]
}
