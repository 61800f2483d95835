import { join } from 'node:path'
import { SqliteStore } from '../src/store/sqlite-store.ts'
import { seedTodos } from './seed.ts'

/** Durable creates made straight on an SqliteStore, without HTTP. */
export interface StoreWrites {
  readonly todos: number
  readonly writers: number
  readonly createsPerSecond: number
  readonly commitsPerSecond: number
  /** Creates per commit (and so per fsync): what batching writes of one turn achieved. */
  readonly writesPerCommit: number
}

/** An SQLite file at `directory/name-count.db` holding the benchmark's `count` seed todos. */
export async function writeSqliteSeed(
  directory: string,
  name: string,
  count: number,
): Promise<string> {
  const path = join(directory, `${name}-${count}.db`)
  const store = await SqliteStore.open(path)
  await store.write((table) => {
    for (const todo of seedTodos(count)) table.put(todo)
  })
  await store.close()
  return path
}

/** The number of transactions the store has committed (the first part of its revision). */
const commits = (store: SqliteStore) => Number(store.revision.split('.')[0])

/**
 * `writers` loops creating todos as fast as each create resolves (that is, is committed), for
 * `seconds`, on a store of `count` todos: the store's own durable write rate, with the HTTP
 * layer out of the picture, and how many writes each commit carried.
 */
export async function measureStoreWrites(
  directory: string,
  count: number,
  writers: number,
  seconds: number,
): Promise<StoreWrites> {
  const store = await SqliteStore.open(await writeSqliteSeed(directory, `writes-${writers}`, count))
  let creates = 0
  const end = performance.now() + seconds * 1000
  const writer = async () => {
    while (performance.now() < end) {
      await store.write((table) =>
        table.put({ id: table.nextId(), content: 'benchmark todo', completed: false }),
      )
      creates++
    }
  }
  await Promise.all(Array.from({ length: writers }, writer))
  const committed = commits(store)
  await store.close()
  return {
    todos: count,
    writers,
    createsPerSecond: Math.round(creates / seconds),
    commitsPerSecond: Math.round(committed / seconds),
    writesPerCommit: Math.round((creates / committed) * 10) / 10,
  }
}
