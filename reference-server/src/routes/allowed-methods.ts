import { COLLECTION_PATH, endpoints, type OperationName, RECORD_PATH } from '@todokit/sdk/contract'
import type { Handler, Hono } from 'hono'
import { METHOD_NAME_ALL } from 'hono/router'
import { problem } from '../http/problem.ts'

/** `/todos/{id}` → `/todos/:id`. */
const honoRoute = (template: string) => template.replaceAll(/\{(\w+)\}/g, ':$1')

/** Registers `handler` at the method and path of an operation of the contract. */
export function registerOperation(app: Hono, name: OperationName, handler: Handler): void {
  const { method, path } = endpoints[name]
  app.on(method, honoRoute(path), handler)
}

/** The methods a todos path answers: the endpoint table's, HEAD with GET, and OPTIONS. */
export function allowedMethods(template: string): string[] {
  const methods = Object.values(endpoints)
    .filter((endpoint) => endpoint.path === template)
    .flatMap(({ method }): string[] => (method === 'GET' ? [method, 'HEAD'] : [method]))
  return [...methods, 'OPTIONS']
}

const COLLECTION_ALLOW = allowedMethods(COLLECTION_PATH).join(', ')
const RECORD_ALLOW = allowedMethods(RECORD_PATH).join(', ')

export function registerOptions(app: Hono): void {
  app.options(
    COLLECTION_PATH,
    () => new Response(null, { status: 204, headers: { allow: COLLECTION_ALLOW } }),
  )
  app.options(
    honoRoute(RECORD_PATH),
    () => new Response(null, { status: 204, headers: { allow: RECORD_ALLOW } }),
  )
}

/**
 * The 405 for a method a known path does not have, or `undefined` for an unknown path. Called
 * from `notFound`: a catch-all route would cost every request a handler composition.
 */
export function methodNotAllowed(app: Hono, method: string, path: string): Response | undefined {
  let allow = COLLECTION_ALLOW
  let shown = path
  const segment = path.slice(COLLECTION_PATH.length + 1)
  if (path.startsWith(`${COLLECTION_PATH}/`) && segment !== '' && !segment.includes('/')) {
    allow = RECORD_ALLOW
    shown = RECORD_PATH
  } else if (path !== COLLECTION_PATH) {
    const routed = app.routes.filter(
      (route) => route.path === path && route.method !== METHOD_NAME_ALL,
    )
    const methods = new Set(
      routed.flatMap(({ method }) => (method === 'GET' ? ['GET', 'HEAD'] : [method])),
    )
    if (methods.size === 0) return undefined
    allow = [...methods].join(', ')
  }
  const detail = `${method} is not allowed on ${shown}; use ${allow}`
  return problem({ status: 405, detail, headers: { allow } })
}
