/**
 * `@todokit/reference-server/internal`: pieces todokit's own tools and tests use, which may
 * change in any release. Applications use the package root.
 *
 * @module
 */
export { readSeedFile, seedStore } from './seed/seed.ts'
export type { TodoTable } from './store/store.ts'
