import { serve } from '@hono/node-server'
import { type AppOptions, createApp } from '@todokit/reference-server'

/** A reference server listening on 127.0.0.1 inside this process. */
export interface LiveServer {
  url: string
  close(): Promise<void>
}

/** Starts `createApp(options)` on a free loopback port, as the docs' examples run against. */
export function startReferenceServer(options: AppOptions = {}): Promise<LiveServer> {
  const app = createApp(options)
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done())
            // Keep-alive sockets (a browser's) would otherwise hold close() open.
            if ('closeAllConnections' in server) server.closeAllConnections()
          }),
      })
    })
  })
}
