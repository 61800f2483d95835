/**
 * json-server 0.17.4 as its CLI runs it (`create`, `defaults`, `router` over a db.json file),
 * on a db file holding the todos of the seed file argv[2]. Its router rewrites the whole db file
 * on every write (lowdb FileSync, no fsync).
 */
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { announce, measureMemory, readSeed } from './ready.ts'

type Middleware = (...args: never[]) => void
interface JsonServer {
  create(): {
    use(middleware: Middleware | Middleware[]): void
    listen(
      port: number,
      host: string,
      ready: () => void,
    ): { address(): AddressInfo | string | null }
  }
  defaults(options: { logger: boolean }): Middleware[]
  router(file: string): Middleware
}

const jsonServer = createRequire(import.meta.url)('json-server') as JsonServer
const db = process.argv[3] as string
const empty = measureMemory()
// In a function, so the parsed seed dies with its frame before memory is measured.
const writeDb = () => writeFileSync(db, JSON.stringify({ todos: readSeed() }))
writeDb()
const server = jsonServer.create()
server.use(jsonServer.defaults({ logger: false }))
server.use(jsonServer.router(db))
const seeded = measureMemory()
const listener = server.listen(0, '127.0.0.1', () => {
  announce(`http://127.0.0.1:${(listener.address() as AddressInfo).port}`, empty, seeded)
})
