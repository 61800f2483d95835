/**
 * How long one client waits for `GET /todos/1` while others read long lists: the figure behind
 * "no client stalls another". A prober asks for one todo every few milliseconds on its own
 * connection and keeps the slowest answer; the baseline is the same prober on an idle server,
 * measured in the same run.
 */
import { writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { join } from 'node:path'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import type { Todo } from '@todokit/sdk/contract'
import { seedTodos } from './seed.ts'
import { startServer } from './spawn-server.ts'

/** One stall scenario: the slowest `GET /todos/1` while the load ran, and the idle baseline. */
export interface Stall {
  readonly name: string
  readonly idleMs: number
  readonly worstMs: number
  readonly listsRead: number
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 })

/** Reads `url` to its end; resolves with the status. */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (response) => {
      response.on('data', () => {})
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
      .on('error', reject)
      .end()
  })
}

/** The slowest of the probes sent every 5 ms until `until` settles. */
async function probe(url: string, until: Promise<unknown>): Promise<number> {
  let done = false
  void until.finally(() => {
    done = true
  })
  let worst = 0
  while (!done) {
    const started = performance.now()
    await get(`${url}/todos/1`)
    worst = Math.max(worst, performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return worst
}

async function idle(url: string): Promise<number> {
  return probe(url, new Promise((resolve) => setTimeout(resolve, 300)))
}

/**
 * `clients` clients each reading `path` again and again for `seconds`, in a worker thread of
 * their own, so reading the lists does not delay the prober's own event loop; resolves with
 * how many lists were read.
 */
function readLists(url: string, path: string, clients: number, seconds: number) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { url: `${url}${path}`, clients, seconds },
  })
  return new Promise<number>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

/** The list readers' side of {@link readLists}. */
async function readListsInWorker(): Promise<void> {
  const { url, clients, seconds } = workerData as { url: string; clients: number; seconds: number }
  const end = Date.now() + seconds * 1_000
  let read = 0
  await Promise.all(
    Array.from({ length: clients }, async () => {
      do {
        if ((await get(url)) !== 200) throw new Error(`${url} failed`)
        read++
      } while (Date.now() < end)
    }),
  )
  parentPort?.postMessage(read)
  agent.destroy()
}

if (!isMainThread) await readListsInWorker()

async function scenario(
  name: string,
  url: string,
  path: string,
  clients: number,
  seconds: number,
): Promise<Stall> {
  const idleMs = await idle(url)
  const lists = readLists(url, path, clients, seconds)
  const worstMs = await probe(url, lists)
  return { name, idleMs, worstMs, listsRead: await lists }
}

/**
 * The stall scenarios: 20,000 todos of 10,000 characters sharing a prefix, sorted by content
 * by one client at a time; and 50,000 short todos read whole by 40 clients at once.
 */
export async function measureStalls(directory: string, seconds: number): Promise<Stall[]> {
  const prefix = 'x'.repeat(9_990)
  const long: Todo[] = Array.from({ length: 20_000 }, (_, index) => ({
    id: index + 1,
    content: `${prefix}${String((index * 7919) % 20_000).padStart(10, '0')}`,
    completed: index % 2 === 0,
  }))
  const longFile = join(directory, 'stall-long.json')
  await writeFile(longFile, JSON.stringify(long))
  const manyFile = join(directory, 'stall-many.json')
  await writeFile(manyFile, JSON.stringify(seedTodos(50_000)))
  const stalls: Stall[] = []
  const longServer = await startServer('reference', [longFile])
  for (const order of ['content', '-content,completed']) {
    const name = `GET /todos/1 while 1 client lists 20,000 long todos by ${order}`
    stalls.push(await scenario(name, longServer.url, `/todos?order=${order}`, 1, seconds))
  }
  await longServer.stop()
  const manyServer = await startServer('reference', [manyFile])
  const name = 'GET /todos/1 while 40 clients list 50,000 todos'
  stalls.push(await scenario(name, manyServer.url, '/todos', 40, seconds))
  await manyServer.stop()
  agent.destroy()
  return stalls
}
