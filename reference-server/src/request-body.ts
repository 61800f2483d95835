import type { Context } from 'hono'
import { readBodyText } from './body-text.ts'
import { requestHeader, useStandardReasonPhrase } from './node-bindings.ts'
import { problem } from './problem.ts'

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response }

/** What a route accepts as a body. */
export interface BodyRules {
  /** Media types accepted, e.g. `application/json`. */
  accepted: readonly string[]
  /** The header that lists them on a 415, where the method has one. */
  acceptHeader?: 'accept-post' | 'accept-patch'
  /** Largest body read, in bytes. */
  maxBytes: number
}

/** The media type of a `content-type` value without parameters, lower-cased. */
function mediaType(contentType: string): string {
  const semicolon = contentType.indexOf(';')
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase()
}

/**
 * Reads a JSON request body: 415 when `content-type` is not accepted, 413 past the size limit
 * (checked before reading when `Content-Length` tells, else while reading), 400 when the text
 * is not JSON or the body broke off.
 */
export async function readJsonBody(c: Context, rules: BodyRules): Promise<JsonBody> {
  const { accepted, acceptHeader, maxBytes } = rules
  const contentType = requestHeader(c, 'content-type')
  if (contentType === undefined || !accepted.includes(mediaType(contentType))) {
    const got = contentType === undefined ? 'no content-type' : `content-type ${contentType}`
    return {
      ok: false,
      response: problem(415, `Send the body as ${accepted.join(' or ')}; got ${got}`, {
        headers: acceptHeader ? { [acceptHeader]: accepted.join(', ') } : {},
      }),
    }
  }
  const body = await readBodyText(c, maxBytes)
  if (!body.ok && body.reason === 'too-large') {
    useStandardReasonPhrase(c, 413)
    return { ok: false, response: problem(413, `The body is larger than ${maxBytes} bytes`) }
  }
  if (!body.ok) return { ok: false, response: problem(400, 'The body broke off before its end') }
  try {
    return { ok: true, value: JSON.parse(body.text) }
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message}` : ''
    return { ok: false, response: problem(400, `The body is not valid JSON${reason}`) }
  }
}
