import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  ServerResponse,
} from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server'
import { MAX_BODY_BYTES, statusTextFor } from '@todokit/sdk/contract'
import { problem } from './problem.ts'

/**
 * Options of {@link listen}. The timeouts and caps are Node's own HTTP server settings; their
 * defaults are much tighter than Node's, which let one machine hold thousands of idle sockets
 * for a minute and a body trickled in a byte at a time for five.
 *
 * @example
 * const options: ListenOptions = { port: 8080, host: '0.0.0.0', log: console.log }
 * await listen(createApp(), options) // reachable from the network, one log line per request
 *
 * @example
 * // Behind a proxy that already bounds slow clients: fewer connections, a shorter request time.
 * await listen(createApp(), { maxConnections: 200, requestTimeout: 10_000 })
 */
export interface ListenOptions {
  /**
   * TCP port; `0` picks a free one (read it from the returned `url`).
   * @default 3000
   */
  port?: number
  /**
   * Interface to bind. The loopback default keeps the server off the network.
   * @default '127.0.0.1'
   */
  host?: string
  /**
   * Receives one line per request (`GET /todos/1 200 0.4ms`). Without it nothing is measured,
   * so a quiet server does no per-request logging work.
   * @default undefined (no request log)
   */
  log?: (line: string) => void
  /**
   * The app's body limit (give `createApp` the same `maxBodyBytes`). A request sent with
   * `Expect: 100-continue` whose `Content-Length` is past it gets its 413 at once, never
   * `100 Continue`, and its connection is closed rather than read.
   * @default MAX_BODY_BYTES (64 KiB)
   */
  maxBodyBytes?: number
  /**
   * Milliseconds a client may take to send a request's headers (a connection that sends nothing
   * counts too); past it the server answers 408 and closes the connection. A todos request
   * has a few hundred bytes of headers, so 10 s is generous for any real client, while an idle
   * socket that never sends anything is reclaimed in seconds, not Node's minute. `0` disables it.
   * @default 10_000
   */
  headersTimeout?: number
  /**
   * Milliseconds a whole request (headers and body) may take to arrive; past it the server
   * answers 408 and closes the connection. 30 s carries a full 64 KiB body over a 20 kbit/s
   * link; Node's five minutes let a body sent a byte at a time hold a connection for 330 s.
   * Must be at least `headersTimeout` (Node refuses otherwise); `0` disables it.
   * @default 30_000
   */
  requestTimeout?: number
  /**
   * Milliseconds an idle keep-alive connection is kept open for its client's next request
   * (Node's default: long enough for a burst of requests, short enough to give the connection
   * back soon after).
   * @default 5_000
   */
  keepAliveTimeout?: number
  /**
   * Milliseconds without any traffic, while a request is being received or answered, after which
   * the connection is destroyed: a client that stops reading its response cannot keep the
   * response's memory for ever. `0` disables it (Node's default).
   * @default 30_000
   */
  idleTimeout?: number
  /**
   * Most connections open at once; past it new connections are closed as soon as they are
   * accepted, instead of waiting in the kernel's queue while the process runs out of file
   * descriptors. 1,000 is five times the 200-client load of the benchmark and stays under the
   * common limit of 1,024 open files, so the cap, not the file limit, is what a flood meets.
   * @default 1_000
   */
  maxConnections?: number
}

/**
 * A server started by {@link listen}.
 *
 * @example
 * const server: RunningServer = await listen(createApp(), { port: 0 })
 * const todos = await (await fetch(`${server.url}/todos`)).json()
 * await server.close()
 */
export interface RunningServer {
  /** Where it listens, e.g. `http://127.0.0.1:3000`. */
  readonly url: string
  /**
   * Stops accepting connections at once and resolves when the open ones are gone: idle ones
   * are closed right away; requests already received are answered, with `Connection: close`,
   * and their connection closed after that answer. A connection still busy after 5 seconds
   * (say, a client that does not read its response) is then cut.
   */
  close(): Promise<void>
}

