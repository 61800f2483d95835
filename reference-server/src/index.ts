export { FileStore, type FileStoreOptions } from './store/file-store.ts'
export { MemoryStore } from './store/memory-store.ts'
export { IdTakenError, type TodoStore } from './store/store.ts'
