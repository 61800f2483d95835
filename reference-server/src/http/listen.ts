import { createServer, type IncomingMessage, type RequestListener, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server'
import { MAX_BODY_BYTES, type ProblemDetails, statusTextFor } from '@todokit/sdk/contract'
import { PROBLEM_CONTENT_TYPE } from './problem.ts'

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
 * How often Node looks for connections past `headersTimeout` or `requestTimeout`. Node's 30 s
 * default adds up to 30 s to both timeouts (the measured 330 s for a 300 s request timeout);
 * a check a second costs one walk over the open connections.
 */
const TIMEOUT_CHECK_MS = 1_000

/**
 * The handler `@hono/node-server` calls: a fetch `Request` plus Node's request and response
 * objects (a Hono app's `fetch` is one).
 */
export type FetchHandler = (
  request: Request,
  env: HttpBindings | Http2Bindings,
) => Response | Promise<Response>

type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => void

/**
 * What {@link listen} serves: a Hono app or anything else with a fetch-style `fetch`
 * (`{ fetch: (request) => new Response('ok') }`), or a Node request listener
 * (`(request, response) => response.end('ok')`) for a test that needs Node's own objects.
 */
export type Servable = { fetch: FetchHandler } | RequestListener

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
 * Prepares Node's status line once the app has answered, before `@hono/node-server` writes
 * it: the RFC 9110 reason phrase (Node's table still says 413 "Payload Too Large"), and
 * `Connection: close` once the server is closing.
 */
function atTheEdge(fetch: FetchHandler, isClosing: () => boolean): FetchHandler {
  const prepare = (response: Response, { outgoing }: HttpBindings | Http2Bindings) => {
    if (outgoing instanceof ServerResponse) {
      outgoing.statusMessage = statusTextFor(response.status)
      if (isClosing()) outgoing.shouldKeepAlive = false
    }
    return response
  }
  return (request, env) => {
    const response = fetch(request, env)
    // A synchronous answer stays synchronous: the adapter writes those without awaiting.
    return 'then' in response
      ? response.then((answer) => prepare(answer, env))
      : prepare(response, env)
  }
}

/**
 * How many pipelined requests may wait for their turn on one connection. Node stops reading a
 * connection once answers pile up unsent, but a request waiting for its turn has no answer yet,
 * so without a bound a client that never reads could make the server hold every request it
 * sends. Past the bound a request is answered 503 at once (with `Connection: close`); those
 * answers do pile up, and Node stops reading.
 */
const MAX_WAITING_REQUESTS = 32

const TOO_MANY_WAITING: ProblemDetails = {
  type: 'about:blank',
  title: statusTextFor(503),
  status: 503,
  detail: `More than ${MAX_WAITING_REQUESTS} requests are waiting on this connection; send the rest once these are answered`,
}

function answerTooManyWaiting(outgoing: ServerResponse): void {
  outgoing.shouldKeepAlive = false
  outgoing.writeHead(503, statusTextFor(503), { 'content-type': PROBLEM_CONTENT_TYPE })
  outgoing.end(JSON.stringify(TOO_MANY_WAITING))
}

/**
 * Runs each request only once the responses before it on its connection are finished. Node
 * parses pipelined requests and emits them all at once, so a DELETE could run while the POST
 * sent before it was still reading its body. Node itself hands a connection to one response
 * at a time, in order (it emits `socket` on the response when its turn comes), so waiting for
 * that costs nothing when requests are not pipelined. A request whose turn never comes (the
 * connection closed first) is never run, so it never takes effect unanswered.
 */
function inTurn(listener: NodeListener): NodeListener {
  const waiting = new WeakMap<Socket, number>()
  return (incoming, outgoing) => {
    if (outgoing.socket !== null) return listener(incoming, outgoing)
    const { socket } = incoming
    const count = waiting.get(socket) ?? 0
    if (count >= MAX_WAITING_REQUESTS) return answerTooManyWaiting(outgoing)
    waiting.set(socket, count + 1)
    outgoing.once('socket', () => {
      waiting.set(socket, (waiting.get(socket) ?? 1) - 1)
      listener(incoming, outgoing)
    })
  }
}

/**
 * Serves `app.fetch` over HTTP/1.1 with `@hono/node-server`'s request listener on Node's HTTP
 * server, with the timeouts and caps of {@link ListenOptions}. A Node request listener is
 * served as it is, with the same limits.
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
  const listener =
    typeof app === 'function'
      ? app
      : getRequestListener(
          atTheEdge(app.fetch, () => closing),
          { hostname: host },
        )
  const handle = inTurn(log === undefined ? listener : withRequestLog(listener, log))
  // Built inside the executor: Node throws on settings it refuses (headersTimeout past
  // requestTimeout), and that becomes the rejection.
  return new Promise((resolve, reject) => {
    const timeouts = [headersTimeout, requestTimeout].filter((timeout) => timeout > 0)
    const server = createServer(
      {
        headersTimeout,
        requestTimeout,
        keepAliveTimeout,
        connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, ...timeouts),
      },
      handle,
    )
    server.maxConnections = maxConnections
    server.setTimeout(idleTimeout)
    server.on('checkContinue', (incoming, outgoing) => {
      // The app refuses an oversized body from its Content-Length alone, without reading it, so
      // it can answer before the client sends anything; closing the connection afterwards spares
      // reading the body the client may send anyway.
      const declared = Number(incoming.headers['content-length'])
      if (declared > maxBodyBytes) outgoing.shouldKeepAlive = false
      else outgoing.writeContinue()
      handle(incoming, outgoing)
    })
    server.once('error', reject)
    server.listen(port, host, () => {
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
