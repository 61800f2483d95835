import type { Options } from 'ky'
import { readBody } from './readBody.ts'
import type { RequestFetch } from './reportFetchFailures.ts'

/**
 * `fetch` that bounds the error bodies ky reads. ky reads an error status's body into its
 * `HTTPError` before the SDK sees the answer, so that body is read here first, by `readBody`
 * within `limit`, and handed on as text; a body past the limit, or one that cannot be read, is
 * dropped, and the error comes without one, as ky does with an error body it cannot read. A
 * success body is left for the SDK to read with `readBody` itself.
 */
export function limitErrorBodies(
  fetch: RequestFetch,
  limit: number,
): NonNullable<Options['fetch']> {
  return async (input, init) => {
    // ky always passes a Request.
    const request = input instanceof Request ? input : new Request(input, init)
    const response = await fetch(request, init)
    const { ok, headers, status, statusText } = response
    if (ok) return response
    // Read within ky's timeout for the response, which aborts the read when it passes.
    const text = await readBody(response, request, limit, false).catch(() => '')
    // Built with the response's own class: a server framework in the same process may replace
    // the global Response with one ky cannot decorate (@hono/node-server's has a read-only
    // `json`). The headers are copied: a `Headers` of another implementation (msw's), passed as
    // it is, would come out empty.
    const readInit: ResponseInit = { status, statusText, headers: [...headers] }
    const read: Response = Reflect.construct(response.constructor, [text || null, readInit])
    return read
  }
}
