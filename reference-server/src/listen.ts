import type { AddressInfo } from 'node:net'
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server'

/**
 * Options of {@link listen}.
 *
 * @example
 * const options: ListenOptions = { port: 8080, host: '0.0.0.0', log: console.log }
 * await listen(createApp(), options) // reachable from the network, one log line per request
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
   * Stops accepting connections and resolves once open ones are done: idle keep-alive
   * connections are dropped at once, busy ones after 5 seconds at most.
   */
  close(): Promise<void>
}

/** How long open connections may take to finish once {@link RunningServer.close} is called. */
const CLOSE_GRACE_MS = 5_000

/**
 * What `@hono/node-server` hands the app besides the request: Node's request and response
 * objects. The app reads bodies and headers from them and sets reason phrases on them.
 */
type NodeEnv = HttpBindings | Http2Bindings

type FetchHandler = (request: Request, env: NodeEnv) => Response | Promise<Response>

function withRequestLog(fetch: FetchHandler, log: (line: string) => void): FetchHandler {
  return async (request, env) => {
    const started = performance.now()
    // The env must go through: without it the app takes its slower Fetch-only paths and cannot
    // set the RFC 9110 reason phrases on Node's status line.
    const response = await fetch(request, env)
    const url = request.url
    const path = url.slice(url.indexOf('/', url.indexOf('//') + 2))
    const ms = (performance.now() - started).toFixed(1)
    log(`${request.method} ${path} ${response.status} ${ms}ms`)
    return response
  }
}

/**
 * Serves `app.fetch` over HTTP with `@hono/node-server`.
 *
 * @example
 * const server = await listen(createApp(), { port: 0 })
 * console.log(`listening on ${server.url}`)
 * await server.close()
 */
export function listen(
  app: { fetch: FetchHandler },
  options: ListenOptions = {},
): Promise<RunningServer> {
  const { port = 3000, host = '127.0.0.1', log } = options
  const fetch = log === undefined ? app.fetch : withRequestLog(app.fetch, log)
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname: host }, (info: AddressInfo) => {
      server.off('error', reject)
      const hostInUrl = info.family === 'IPv6' ? `[${info.address}]` : info.address
      resolve({
        url: `http://${hostInUrl}:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            if (!('closeIdleConnections' in server)) return
            server.closeIdleConnections()
            // A client that keeps a connection busy must not hold the shutdown up for ever.
            setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref()
          }),
      })
    })
    server.once('error', reject)
  })
}
