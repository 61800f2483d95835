import { RedirectError } from '../errors/RedirectError.ts'
import type { RequestFetch } from './reportFetchFailures.ts'

/**
 * `fetch` that follows redirects itself, and only on the request's own origin. Requests say
 * `redirect: 'manual'`, so fetch hands each redirect back instead of following it wherever it
 * points with the application's headers: fetch drops `Authorization` on the way to another
 * origin, but not an API key in a header of the application's own. A redirect to another
 * origin, or the 21st in a row (fetch's own limit is 20), throws `RedirectError`; so does every
 * redirect in a browser, which answers `redirect: 'manual'` with an opaque response that hides
 * where it leads. A redirect is followed with the same method, headers and body, except 303 See
 * Other, which is followed with a GET without a body.
 */
export function followRedirects(fetch: RequestFetch): RequestFetch {
  return async (request, init) => {
    for (let redirects = 0; ; redirects++) {
      // A body can be read once: a copy is kept for a redirect that sends it again.
      const copy = request.body ? request.clone() : request
      const response = await fetch(request, init)
      const { status, headers, type } = response
      const location = headers.get('location') ?? undefined
      if (type !== 'opaqueredirect' && !(location && /^30[12378]$/.test(`${status}`))) {
        return response
      }
      // Unread, the redirect's body would hold its connection.
      void response.body?.cancel()
      const target =
        location && URL.canParse(location, request.url) && new URL(location, request.url)
      if (!target || target.origin !== new URL(request.url).origin || redirects === 20) {
        throw new RedirectError({ method: request.method, url: request.url, location })
      }
      request = new Request(
        target,
        status === 303
          ? { headers: request.headers, signal: request.signal, redirect: 'manual' }
          : copy,
      )
    }
  }
}
