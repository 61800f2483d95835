/**
 * `@todokit/reference-server/internal`: pieces todokit's own tools use; they may change in any
 * release. @module
 */
export { readSeedFile, seedStore } from './seed/seed.ts'
export type { TodoTable } from './store/store.ts'
