import type { ServerResponse } from 'node:http'
import { listen, type RunningServer } from '@todokit/reference-server'

/**
 * A server whose answers no correct todos server gives, for the SDK's failure paths. Its `url`
 * is `http://127.0.0.1:PORT`; each quirk is a base URL below it (see `serveQuirks`).
 */
export type QuirksServer = RunningServer

/** How long `/slow` takes to answer: far beyond any timeout the smoke program sets. */
const SLOW_MS = 30_000

const UNAVAILABLE = { title: 'Service Unavailable', status: 503 }

function send(response: ServerResponse, status: number, body: unknown, type = 'application/json') {
  response.writeHead(status, { 'content-type': type }).end(JSON.stringify(body))
}

/**
 * Serves, on a free loopback port and to any origin (a browser page on another origin uses it
 * too), the answers the runtime matrix needs to see the SDK's failure handling in each runtime:
 *
 * - `{url}/slow/todos…` answers after 30 s, so a short client timeout fires;
 * - `{url}/bad-body/todos/…` answers 200 with a todo that breaks the contract;
 * - `{url}/flaky/KEY/todos…` answers 503 to the first request for each KEY, then `[]`;
 * - `{url}/down/todos…` always answers 503.
 *
 * @example
 * const quirks = await serveQuirks()
 * new TodoClient({ baseUrl: `${quirks.url}/bad-body` }).todos.get(1) // ResponseValidationError
 */
export async function serveQuirks(): Promise<QuirksServer> {
  const seen = new Map<string, number>()
  const slow = new Set<ServerResponse>()
  const server = await listen(
    (request, response) => {
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
      if (quirk === 'slow') {
        slow.add(response)
        const timer = setTimeout(() => send(response, 200, []), SLOW_MS)
        response.on('close', () => {
          clearTimeout(timer)
          slow.delete(response)
        })
      } else if (quirk === 'bad-body') {
        send(response, 200, { id: 'one', content: 42, completed: 'no' })
      } else if (quirk === 'flaky' && key) {
        const count = (seen.get(key) ?? 0) + 1
        seen.set(key, count)
        if (count === 1) send(response, 503, UNAVAILABLE, 'application/problem+json')
        else send(response, 200, [])
      } else if (quirk === 'down') {
        send(response, 503, UNAVAILABLE, 'application/problem+json')
      } else {
        send(response, 404, { title: 'Not Found', status: 404 }, 'application/problem+json')
      }
    },
    { port: 0 },
  )
  return {
    url: server.url,
    close: () => {
      // A slow answer still pending would hold the close up for the listener's grace period.
      for (const response of slow) send(response, 503, UNAVAILABLE, 'application/problem+json')
      return server.close()
    },
  }
}
