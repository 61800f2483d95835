import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'

const require = createRequire(import.meta.url)

interface JsonServerModule {
  create(): (request: unknown, response: unknown) => void
  defaults(options: { logger: boolean }): unknown
  router(data: object): { db: { getState(): unknown } }
}

/** A running json-server 0.17.4 over `data`, as a third party would run it. */
export interface RunningJsonServer {
  baseUrl: string
  /** The data as json-server holds it now. */
  state(): unknown
  close(): Promise<void>
}

/** Starts json-server 0.17.4 as a library on 127.0.0.1, port 0. */
export async function startJsonServer(data: object): Promise<RunningJsonServer> {
  const jsonServer = require('json-server') as JsonServerModule
  const app = jsonServer.create() as ReturnType<JsonServerModule['create']> & {
    use(middleware: unknown): void
  }
  const router = jsonServer.router(data)
  app.use(jsonServer.defaults({ logger: false }))
  app.use(router)
  const server: Server = createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    state: () => structuredClone(router.db.getState()),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
