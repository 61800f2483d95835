import type { Context } from 'hono'
import { requestHeader } from './node-bindings.ts'
import { problem } from './problem.ts'

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response }

/** The media type of a `content-type` value without parameters, lower-cased. */
function mediaType(contentType: string): string {
  const semicolon = contentType.indexOf(';')
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase()
}

/**
 * Reads a JSON request body: 415 when `content-type` is not one of `accepted` (the answer lists
 * them in `acceptHeader` when the method has one: `Accept-Post`, `Accept-Patch`), 400 when the text is not JSON. The size limit is
 * enforced before this runs.
 */
export async function readJsonBody(
  c: Context,
  accepted: readonly string[],
  acceptHeader?: 'accept-post' | 'accept-patch',
): Promise<JsonBody> {
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
  const text = await c.req.text()
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message}` : ''
    return { ok: false, response: problem(400, `The body is not valid JSON${reason}`) }
  }
}
