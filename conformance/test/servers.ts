import { createApp, MemoryStore } from '@todokit/reference-server'
import type { FetchLike } from '../src/index.ts'

/** A fresh reference server, in process: its store and its `fetch`. */
export function referenceApp(): { store: MemoryStore; fetch: FetchLike } {
  const store = new MemoryStore()
  const app = createApp({ store, onError: () => {} })
  return { store, fetch: (request) => app.fetch(request) }
}

/** The base URL in-process runs use; nothing listens there. */
export const IN_PROCESS_URL = 'http://todokit.test'
