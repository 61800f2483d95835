import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A static server on 127.0.0.1 for pages a browser test loads. */
export interface StaticServer {
  origin: string
  close(): Promise<void>
}

/** Serves fixed bodies by path (`{ '/': ['text/html', '<html>…'] }`) on a free loopback port. */
export async function serveStatic(files: Record<string, [string, string]>): Promise<StaticServer> {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname]
    if (!file) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': file[0] }).end(file[1])
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
