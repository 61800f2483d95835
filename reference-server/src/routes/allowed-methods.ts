import { COLLECTION_PATH, endpoints, PROBLEM_TYPES, RECORD_PATH } from '@todokit/sdk/contract'
import type { Handler, Hono, NotFoundHandler } from 'hono'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { problem } from '../http/problem.ts'

const honoRoute = (template: string) => template.replaceAll(/\{(\w+)\}/g, ':$1')
const withHead = (method: string) => (method === 'GET' ? [method, 'HEAD'] : [method])

export function registerOperation(app: Hono, name: keyof typeof endpoints, handler: Handler): void {
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

/**
 * Answers a request no route takes: 405 with `Allow` when its path has other methods (hono's
 * method-not-allowed, run here rather than as middleware that every request would pass), or 404.
 */
export function unrouted(app: Hono): NotFoundHandler {
  const notAllowed = methodNotAllowed({
    app,
    onMethodNotAllowed: ({ req }, methods) => {
      const allow = methods.join(', ')
      const path = req.path.startsWith(`${COLLECTION_PATH}/`) ? RECORD_PATH : req.path
      const detail = `${req.method} is not allowed on ${path}; use ${allow}`
      return problem({ status: 405, detail, headers: { allow } })
    },
  })
  return async (c) => {
    const detail = `No resource at ${c.req.path}; the API serves ${COLLECTION_PATH}`
    c.res = problem({ status: 404, detail, type: PROBLEM_TYPES.routeNotFound })
    await notAllowed(c, async () => {})
    return c.res
  }
}
