import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'

/**
 * A URL on 127.0.0.1 where nothing listens: a port the system just handed out, closed again, so
 * a connection to it is refused (rather than blocked, as browsers block well-known ports).
 */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}
