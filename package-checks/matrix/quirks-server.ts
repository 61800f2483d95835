import type { ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { listen, type RunningServer } from '@todokit/reference-server'

/**
 * A server whose answers no correct todos server gives, for the SDK's failure paths. Its `url`
 * is `http://127.0.0.1:PORT`; each quirk is a base URL below it (see `serveQuirks`).
 */
export type QuirksServer = RunningServer

/** How long `/slow` takes to answer: far beyond any timeout the smoke program sets. */
const SLOW_MS = 30_000

const UNAVAILABLE = { title: 'Service Unavailable', status: 503 }

const MiB = 1024 * 1024

/** 4 MiB of JSON whitespace, gzipped to a few KiB: over any small cap once decompressed. */
const GZIP_BOMB = gzipSync(Buffer.alloc(4 * MiB, 0x20))

/** Writes JSON whitespace until the client hangs up, or 64 MiB (then `[]`), in 64 KiB chunks. */
function pour(response: ServerResponse): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20)
  let sent = 0
  const write = (): void => {
    while (sent < 64 * MiB && !response.destroyed) {
      sent += chunk.length
      if (!response.write(chunk)) {
        response.once('drain', write)
        return
      }
    }
    if (!response.destroyed) response.end('[]')
  }
  write()
}

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
 * - `{url}/down/todos…` always answers 503;
 * - `{url}/endless/todos…` answers 200 with a body that goes on until the client hangs up;
 * - `{url}/announced/todos…` announces a 2 MiB body and sends one byte of it;
 * - `{url}/bomb/todos…` answers 4 MiB of gzipped whitespace, a few KiB on the wire;
 * - `{url}/away/todos…` redirects (307) to another origin, where nothing listens;
 * - `{url}/moved/todos…` redirects (308) to `/landing/todos…` (query kept) on its own origin, which answers `[]`;
 * - `{url}/year/todos…` answers 503 with `Retry-After: 31536000` (a year);
 * - `{url}/loop/todos…` answers one todo with a `next` link back to the page it sent;
 * - `{url}/negotiate/todos…` answers 404 problem details to a client that accepts them, and a
 *   200 todo to one that does not, as Prism's mock does.
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
      response.setHeader('access-control-expose-headers', 'link, retry-after')
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
      } else if (quirk === 'endless') {
        response.writeHead(200, { 'content-type': 'application/json' })
        pour(response)
      } else if (quirk === 'announced') {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 * MiB })
        response.write('[')
        slow.add(response)
        response.on('close', () => slow.delete(response))
      } else if (quirk === 'bomb') {
        response
          .writeHead(200, {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            'content-length': GZIP_BOMB.length,
          })
          .end(GZIP_BOMB)
      } else if (quirk === 'away') {
        response.writeHead(307, { location: 'http://localhost:1/todos' }).end()
      } else if (quirk === 'moved') {
        response
          .writeHead(308, { location: `${request.url}`.replace('/moved/', '/landing/') })
          .end()
      } else if (quirk === 'landing') {
        send(response, 200, [])
      } else if (quirk === 'year') {
        response.setHeader('retry-after', '31536000')
        send(response, 503, UNAVAILABLE, 'application/problem+json')
      } else if (quirk === 'loop') {
        response.setHeader('link', '</loop/todos?cursor=same>; rel="next"')
        send(response, 200, [{ id: 1, content: 'round and round', completed: false }])
      } else if (quirk === 'negotiate') {
        if (`${request.headers.accept}`.includes('application/problem+json')) {
          send(response, 404, { title: 'Not Found', status: 404 }, 'application/problem+json')
        } else {
          send(response, 200, { id: 9, content: 'an example todo', completed: false })
        }
      } else {
        send(response, 404, { title: 'Not Found', status: 404 }, 'application/problem+json')
      }
    },
    { port: 0 },
  )
  return {
    url: server.url,
    close: () => {
      // An answer still pending would hold the close up for the listener's grace period.
      for (const response of slow) response.destroy()
      return server.close()
    },
  }
}
