// Serves the reference server's fetch handler with the runtime's own HTTP server (Bun.serve or
// Deno.serve), no Node adapter, on 127.0.0.1 with a free port; prints `listening on URL`.
import { createApp } from '@todokit/reference-server'

const app = createApp()
const g = globalThis
if (g.Deno) {
  g.Deno.serve(
    { hostname: '127.0.0.1', port: 0, onListen: ({ port }) => announce(port) },
    app.fetch,
  )
} else if (g.Bun) {
  const server = g.Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: app.fetch })
  announce(server.port)
} else {
  throw new Error('serve-app.js runs under Bun or Deno; Node uses the todokit-server CLI')
}

function announce(port) {
  console.log(`listening on http://127.0.0.1:${port}`)
}
