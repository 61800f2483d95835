import { ResponseTooLargeError } from '../errors/ResponseTooLargeError.ts'
import { TimeoutError } from '../errors/TimeoutError.ts'
import type { RequestDescription } from '../errors/TodoClientError.ts'

/**
 * The text of a response body, read within `limit` bytes: the SDK reads a success body itself,
 * and `limitErrorBodies` an error's. A `Content-Length` over the limit fails at once; otherwise
 * the bytes are counted as they arrive, decompressed (a small gzip body can inflate to any
 * size), and past the limit the stream is cancelled, which closes the connection, so memory stays
 * bounded whatever the server sends. Either way the read fails with `ResponseTooLargeError`. A
 * body not read within `timeout` ms fails with `TimeoutError`, as the response itself would.
 * The errors are the SDK's own, never a stream's failure, which browsers would report as their
 * own "Failed to fetch".
 */
export async function readBody(
  { body, headers }: Response,
  { method, url }: RequestDescription,
  limit: number,
  timeout: number | false,
): Promise<string> {
  const tooLarge = () => new ResponseTooLargeError({ method, url, limit })
  if (Number(headers.get('content-length')) > limit) {
    void body?.cancel()
    throw tooLarge()
  }
  const reader = body?.getReader()
  if (!reader) return ''
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  let timedOut: TimeoutError | undefined
  const timer =
    timeout === false
      ? undefined
      : setTimeout(() => {
          timedOut = new TimeoutError({ method, url, timeout })
          void reader.cancel(timedOut)
        }, timeout)
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength
      if (size > limit) {
        void reader.cancel()
        throw tooLarge()
      }
      text += decoder.decode(read.value, { stream: true })
    }
  } finally {
    clearTimeout(timer)
  }
  if (timedOut) throw timedOut
  return text + decoder.decode()
}
