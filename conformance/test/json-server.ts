import type { RequestListener } from 'node:http'
import { createRequire } from 'node:module'
import { listen, type RunningServer } from '@todokit/reference-server'

const require = createRequire(import.meta.url)

interface JsonServerModule {
  create(): RequestListener
  defaults(options: { logger: boolean }): unknown
  router(data: object): { db: { getState(): unknown } }
}

/** A running json-server 0.17.4 over `data`, as a third party would run it. */
export interface RunningJsonServer extends RunningServer {
  /** The data as json-server holds it now. */
  state(): unknown
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
  const server = await listen(app, { port: 0 })
  return { ...server, state: () => structuredClone(router.db.getState()) }
}
