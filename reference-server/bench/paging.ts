/**
 * `npm run bench:paging`: what paging costs. Walks 100,000 todos in pages of 1,000 (following
 * `Link: rel="next"`) and fetches the same todos as one full list, each in a server process of
 * its own, so each one's peak RSS belongs to that way of reading alone. Both servers run at once
 * and are measured alternately, ROUNDS times, the fastest run kept (background load on a shared
 * machine only ever slows a run down). One request at a time: this measures the cost of one
 * client reading everything, not throughput under load. Prints a table; writes nothing.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { nextLinkTarget } from '@todokit/sdk/contract'
import { seedTodos } from './seed.ts'
import { type ServerProcess, startServer } from './spawn-server.ts'
import { writeSqliteSeed } from './sqlite-store.ts'

const TODOS = 100_000
const PAGE = 1_000
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const QUERIES = ['', 'order=-content']

/** Reads every todo of `path`, following next links; returns the todos and requests counted. */
async function readAll(base: string, path: string): Promise<{ todos: number; requests: number }> {
  let next: string | undefined = base + path
  let todos = 0
  let requests = 0
  while (next !== undefined) {
    const response = await fetch(next)
    if (response.status !== 200) throw new Error(`${response.status} from ${next}`)
    todos += ((await response.json()) as unknown[]).length
    requests++
    // The target may be relative (the reference server's is): it is resolved against the page.
    const target = nextLinkTarget(response.headers.get('link'))
    next = target === undefined ? undefined : new URL(target, next).href
  }
  return { todos, requests }
}

/** The server's peak resident memory (VmHWM) in MiB, where /proc tells it. */
async function peakRssMiB(server: ServerProcess): Promise<string> {
  try {
    const status = await readFile(`/proc/${server.pid}/status`, 'utf8')
    const kib = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1])
    return (kib / 1024).toFixed(0)
  } catch {
    return 'n/a'
  }
}

async function main(): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), 'todokit-bench-paging-'))
  const seed = join(directory, 'seed.json')
  await writeFile(seed, JSON.stringify(seedTodos(TODOS)))
  const sqlite = await writeSqliteSeed(directory, 'paging', TODOS)
  console.log(
    `paging ${TODOS} todos, limit=${PAGE}, ${ROUNDS} rounds; load ${loadavg()[0]?.toFixed(2)}`,
  )
  console.log(
    'store   query           full list ms  paged walk ms  pages/full  peak RSS MiB full/paged (seeded)',
  )
  try {
    for (const [store, args] of [
      ['memory', [seed]],
      ['sqlite', ['--data', sqlite]],
    ] as const) {
      for (const query of QUERIES) {
        const full = await startServer('reference', [...args])
        const paged = await startServer('reference', [...args])
        const separator = query === '' ? '' : '&'
        const best = { full: Number.POSITIVE_INFINITY, paged: Number.POSITIVE_INFINITY }
        for (let round = 0; round < ROUNDS; round++) {
          for (const [mode, server, path] of [
            ['full', full, `/todos${query === '' ? '' : `?${query}`}`],
            ['paged', paged, `/todos?${query}${separator}limit=${PAGE}`],
          ] as const) {
            const start = performance.now()
            const { todos, requests } = await readAll(server.url, path)
            const elapsed = performance.now() - start
            if (todos !== TODOS) throw new Error(`${mode} read ${todos} todos, not ${TODOS}`)
            if (mode === 'paged' && requests !== TODOS / PAGE) throw new Error(`${requests} pages`)
            best[mode] = Math.min(best[mode], elapsed)
          }
        }
        const seeded = (paged.seeded.rss / 2 ** 20).toFixed(0)
        console.log(
          [
            store.padEnd(7),
            (query || '(id order)').padEnd(15),
            best.full.toFixed(0).padStart(12),
            best.paged.toFixed(0).padStart(14),
            `${(best.paged / best.full).toFixed(2)}×`.padStart(11),
            `  ${await peakRssMiB(full)} / ${await peakRssMiB(paged)} (${seeded})`,
          ].join(' '),
        )
        await Promise.all([full.stop(), paged.stop()])
      }
    }
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}

await main()
