/**
 * The reference server under test: createApp over a MemoryStore seeded from argv[2], or with
 * `--data FILE` over an SqliteStore (the file already holds the seed, see run.ts). Runs from
 * source with `--conditions=@todokit/source`: Node strips the types and runs the same
 * JavaScript the build would emit, so there is no build step to go stale.
 */
import { createApp, listen, MemoryStore, SqliteStore, type TodoStore } from '../../src/index.ts'
import { announce, measureMemory, readSeed } from './ready.ts'

/** In a function, so the parsed seed dies with its frame before memory is measured. */
function openStore(): Promise<TodoStore> | TodoStore {
  const dataFlag = process.argv.indexOf('--data')
  if (dataFlag !== -1) return SqliteStore.open(process.argv[dataFlag + 1] as string)
  return new MemoryStore(readSeed())
}

const empty = measureMemory()
const store = await openStore()
const seeded = measureMemory()
// The durable runs grow the store past the default cap.
const app = createApp({ store, maxTodos: 10_000_000 })
const server = await listen(app, { port: 0 })
announce(server.url, empty, seeded)
process.once('SIGTERM', () => {
  void server.close()
  void store.close().then(() => process.exit(0))
})
