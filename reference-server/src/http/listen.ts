import { once } from 'node:events'
import { createServer, type RequestListener, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server'
import { MAX_BODY_BYTES, statusTextFor } from '@todokit/sdk/contract'
import { problem } from './problem.ts'

/**
 * Options of {@link listen}: Node's own HTTP server settings, with defaults much tighter than
 * Node's, which let idle sockets and trickled bodies live for minutes.
 * @example await listen(createApp(), { port: 8080, host: '0.0.0.0', log: console.log })
 */
export interface ListenOptions {
  /** TCP port; `0` picks a free one (read it from the returned `url`). @default 3000 */
  port?: number | undefined
  /** Interface to bind; the default keeps the server off the network. @default '127.0.0.1' */
  host?: string | undefined
  /** Receives one line per request (`GET /todos/1 200 0.4ms`). @default undefined (no log) */
  log?: ((line: string) => void) | undefined
  /**
   * The app's body limit: `Expect: 100-continue` with a `Content-Length` past it gets its 413 at
   * once, and the connection is closed rather than read. @default MAX_BODY_BYTES (64 KiB)
   */
  maxBodyBytes?: number | undefined
  /** Milliseconds to send a request's headers (or idle when new), then 408. @default 10_000 */
  headersTimeout?: number | undefined
  /** Milliseconds to send a whole request, then 408; at least `headersTimeout`. @default 30_000 */
  requestTimeout?: number | undefined
  /** Milliseconds an idle keep-alive connection waits for its next request. @default 5_000 */
  keepAliveTimeout?: number | undefined
  /** Milliseconds without traffic mid-request before the connection is cut. @default 30_000 */
  idleTimeout?: number | undefined
  /** Most connections open at once, under the common limit of 1,024 files. @default 1_000 */
  maxConnections?: number | undefined
}

/**
 * A server started by {@link listen}.
 * @example const server: RunningServer = await listen(createApp(), { port: 0 })
 */
export interface RunningServer {
  /** Where it listens, e.g. `http://127.0.0.1:3000`. */
  readonly url: string
  /**
   * Stops accepting connections and resolves once the open ones are gone: idle ones close at
   * once, requests received are answered with `Connection: close`, and after 5 s the rest are cut.
   */
  close(): Promise<void>
}

export const SERVER_LIMITS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  idleTimeout: 30_000,
  maxConnections: 1_000,
} as const

export type FetchHandler = (
  request: Request,
  env: HttpBindings | Http2Bindings,
) => Response | Promise<Response>

type HeaderList = Parameters<ServerResponse['writeHead']>[1]

/** Pipelined requests that may wait on one connection; past them, 503 and `Connection: close`. */
const MAX_WAITING_REQUESTS = 32

/**
 * Runs each request once the responses before it on its connection are finished (Node emits
 * pipelined requests at once, so a DELETE could run before the POST sent before it), and logs it.
 */
function nodeEdge(listener: RequestListener, log: ListenOptions['log']): RequestListener {
  const waiting = new WeakMap<Socket, number>()
  const run: RequestListener = (incoming, outgoing) => {
    if (log === undefined) return listener(incoming, outgoing)
    const started = performance.now()
    // A connection cut before the answer is logged as nginx does: 499.
    outgoing.once('close', () => {
      const status = outgoing.writableFinished ? outgoing.statusCode : 499
      const ms = (performance.now() - started).toFixed(1)
      log(`${incoming.method} ${incoming.url} ${status} ${ms}ms`)
    })
    listener(incoming, outgoing)
  }
  return (incoming, outgoing) => {
    if (outgoing.socket !== null) return run(incoming, outgoing)
    const { socket } = incoming
    const count = waiting.get(socket) ?? 0
    if (count >= MAX_WAITING_REQUESTS) {
      outgoing.shouldKeepAlive = false
      const detail = `More than ${MAX_WAITING_REQUESTS} requests are waiting on this connection; send the rest once these are answered`
      // Written at once, unsent: such answers pile up, and Node stops reading the connection.
      const response = problem({ status: 503, detail })
      outgoing.writeHead(503, [...response.headers])
      return void response.text().then((body) => outgoing.end(body))
    }
    waiting.set(socket, count + 1)
    outgoing.once('socket', () => {
      waiting.set(socket, (waiting.get(socket) ?? 1) - 1)
      run(incoming, outgoing)
    })
  }
}

/**
 * Serves a Hono app (or any `{ fetch }`) through `@hono/node-server`, or a Node request listener,
 * with the limits of {@link ListenOptions}. A `Response.error()` answer cuts the connection.
 * @example const stub = await listen({ fetch: () => Response.json([]) }, { port: 0 })
 */
export async function listen(
  app: { fetch: FetchHandler } | RequestListener,
  options: ListenOptions = {},
): Promise<RunningServer> {
  const {
    port = 3000,
    host = '127.0.0.1',
    log,
    maxBodyBytes = MAX_BODY_BYTES,
    requestTimeout = SERVER_LIMITS.requestTimeout,
    // Node refuses a headers timeout longer than the request timeout.
    headersTimeout = Math.min(SERVER_LIMITS.headersTimeout, requestTimeout || Number.MAX_VALUE),
    keepAliveTimeout = SERVER_LIMITS.keepAliveTimeout,
    idleTimeout = SERVER_LIMITS.idleTimeout,
    maxConnections = SERVER_LIMITS.maxConnections,
  } = options
  let closing = false
  const serverOptions = {
    headersTimeout,
    requestTimeout,
    keepAliveTimeout,
    // Node looks for timed-out requests every 30 s by default.
    connectionsCheckingInterval: Math.min(1_000, headersTimeout || 1_000, requestTimeout || 1_000),
  }
  /**
   * Answers with RFC 9110's reason phrases (Node's 413 is "Payload Too Large"), set as Node
   * writes the status line: wrapping the app's fetch would add a promise to every request.
   * Status 0 is `Response.error()`'s, which cuts the connection.
   */
  class EdgeResponse extends ServerResponse {
    override writeHead(status: number, reason?: string | HeaderList, headers?: HeaderList): this {
      if (closing) this.shouldKeepAlive = false
      if (status === 0) this.socket?.destroy()
      const code = status || 499
      if (typeof reason === 'string') return super.writeHead(code, reason, headers)
      return super.writeHead(code, this.statusMessage || statusTextFor(code), reason)
    }
  }
  const listener =
    typeof app === 'function' ? app : getRequestListener(app.fetch, { hostname: host })
  const server = createServer(
    { ...serverOptions, ServerResponse: EdgeResponse },
    nodeEdge(listener, log),
  ).listen(port, host)
  server.maxConnections = maxConnections
  server.setTimeout(idleTimeout)
  server.on('checkContinue', (incoming, outgoing) => {
    // The app refuses an oversized body from its Content-Length alone, before it is sent.
    if (Number(incoming.headers['content-length']) > maxBodyBytes) outgoing.shouldKeepAlive = false
    else outgoing.writeContinue()
    server.emit('request', incoming, outgoing)
  })
  // Rejects with the server's error, such as a port in use.
  await once(server, 'listening')
  const { address, family, port: boundPort } = server.address() as AddressInfo
  return {
    url: `http://${family === 'IPv6' ? `[${address}]` : address}:${boundPort}`,
    close: () =>
      new Promise<void>((done) => {
        closing = true
        server.close(() => done())
        setTimeout(() => server.closeAllConnections(), 5_000).unref()
      }),
  }
}
