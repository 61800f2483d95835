import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createApp, MemoryStore } from '@todokit/reference-server'
import type { FetchLike } from '../src/index.ts'

/** A server listening on 127.0.0.1 with a free port. */
export interface Listening {
  baseUrl: string
  close(): Promise<void>
}

/** Serves a fetch handler over real HTTP on 127.0.0.1, port 0. */
export function listenOn(fetch: FetchLike): Promise<Listening> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        baseUrl: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            if ('closeAllConnections' in server) server.closeAllConnections()
          }),
      })
    })
  })
}

/** A fresh reference server, in process: its store and its `fetch`. */
export function referenceApp(): { store: MemoryStore; fetch: FetchLike } {
  const store = new MemoryStore()
  const app = createApp({ store, onError: () => {} })
  return { store, fetch: (request) => app.fetch(request) }
}

/** The base URL in-process runs use; nothing listens there. */
export const IN_PROCESS_URL = 'http://todokit.test'
