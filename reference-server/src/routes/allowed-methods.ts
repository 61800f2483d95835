import { COLLECTION_PATH, endpoints, type OperationName, RECORD_PATH } from '@todokit/sdk/contract'
import type { Handler, Hono } from 'hono'
import { METHOD_NAME_ALL } from 'hono/router'
import { problem } from '../http/problem.ts'

const honoRoute = (template: string) => template.replaceAll(/\{(\w+)\}/g, ':$1')
const withHead = (method: string) => (method === 'GET' ? [method, 'HEAD'] : [method])

export function registerOperation(app: Hono, name: OperationName, handler: Handler): void {
  const { method, path } = endpoints[name]
  app.on(method, honoRoute(path), handler)
}

/** The methods a todos path answers: the endpoint table's, HEAD with GET, and OPTIONS. */
export function allowedMethods(template: string): string[] {
  const methods = Object.values(endpoints).filter((endpoint) => endpoint.path === template)
  return [...methods.flatMap(({ method }) => withHead(method)), 'OPTIONS']
}

export function registerOptions(app: Hono): void {
  for (const path of [COLLECTION_PATH, RECORD_PATH]) {
    const allow = allowedMethods(path).join(', ')
    app.options(honoRoute(path), () => new Response(null, { status: 204, headers: { allow } }))
  }
}

const RECORD_PATTERN = new RegExp(`^${COLLECTION_PATH}/[^/]+$`)

/**
 * The 405 for a method a known path does not have, from `app`'s routes, or `undefined` for an
 * unknown path. Called from `notFound`: a catch-all route would cost every request a composition.
 */
export function methodNotAllowed(app: Hono, method: string, path: string): Response | undefined {
  const shown = RECORD_PATTERN.test(path) ? RECORD_PATH : path
  const routed = app.routes.filter(
    (route) => route.path === honoRoute(shown) && route.method !== METHOD_NAME_ALL,
  )
  if (routed.length === 0) return undefined
  const allow = [...new Set(routed.flatMap(({ method }) => withHead(method)))].join(', ')
  return problem({
    status: 405,
    detail: `${method} is not allowed on ${shown}; use ${allow}`,
    headers: { allow },
  })
}
