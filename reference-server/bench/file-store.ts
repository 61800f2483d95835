import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { FileStore } from '../src/store/file-store.ts'
import { encodeSnapshot } from '../src/store/snapshot-format.ts'
import { countingFs } from '../test/counting-fs.ts'
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

/** Durable creates made straight on a FileStore, without HTTP. */
export interface StoreWrites {
  readonly todos: number
  readonly writers: number
  readonly createsPerSecond: number
  readonly fsyncsPerSecond: number
  /** Creates per fsync: what group commit achieved. */
  readonly writesPerFsync: number
}

async function writeSeed(directory: string, name: string, count: number): Promise<string> {
  const path = join(directory, `${name}-${count}.json`)
  await fsp.writeFile(path, encodeSnapshot({ seq: 0, nextId: count + 1, todos: seedTodos(count) }))
  return path
}

/**
 * Times the two costs of a store's size that durable writes do not show: start-up, and the
 * compaction that runs once the journal is as large as the snapshot.
 */
export async function timeCompaction(directory: string, count: number): Promise<CompactionTiming> {
  const path = await writeSeed(directory, 'compaction', count)
  let started = performance.now()
  const store = await FileStore.open(path)
  const openMs = performance.now() - started
  await store.create({ content: 'one change, so that close() writes a snapshot', completed: false })
  started = performance.now()
  await store.close()
  const snapshotMs = performance.now() - started
  return {
    todos: count,
    snapshotBytes: (await fsp.stat(path)).size,
    openMs: Math.round(openMs),
    snapshotMs: Math.round(snapshotMs),
  }
}

/**
 * `writers` loops creating todos as fast as each create resolves (that is, is fsynced), for
 * `seconds`, on a store of `count` todos: the store's own durable write rate, with the HTTP
 * layer out of the picture, and how many writes each fsync carried.
 */
export async function measureStoreWrites(
  directory: string,
  count: number,
  writers: number,
  seconds: number,
): Promise<StoreWrites> {
  const { fs, counts } = countingFs()
  const store = await FileStore.open(await writeSeed(directory, 'writes', count), { fs })
  let creates = 0
  const end = performance.now() + seconds * 1000
  const writer = async () => {
    while (performance.now() < end) {
      await store.create({ content: 'benchmark todo', completed: false })
      creates++
    }
  }
  await Promise.all(Array.from({ length: writers }, writer))
  await store.close()
  return {
    todos: count,
    writers,
    createsPerSecond: Math.round(creates / seconds),
    fsyncsPerSecond: Math.round(counts.datasync / seconds),
    writesPerFsync: Math.round((creates / counts.datasync) * 10) / 10,
  }
}