/** The defaults of the timeouts and caps in {@link ListenOptions} (why each: there). */
export const SERVER_LIMITS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  idleTimeout: 30_000,
  maxConnections: 1_000,
} as const satisfies ListenOptions

/** How long open connections may take to finish once {@link RunningServer.close} is called. */
const CLOSE_GRACE_MS = 5_000

/**
 * How often Node looks for connections past `headersTimeout` or `requestTimeout`: its 30 s
 * default would add up to 30 s to both.
 */
const TIMEOUT_CHECK_MS = 1_000

/** The handler `@hono/node-server` calls: a fetch `Request`, and Node's objects (a Hono app's `fetch` is one). */
export type FetchHandler = (
  request: Request,
  env: HttpBindings | Http2Bindings,
) => Response | Promise<Response>

/**
 * What {@link listen} serves: a Hono app or anything else with a fetch-style `fetch`
 * (`{ fetch: (request) => new Response('ok') }`), or a Node request listener
 * (`(request, response) => response.end('ok')`) for a test that needs Node's own objects.
 */
export type Servable = { fetch: FetchHandler } | RequestListener

type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => void

function withRequestLog(listener: NodeListener, log: (line: string) => void): NodeListener {
  return (incoming, outgoing) => {
    const started = performance.now()
    // 'close' comes for every request, 'finish' only for those answered in full; a connection
    // cut before the answer is logged as nginx does, 499 "closed without an answer".
    outgoing.once('close', () => {
      const ms = (performance.now() - started).toFixed(1)
      const status = outgoing.writableFinished ? outgoing.statusCode : 499
      log(`${incoming.method} ${incoming.url} ${status} ${ms}ms`)
    })
    listener(incoming, outgoing)
  }
}

/**
 * The app's answer as Node sends it: a network error (a fault that drops the connection) cuts
 * the socket; any other gets RFC 9110's reason phrase (Node's table still says 413 "Payload Too
 * Large") and, once the server is closing, `Connection: close`.
 */
function sentByNode(fetch: FetchHandler, isClosing: () => boolean): FetchHandler {
  const prepare = (response: Response, { incoming, outgoing }: HttpBindings | Http2Bindings) => {
    if (response.type === 'error') {
      incoming.socket.destroy()
      // For the request log only: nobody reads it.
      return new Response(null, { status: 499 })
    }
    if (outgoing instanceof ServerResponse) {
      outgoing.statusMessage = statusTextFor(response.status)
      if (isClosing()) outgoing.shouldKeepAlive = false
    }
    return response
  }
  return (request, env) => {
    const response = fetch(request, env)
    // A synchronous answer stays synchronous: the adapter writes those without awaiting.
    return response instanceof Promise
      ? response.then((answer) => prepare(answer, env))
      : prepare(response, env)
  }
}

/**
 * How many pipelined requests may wait for their turn on one connection; past it a request is
 * answered 503 at once, with `Connection: close`, so a client that never reads cannot make the
 * server hold every request it sends.
 */
const MAX_WAITING_REQUESTS = 32

/**
 * Runs each request only once the responses before it on its connection are finished: Node
 * parses pipelined requests and emits them all at once, so a DELETE could otherwise run while
 * the POST sent before it still read its body. Node hands a connection to one response at a
 * time, in order (`socket` on the response), so waiting for that costs nothing unpipelined. A
 * request whose turn never comes (the connection closed first) never runs.
 */
function oneAtATime(listener: NodeListener): NodeListener {
  const waiting = new WeakMap<Socket, number>()
  return (incoming, outgoing) => {
    if (outgoing.socket !== null) return listener(incoming, outgoing)
    const { socket } = incoming
    const count = waiting.get(socket) ?? 0
    if (count >= MAX_WAITING_REQUESTS) {
      outgoing.shouldKeepAlive = false
      const detail = `More than ${MAX_WAITING_REQUESTS} requests are waiting on this connection; send the rest once these are answered`
      // Written at once, unsent: such answers pile up, and Node stops reading the connection.
      return void sendResponse(outgoing, problem(503, detail))
    }
    waiting.set(socket, count + 1)
    outgoing.once('socket', () => {
      waiting.set(socket, (waiting.get(socket) ?? 1) - 1)
      listener(incoming, outgoing)
    })
  }
}

