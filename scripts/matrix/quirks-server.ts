import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A server whose answers no correct todos server gives, for the SDK's failure paths. */
export interface QuirksServer {
  /** `http://127.0.0.1:PORT`; each quirk is a base URL below it (see `serveQuirks`). */
  origin: string
  close(): Promise<void>
}

/** How long `/slow` takes to answer: far beyond any timeout the smoke program sets. */
const SLOW_MS = 30_000

function send(response: ServerResponse, status: number, body: unknown, type = 'application/json') {
  response.writeHead(status, { 'content-type': type }).end(JSON.stringify(body))
}

/**
 * Serves, on a free loopback port and to any origin (a browser page on another origin uses it
 * too), the answers the runtime matrix needs to see the SDK's failure handling in each runtime:
 *
 * - `{origin}/slow/todos…` answers after 30 s, so a short client timeout fires;
 * - `{origin}/bad-body/todos/…` answers 200 with a todo that breaks the contract;
 * - `{origin}/flaky/KEY/todos…` answers 503 to the first request for each KEY, then `[]`;
 * - `{origin}/down/todos…` always answers 503.
 *
 * @example
 * const quirks = await serveQuirks()
 * new TodoClient({ baseUrl: `${quirks.origin}/bad-body` }).todos.get(1) // ResponseValidationError
 */
export async function serveQuirks(): Promise<QuirksServer> {
  const seen = new Map<string, number>()
  const timers = new Set<NodeJS.Timeout>()
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*')
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, {
          'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
          'access-control-allow-headers': '*',
        })
        .end()
      return
    }
    const path = new URL(request.url ?? '/', 'http://quirks').pathname
    const [quirk, key] = path.split('/').slice(1)
    const unavailable = { title: 'Service Unavailable', status: 503 }
    if (quirk === 'slow') {
      const timer = setTimeout(() => send(response, 200, []), SLOW_MS)
      timers.add(timer)
      response.on('close', () => clearTimeout(timer))
    } else if (quirk === 'bad-body') {
      send(response, 200, { id: 'one', content: 42, completed: 'no' })
    } else if (quirk === 'flaky' && key) {
      const count = (seen.get(key) ?? 0) + 1
      seen.set(key, count)
      if (count === 1) send(response, 503, unavailable, 'application/problem+json')
      else send(response, 200, [])
    } else if (quirk === 'down') {
      send(response, 503, unavailable, 'application/problem+json')
    } else {
      send(response, 404, { title: 'Not Found', status: 404 }, 'application/problem+json')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      for (const timer of timers) clearTimeout(timer)
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
