import { stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FileStore } from '../src/store/file-store.ts'
import { encodeSnapshot } from '../src/store/snapshot-format.ts'
import { seedTodos } from './seed.ts'

/** How long a FileStore of `count` todos takes to open and to write its snapshot. */
export interface CompactionTiming {
  readonly todos: number
  readonly snapshotBytes: number
  /** Reading and validating the snapshot (start-up). */
  readonly openMs: number
  /** Writing a new snapshot (a compaction), here the one `close()` writes. */
  readonly snapshotMs: number
}

/**
 * Times the two costs of a store's size that durable writes do not show: start-up, and the
 * compaction that runs once the journal is as large as the snapshot.
 */
export async function timeCompaction(directory: string, count: number): Promise<CompactionTiming> {
  const path = join(directory, `compaction-${count}.json`)
  await writeFile(path, encodeSnapshot({ seq: 0, nextId: count + 1, todos: seedTodos(count) }))
  let started = performance.now()
  const store = await FileStore.open(path)
  const openMs = performance.now() - started
  await store.create({ content: 'one change, so that close() writes a snapshot', completed: false })
  started = performance.now()
  await store.close()
  const snapshotMs = performance.now() - started
  return {
    todos: count,
    snapshotBytes: (await stat(path)).size,
    openMs: Math.round(openMs),
    snapshotMs: Math.round(snapshotMs),
  }
}
