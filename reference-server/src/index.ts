/**
 * `@todokit/reference-server`: the todos API as a Hono app, its stores, the OpenAPI generator
 * and a Node listener, on which the CLI and the msw handlers (`/msw`) are built.
 * @example const server = await listen(createApp({ store: new MemoryStore() }), { port: 0 })
 * @module
 */
export { type AppOptions, createApp } from './app.ts'
export { createOpenApiDocument, type OpenApiOptions } from './docs/openapi.ts'
export type { FaultOptions } from './faults/faults.ts'
export { type ListenOptions, listen, type RunningServer } from './http/listen.ts'
export { MemoryStore } from './store/memory-store.ts'
export { SqliteStore, type SqliteStoreOptions } from './store/sqlite-store.ts'
export { DEFAULT_MAX_TODOS, type TodoStore } from './store/store.ts'