/** Writes a fetch `Response` with Node's own objects (for answers made at the edge). */
async function sendResponse(outgoing: ServerResponse, response: Response): Promise<void> {
  outgoing.writeHead(response.status, statusTextFor(response.status), [...response.headers])
  outgoing.end(Buffer.from(await response.arrayBuffer()))
}

/**
 * Serves `app.fetch` over HTTP/1.1 with `@hono/node-server`'s `serve()`, with the timeouts and
 * caps of {@link ListenOptions} as Node's server options. A Node request listener is served as
 * it is, with the same limits.
 *
 * @example
 * const server = await listen(createApp(), { port: 0 })
 * console.log(`listening on ${server.url}`)
 * await server.close()
 *
 * @example
 * // Any fetch handler: a stub server for a test, on a free port.
 * const stub = await listen({ fetch: () => Response.json([]) }, { port: 0 })
 */
export function listen(app: Servable, options: ListenOptions = {}): Promise<RunningServer> {
  const {
    port = 3000,
    host = '127.0.0.1',
    log,
    maxBodyBytes = MAX_BODY_BYTES,
    requestTimeout = SERVER_LIMITS.requestTimeout,
    // Node refuses a headers timeout longer than the request timeout, so a shorter request
    // timeout shortens the default headers timeout with it.
    headersTimeout = requestTimeout > 0
      ? Math.min(SERVER_LIMITS.headersTimeout, requestTimeout)
      : SERVER_LIMITS.headersTimeout,
    keepAliveTimeout = SERVER_LIMITS.keepAliveTimeout,
    idleTimeout = SERVER_LIMITS.idleTimeout,
    maxConnections = SERVER_LIMITS.maxConnections,
  } = options
  let closing = false
  const timeouts = [headersTimeout, requestTimeout].filter((timeout) => timeout > 0)
  const serverOptions = {
    headersTimeout,
    requestTimeout,
    keepAliveTimeout,
    connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, ...timeouts),
  }
  const edge = (listener: NodeListener) =>
    oneAtATime(log === undefined ? listener : withRequestLog(listener, log))
  // Built inside the executor: Node throws on settings it refuses (headersTimeout past
  // requestTimeout), and that becomes the rejection.
  return new Promise((resolve, reject) => {
    const server: Server =
      typeof app === 'function'
        ? createServer(serverOptions, edge(app)).listen(port, host)
        : (serve({
            fetch: sentByNode(app.fetch, () => closing),
            port,
            hostname: host,
            serverOptions,
            // Node's createServer is overloaded, which no arrow function can be: a cast.
            createServer: ((settings: ServerOptions, listener: NodeListener) =>
              createServer(settings, edge(listener))) as typeof createServer,
          }) as Server)
    server.maxConnections = maxConnections
    server.setTimeout(idleTimeout)
    server.on('checkContinue', (incoming, outgoing) => {
      // The app refuses an oversized body from its Content-Length alone, so it answers before
      // the client sends the body; the connection is then closed rather than read.
      if (Number(incoming.headers['content-length']) > maxBodyBytes)
        outgoing.shouldKeepAlive = false
      else outgoing.writeContinue()
      server.emit('request', incoming, outgoing)
    })
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      const { address, family, port: boundPort } = server.address() as AddressInfo
      const hostInUrl = family === 'IPv6' ? `[${address}]` : address
      resolve({
        url: `http://${hostInUrl}:${boundPort}`,
        close: () =>
          new Promise<void>((done) => {
            closing = true
            // Stops listening and closes the idle connections; busy ones close after the
            // response they are producing, which now carries `Connection: close`.
            server.close(() => done())
            // A client that keeps a connection busy must not hold the shutdown up for ever.
            setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref()
          }),
      })
    })
  })
}
