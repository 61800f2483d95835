import type { Context } from 'hono'
import { nodeIncoming, requestHeader } from './node-bindings.ts'

/** A request body as text, or why there is none to use. */
export type BodyText = { ok: true; text: string } | { ok: false; reason: 'too-large' | 'aborted' }

type Incoming = NonNullable<ReturnType<typeof nodeIncoming>>

/**
 * Reads Node's request stream directly: going through the adapter's `Request` would build a
 * Fetch request, a web stream over the socket and its abort wiring for every write, which costs
 * more than the rest of a POST. What is left unread past the limit `@hono/node-server` drains
 * after the response, so the client still gets its 413.
 */
function readIncoming(incoming: Incoming, maxBytes: number): Promise<BodyText> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = []
    let size = 0
    const finish = (result: BodyText) => {
      incoming.off('data', onData)
      incoming.off('end', onEnd)
      incoming.off('error', onError)
      resolve(result)
    }
    const onData = (chunk: Uint8Array) => {
      size += chunk.length
      if (size > maxBytes) {
        incoming.pause()
        finish({ ok: false, reason: 'too-large' })
      } else {
        chunks.push(chunk)
      }
    }
    const onEnd = () => finish({ ok: true, text: Buffer.concat(chunks, size).toString('utf8') })
    const onError = () => finish({ ok: false, reason: 'aborted' })
    incoming.on('data', onData)
    incoming.on('end', onEnd)
    incoming.on('error', onError)
  })
}

/** Reads a Fetch request body (other runtimes, `app.request`, msw), stopping past the limit. */
async function readStream(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<BodyText> {
  if (body === null) return { ok: true, text: '' }
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return { ok: true, text: text + decoder.decode() }
      size += value.length
      if (size > maxBytes) {
        await reader.cancel()
        return { ok: false, reason: 'too-large' }
      }
      text += decoder.decode(value, { stream: true })
    }
  } catch {
    return { ok: false, reason: 'aborted' }
  }
}

/**
 * The request body as UTF-8 text, refused past `maxBytes`: at once when `Content-Length`
 * announces more, else as soon as more has arrived, so an oversized body is never held whole.
 */
export function readBodyText(c: Context, maxBytes: number): Promise<BodyText> {
  const declared = requestHeader(c, 'content-length')
  if (declared !== undefined && Number(declared) > maxBytes) {
    return Promise.resolve({ ok: false, reason: 'too-large' })
  }
  const incoming = nodeIncoming(c)
  return incoming === undefined
    ? readStream(c.req.raw.body, maxBytes)
    : readIncoming(incoming, maxBytes)
}
