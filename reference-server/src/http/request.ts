import { MAX_TODO_ID, todoIdFromText } from '@todokit/sdk/contract'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { routePath } from 'hono/route'
import * as z from 'zod/mini'
import { PROBLEMS, parseFields, refuse, type Wording } from './problem.ts'

export const JSON_TYPE = 'application/json'

/** The media types a body may be sent as: for a PATCH, a JSON merge patch (RFC 7396) too. */
export const bodyTypes = (method: string) =>
  method === 'PATCH' ? [JSON_TYPE, 'application/merge-patch+json'] : [JSON_TYPE]

/** Strict: bytes that are not UTF-8 are refused, never replaced by U+FFFD. */
export const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * A reader of the JSON bodies of `method`, as `schema` parses them: 415 unless `content-type` is
 * one of its {@link bodyTypes} (listed in `Accept-Post` or `Accept-Patch`), 413 past `maxBytes`,
 * 400 when the body breaks off, is not UTF-8 JSON or does not match.
 */
export function jsonBodyReader<Schema extends z.ZodMiniType>(
  maxBytes: number,
  method: 'POST' | 'PUT' | 'PATCH',
  schema: Schema,
  wording?: Wording,
): (c: Context) => Promise<z.output<Schema>> {
  const accepted = bodyTypes(method)
  const tooLarge = () => refuse(PROBLEMS.tooLarge(maxBytes))
  const limit = bodyLimit({ maxSize: maxBytes, onError: tooLarge })
  const brokeOff = () => refuse({ status: 400, detail: 'The body broke off before its end' })
  const headers = method === 'PUT' ? {} : { [`accept-${method}`]: accepted.join(', ') }
  return async (c) => {
    const contentType = c.req.header('content-type')
    const media = contentType?.split(';', 1)[0]?.trim().toLowerCase()
    if (media === undefined || !accepted.includes(media)) {
      const got = contentType === undefined ? 'no content-type' : `content-type ${contentType}`
      refuse({ ...PROBLEMS.unsupportedMediaType(accepted, got), headers })
    }
    // hono/body-limit reads `c.req.raw.body`, which makes @hono/node-server build a web stream:
    // only chunked bodies go through it.
    const length = c.req.header('content-length')
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(length) > maxBytes) tooLarge()
    } else {
      await limit(c, async () => {}).catch((error: unknown) => {
        throw error instanceof HTTPException ? error : brokeOff()
      })
    }
    let bytes: ArrayBuffer
    try {
      bytes = await c.req.raw.arrayBuffer()
    } catch {
      return brokeOff()
    }
    let value: unknown
    try {
      value = JSON.parse(utf8.decode(bytes))
    } catch (error) {
      const json = error instanceof SyntaxError && `The body is not valid JSON: ${error.message}`
      return refuse({ status: 400, detail: json || 'The body is not valid UTF-8' })
    }
    const parsed = parseFields(schema, value, wording)
    return parsed.errors ? refuse(PROBLEMS.invalidBody(parsed.errors)) : parsed.data
  }
}

/**
 * The todo id in the path as `TodoIdText` decodes it, or a 400; so is a query, as the server
 * ignores nothing it is sent.
 */
export function recordId(c: Context): number {
  const segment = c.req.param('id') ?? ''
  const id = todoIdFromText(segment)
  if (id === undefined) {
    const detail = `The path's todo id "${segment}" is not a valid id`
    const expected = `Expected a positive integer up to ${MAX_TODO_ID}, got "${segment}"`
    refuse({ status: 400, detail, errors: [{ pointer: '/id', detail: expected }] })
  }
  rejectQuery(c)
  return id
}

/** The query parameters of `search`, a repeated one as the array of its values. */
export function queryParameters(search: string): Record<string, string | string[]> {
  // No prototype: a parameter named `__proto__` must be an own key, and so an unknown one.
  const parameters: Record<string, string | string[]> = Object.create(null)
  for (const [name, value] of new URLSearchParams(search)) {
    const earlier = parameters[name]
    parameters[name] = earlier === undefined ? value : [earlier, value].flat()
  }
  return parameters
}

/** Refuses a query on a route that takes none, naming the route as the contract writes it. */
export function rejectQuery(c: Context): void {
  const mark = c.req.url.indexOf('?')
  if (mark === -1) return
  const parameters = queryParameters(c.req.url.slice(mark + 1))
  const unknown = (name: string) => `Unknown query parameter "${name}"`
  const { errors } = parseFields(z.strictObject({}), parameters, { unknown })
  const route = `${c.req.method} ${routePath(c).replace(/:(\w+)/g, '{$1}')}`
  if (errors) refuse({ status: 400, detail: `${route} takes no query parameters`, errors })
}
