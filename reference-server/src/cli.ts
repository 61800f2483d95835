#!/usr/bin/env node
import type { Hono } from 'hono'
import { createApp } from './app.ts'
import { parseCommandLine, USAGE } from './cli-options.ts'
import { type FetchHandler, listen } from './http/listen.ts'
import { problem } from './http/problem.ts'
import { readSeedFile, seedStore } from './seed/seed.ts'
import { MemoryStore } from './store/memory-store.ts'
import { SqliteStore } from './store/sqlite-store.ts'

/** Ends the process with `message`; code 2 (a usage error) shows the usage too. */
function exit(message: string, code: 1 | 2): never {
  process.stderr.write(`todokit-server: ${message}\n${code === 2 ? `\n${USAGE}\n` : ''}`)
  process.exit(code)
}

const options = parseCommandLine(process.argv.slice(2))
if (typeof options === 'string') exit(options, 2)
if (options.help) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}
// Listening comes first, so a busy port leaves no data file behind; a request that comes
// before the store is open is told to retry.
let app: Hono | undefined
const starting = { status: 503, detail: 'The server is starting; try again in a moment' }
const fetch: FetchHandler = (request, env) =>
  app?.fetch(request, env) ?? problem({ ...starting, headers: { 'retry-after': '1' } })
const { host, port } = options.listen
const server = await listen({ fetch }, options.listen).catch((error: Error) =>
  exit(`cannot listen on ${host}:${port}: ${error.message}`, 1),
)
const { data, seed, maxTodos, faults } = options
const store = await (async () => {
  const opened = data === undefined ? new MemoryStore() : await SqliteStore.open(data)
  if (seed !== undefined) await seedStore(opened, await readSeedFile(seed), maxTodos)
  return opened
})().catch((error: Error) => exit(`cannot start: ${error.message}`, 1))
app = createApp({ ...options.app, store, maxTodos, faults })

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return
    stopping = true
    process.stdout.write(`${signal}: shutting down\n`)
    await server.close()
    await store.close()
    process.exit(0)
  })
}
// Announced once the signal handlers are in place: whoever reads it may stop the server at once.
process.stdout.write(`listening on ${server.url}\n`)
// A developer who left --failure-rate on must not take its 503s for bugs.
const { latencyMs = 0, failureRate = 0, seed: faultSeed = 1 } = faults
if (latencyMs > 0 || failureRate > 0) {
  process.stdout.write(
    `faults on purpose: ${latencyMs} ms latency, failure rate ${failureRate} (seed ${faultSeed})\n`,
  )
}
