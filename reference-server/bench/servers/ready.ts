import { readFileSync } from 'node:fs'
import type { Todo } from '@todokit/sdk/contract'

/** Heap and resident memory after a full garbage collection (needs `--expose-gc`). */
export interface Memory {
  readonly rss: number
  readonly heapUsed: number
}

export function measureMemory(): Memory {
  for (let round = 0; round < 3; round++) globalThis.gc?.()
  const { rss, heapUsed } = process.memoryUsage()
  return { rss, heapUsed }
}

/** The todos a benchmark server starts with: the JSON array in the file named by argv[2]. */
export function readSeed(): Todo[] {
  const file = process.argv[2]
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as Todo[]) : []
}

/** Tells the benchmark where the server listens and how much memory its todos take. */
export function announce(url: string, empty: Memory, seeded: Memory): void {
  process.stdout.write(`${JSON.stringify({ url, empty, seeded })}\n`)
}
