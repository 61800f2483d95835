import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'

/** A server a test started: its base URL and the requests it has received. */
export interface HostileServer {
  /** `http://127.0.0.1:{port}`, no trailing slash. */
  url: string
  /** Every request received so far, in order. */
  requests: IncomingMessage[]
}

const open: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()))
})

/**
 * A node:http server on 127.0.0.1, port 0, that answers every request with `handler`: a server
 * that misbehaves on purpose, over a real socket, as no mock can (a body that never ends, a
 * connection the client must cut). Closed, with every connection, after the test.
 */
export async function serve(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<HostileServer> {
  const requests: IncomingMessage[] = []
  const server = createServer((request, response) => {
    requests.push(request)
    handler(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  open.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
}

/** Resolves when the client has closed the connection `response` was writing to. */
export function closedByClient(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => response.on('close', resolve))
}
