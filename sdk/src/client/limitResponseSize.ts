import type { Options } from 'ky'
import { ResponseTooLargeError } from '../errors/ResponseTooLargeError.ts'
import type { RequestFetch } from './reportFetchFailures.ts'

/**
 * The error each body cut at the cap stands for. A cut body ends early instead of failing, since
 * browsers report a body stream's failure as their own "Failed to fetch"; its reader (`parseJson`
 * in `createSend`) throws this instead of parsing what was read.
 */
export const cutBodies = new WeakMap<Response, ResponseTooLargeError>()

/**
 * `fetch` whose responses carry at most `limit` bytes of body. A `Content-Length` over the limit
 * fails at once. A body whose length the network does not bound (no `Content-Length`, or one
 * decompressed on the way: a small gzip body can inflate to any size) is counted as it arrives,
 * and the body is cut as soon as it passes the limit (see `cutBodies`). Cutting cancels the
 * stream, which closes the connection, so memory stays bounded whatever the server sends.
 */
export function limitResponseSize(
  fetch: RequestFetch,
  limit: number,
): NonNullable<Options['fetch']> {
  return async (input, init) => {
    // ky always passes a Request.
    const request = input instanceof Request ? input : new Request(input, init)
    const response = await fetch(request, init)
    const { body, headers, status, statusText, type } = response
    const tooLarge = () =>
      new ResponseTooLargeError({ method: request.method, url: request.url, limit })
    const length = headers.get('content-length')
    if (Number(length) > limit) {
      void body?.cancel()
      throw tooLarge()
    }
    // A body off the network ends where its length says. Only a same-origin (`basic`) response
    // shows every header: browsers hide `Content-Encoding` from other origins.
    const bounded = type === 'basic' && length !== null && !headers.has('content-encoding')
    if (!body || bounded) return response
    const reader = body.getReader()
    let size = 0
    // Pulled chunk by chunk rather than piped through a TransformStream, which costs more CPU.
    const counted = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read()
        if (done) return controller.close()
        size += value.byteLength
        if (size > limit) {
          void reader.cancel()
          cutBodies.set(limited, tooLarge())
          return controller.close()
        }
        controller.enqueue(value)
      },
      cancel: (reason) => reader.cancel(reason),
    })
    // Built with the response's own class: a server framework in the same process may replace
    // the global Response with one ky cannot decorate (@hono/node-server's has a read-only
    // `json`). The headers are copied: a `Headers` of another implementation (msw's), passed as
    // it is, would come out empty.
    const limitedInit: ResponseInit = { status, statusText, headers: [...headers] }
    const limited: Response = Reflect.construct(response.constructor, [counted, limitedInit])
    return limited
  }
}
