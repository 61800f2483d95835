import type { IncomingMessage } from 'node:http'
import { statusTextFor } from '@todokit/sdk/contract'
import type { Context } from 'hono'

/** What `@hono/node-server` passes as `c.env`; absent on other runtimes and in `app.request`. */
type NodeBindings = {
  incoming?: IncomingMessage
  outgoing?: { statusMessage: string }
}

/** Node's request stream under `@hono/node-server`; `undefined` on other runtimes. */
export function nodeIncoming(c: Context): NodeBindings['incoming'] {
  return (c.env as NodeBindings | undefined)?.incoming
}

/**
 * A request header by lower-case `name`. Under `@hono/node-server` it reads Node's parsed
 * headers directly: asking the Fetch `Request` for any header makes the adapter build a whole
 * `Headers` object, which costs a GET by id about a fifth of its time.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = nodeIncoming(c)
  if (incoming === undefined) return c.req.header(name)
  const value = incoming.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/**
 * Makes Node's status line carry the contract's reason phrase for `status` where Node's own
 * table is older (413 is "Content Too Large" since RFC 9110, not "Payload Too Large").
 */
export function useStandardReasonPhrase(c: Context, status: number): void {
  const outgoing = (c.env as NodeBindings | undefined)?.outgoing
  if (outgoing !== undefined) outgoing.statusMessage = statusTextFor(status)
}
