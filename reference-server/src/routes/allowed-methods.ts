import { COLLECTION_PATH, RECORD_PATH } from '@todokit/sdk/contract'
import type { Hono } from 'hono'
import { DOCS_SCRIPT_PATH } from '../docs/docs-page.ts'
import { problem } from '../http/problem.ts'

/** Hono's route for one todo. */
export const RECORD_ROUTE = `${COLLECTION_PATH}/:id`

/** Methods each todos path answers, for `Allow` on 405 and OPTIONS (HEAD comes with GET). */
const TODO_PATHS = {
  [COLLECTION_PATH]: 'GET, HEAD, POST, OPTIONS',
  [RECORD_ROUTE]: 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS',
} as const

/** Paths outside the todos API, and the methods they answer. */
const OTHER_PATHS: Readonly<Record<string, string>> = {
  '/openapi.json': 'GET, HEAD',
  '/docs': 'GET, HEAD',
  [DOCS_SCRIPT_PATH]: 'GET, HEAD',
}

/** Answers OPTIONS on the todos paths with 204 and `Allow`. */
export function registerOptions(app: Hono): void {
  for (const [path, allow] of Object.entries(TODO_PATHS)) {
    app.options(path, () => new Response(null, { status: 204, headers: { allow } }))
  }
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
  if (path === COLLECTION_PATH) return { allow: TODO_PATHS[COLLECTION_PATH], shown: path }
  const segment = path.slice(COLLECTION_PATH.length + 1)
  if (path.startsWith(`${COLLECTION_PATH}/`) && segment !== '' && !segment.includes('/')) {
    return { allow: TODO_PATHS[RECORD_ROUTE], shown: RECORD_PATH }
  }
  return Object.hasOwn(OTHER_PATHS, path)
    ? { allow: OTHER_PATHS[path] as string, shown: path }
    : undefined
}
