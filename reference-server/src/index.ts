export { type AppOptions, createApp } from './app.ts'
export {
  DataFileError,
  FileStore,
  type FileStoreOptions,
  StoreFailedError,
} from './store/file-store.ts'
export { MemoryStore } from './store/memory-store.ts'
export { IdTakenError, type TodoStore } from './store/store.ts'
