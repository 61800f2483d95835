import type { Context } from 'hono'

type NodeBindings = { incoming?: { headers: Record<string, string | string[] | undefined> } }

/**
 * A request header by lower-case `name`. Under `@hono/node-server` it reads Node's parsed
 * headers directly: asking the Fetch `Request` for any header makes the adapter build a whole
 * `Headers` object, which costs a GET by id about a fifth of its time.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as NodeBindings | undefined)?.incoming
  if (incoming === undefined) return c.req.header(name)
  const value = incoming.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}
