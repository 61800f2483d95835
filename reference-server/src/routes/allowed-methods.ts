import { COLLECTION_PATH, endpoints, type OperationName, RECORD_PATH } from '@todokit/sdk/contract'
import type { Handler, Hono } from 'hono'
import { DOCS_SCRIPT_PATH } from '../docs/docs-page.ts'
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

/** Paths outside the todos API, and the methods they answer. */
const OTHER_PATHS: Readonly<Record<string, string>> = {
  '/openapi.json': 'GET, HEAD',
  '/docs': 'GET, HEAD',
  [DOCS_SCRIPT_PATH]: 'GET, HEAD',
}

/** Answers OPTIONS on the todos paths with 204 and `Allow`. */
export function registerOptions(app: Hono): void {
  const answer = (allow: string) => () => new Response(null, { status: 204, headers: { allow } })
  app.options(COLLECTION_PATH, answer(COLLECTION_ALLOW))
  app.options(RECORD_ROUTE, answer(RECORD_ALLOW))
}

/**
 * The 405 answer for a method a known path does not support, or `undefined` for a path the
 * server does not have. Used from `notFound` rather than catch-all routes: a catch-all would
 * match every request and cost the hot path Hono's handler composition.
 */
export function methodNotAllowed(method: string, path: string): Response | undefined {
  const known = methodsOf(path)
  if (known === undefined) return undefined
  const { allow, shown } = known
  return problem(405, `${method} is not allowed on ${shown}; use ${allow}`, { headers: { allow } })
}

/** The methods `path` answers and how to name the path, or `undefined` for an unknown path. */
function methodsOf(path: string): { allow: string; shown: string } | undefined {
  if (path === COLLECTION_PATH) return { allow: COLLECTION_ALLOW, shown: path }
  const segment = path.slice(COLLECTION_PATH.length + 1)
  if (path.startsWith(`${COLLECTION_PATH}/`) && segment !== '' && !segment.includes('/')) {
    return { allow: RECORD_ALLOW, shown: RECORD_PATH }
  }
  return Object.hasOwn(OTHER_PATHS, path)
    ? { allow: OTHER_PATHS[path] as string, shown: path }
    : undefined
}
