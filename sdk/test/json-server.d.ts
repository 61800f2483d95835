// json-server 0.17 ships no types; these cover what the tests use.
declare module 'json-server' {
  import type { RequestListener } from 'node:http'

  type Middleware = RequestListener & { use(...handlers: Middleware[]): void }
  const jsonServer: {
    create(): Middleware
    defaults(options?: { logger?: boolean }): Middleware[]
    router(db: Record<string, unknown[]>): Middleware
  }
  export default jsonServer
}
