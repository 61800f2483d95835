import type { FetchLike } from '../src/index.ts'

/** Helpers that mutants use to inject one defect around a correct server's `fetch`. */

export type Route = 'list' | 'record' | 'other'

/** Which contract path a request addresses. */
export function routeOf(request: Request): Route {
  const { pathname } = new URL(request.url)
  if (pathname === '/todos') return 'list'
  return /^\/todos\/[^/]+$/.test(pathname) ? 'record' : 'other'
}

/** Whether a request is `method` on `route`. */
export function is(request: Request, method: string, route: Route): boolean {
  return request.method === method && routeOf(request) === route
}

/** A JSON response with the given status. */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

/** The body of a request as JSON, or `undefined` when it does not parse. */
export async function bodyOf(request: Request): Promise<Record<string, unknown> | undefined> {
  try {
    return (await request.clone().json()) as Record<string, unknown>
  } catch {
    return undefined
  }
}

/** The same request with another method, URL or JSON body. */
export function rewrite(
  request: Request,
  changes: { method?: string; url?: string; body?: unknown },
): Request {
  const method = changes.method ?? request.method
  return new Request(changes.url ?? request.url, {
    method,
    headers: request.headers,
    body: changes.body === undefined ? undefined : JSON.stringify(changes.body),
    signal: request.signal,
  })
}

/** The same request with query parameters changed by `edit`. */
export function withQuery(request: Request, edit: (query: URLSearchParams) => void): Request {
  const url = new URL(request.url)
  edit(url.searchParams)
  return new Request(url, request)
}

/** A GET for `path` below the request's origin, sent to `inner`. */
export async function get(inner: FetchLike, request: Request, path: string): Promise<Response> {
  return inner(new Request(new URL(path, request.url)))
}

/** A response with the same status and headers and a JSON body changed by `edit`. */
export async function editJson(
  response: Response,
  edit: (body: unknown) => unknown,
): Promise<Response> {
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return new Response(text, response)
  }
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.delete('etag')
  return new Response(JSON.stringify(edit(body)), { status: response.status, headers })
}

/** Applies `edit` to a todo body, or to each todo of a list body. */
export function eachTodo(edit: (todo: Record<string, unknown>) => Record<string, unknown>) {
  return (body: unknown) =>
    Array.isArray(body)
      ? body.map(edit)
      : typeof body === 'object' && body
        ? edit(body as never)
        : body
}

/** The id at the end of a record request's path. */
export function pathId(request: Request): string {
  return new URL(request.url).pathname.split('/').pop()!
}

/**
 * Pages `GET /todos?limit=N` itself, over the correct server's full answer to the same query:
 * `pageOf` picks the page a cursor names and says what the next cursor is. The next page is
 * announced as the reference server does, `Link: <same query with cursor>; rel="next"`.
 */
export function pagedBy(
  pageOf: (
    all: Array<{ id: number }>,
    cursor: string | null,
    limit: number,
  ) => { page: unknown[]; next?: string },
): (request: Request, inner: FetchLike) => Promise<Response> {
  return async (request, inner) => {
    const url = new URL(request.url)
    const limit = Number(url.searchParams.get('limit'))
    const cursor = url.searchParams.get('cursor')
    const full = await inner(
      withQuery(request, (q) => {
        q.delete('limit')
        q.delete('cursor')
      }),
    )
    if (!full.ok) return full
    const { page, next } = pageOf((await full.json()) as Array<{ id: number }>, cursor, limit)
    if (next === undefined) return json(page)
    url.searchParams.set('cursor', next)
    return json(page, 200, { link: `<${url.href}>; rel="next"` })
  }
}
