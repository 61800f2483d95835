#!/usr/bin/env node
import { parseArgs } from 'node:util'
import type { Hono } from 'hono'
import { createApp } from './app.ts'
import { FAULT_FLAGS, FAULT_USAGE, faultsFromFlags } from './faults/fault-flags.ts'
import { type FetchHandler, listen } from './http/listen.ts'
import { LIMIT_FLAGS, LIMIT_USAGE, limitsFromFlags } from './http/listen-flags.ts'
import { problem } from './http/problem.ts'
import { readSeedFile, seedStore } from './seed/seed.ts'
import { MemoryStore } from './store/memory-store.ts'
import { SqliteStore } from './store/sqlite-store.ts'
import { DEFAULT_MAX_TODOS, type TodoStore } from './store/store.ts'

const USAGE = `Usage: todokit-server [options]

Serves the todos REST API (contract-faithful reference server).

Options:
  --port N        port to listen on; 0 picks a free one  (default 3000)
  --host HOST     interface to bind                      (default 127.0.0.1)
  --data FILE     keep todos in the SQLite file FILE (durable); without it, in memory
  --seed FILE     load todos from a JSON file when the store is empty
  --max-todos N   refuse creates past N stored todos     (default ${DEFAULT_MAX_TODOS})
  --cors ORIGIN   allow browser calls from ORIGIN (repeatable; * for any)
  --public-url URL  where clients reach the API, as /openapi.json names it (default /)
  --quiet         no per-request log lines
  --help          show this help

Limits (Node's HTTP server settings; times in milliseconds):
${LIMIT_USAGE}

Faults, for testing clients (none touches the stored todos):
${FAULT_USAGE}

API at /todos, OpenAPI at /openapi.json, API reference at /docs.`

/** The answer to a request that arrives while the store is still opening. */
function starting(): Response {
  const detail = 'The server is starting; try again in a moment'
  return problem(503, detail, { headers: { 'retry-after': '1' } })
}

/** Exit code for a command-line mistake (as most Unix tools use). */
const USAGE_ERROR = 2

function usageError(message: string): never {
  process.stderr.write(`todokit-server: ${message}\n\n${USAGE}\n`)
  process.exit(USAGE_ERROR)
}

function parseCommandLine(args: string[]) {
  try {
    return parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string', default: '3000' },
        host: { type: 'string', default: '127.0.0.1' },
        data: { type: 'string' },
        seed: { type: 'string' },
        'max-todos': { type: 'string', default: String(DEFAULT_MAX_TODOS) },
        cors: { type: 'string', multiple: true },
        'public-url': { type: 'string' },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        ...LIMIT_FLAGS,
        ...FAULT_FLAGS,
      },
    }).values
  } catch (error) {
    return usageError((error as Error).message)
  }
}

/** The store, seeded; a file it cannot open or a seed it cannot load ends the process. */
async function openStore(
  data: string | undefined,
  seed: string | undefined,
  maxTodos: number,
): Promise<TodoStore> {
  try {
    const store = data === undefined ? new MemoryStore() : await SqliteStore.open(data)
    if (seed !== undefined) await seedStore(store, await readSeedFile(seed), maxTodos)
    return store
  } catch (error) {
    process.stderr.write(`todokit-server: cannot start: ${(error as Error).message}\n`)
    process.exit(1)
  }
}

async function main(): Promise<void> {
  const options = parseCommandLine(process.argv.slice(2))
  if (options.help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const port = Number(options.port)
  if (!/^\d+$/.test(options.port) || port > 65_535) {
    usageError(`--port must be an integer from 0 to 65535, got "${options.port}"`)
  }
  const limits = limitsFromFlags(options)
  if (typeof limits === 'string') usageError(limits)
  const faults = faultsFromFlags(options)
  if (typeof faults === 'string') usageError(faults)
  const maxTodos = Number(options['max-todos'])
  if (!/^\d+$/.test(options['max-todos'])) {
    usageError(`--max-todos must be a whole number, got "${options['max-todos']}"`)
  }
  const publicUrl = options['public-url']
  if (publicUrl !== undefined && !URL.canParse(publicUrl)) {
    usageError(`--public-url must be an absolute URL, got "${publicUrl}"`)
  }
  const log = options.quiet ? undefined : (line: string) => process.stdout.write(`${line}\n`)
  // Listening comes first, so a busy port leaves no data file behind; the app is in place
  // before the address is announced, and a request that comes sooner is told to retry.
  let app: Hono | undefined
  const fetch: FetchHandler = (request, env) => app?.fetch(request, env) ?? starting()
  const server = await listen({ fetch }, { port, host: options.host, log, ...limits }).catch(
    (error: Error) => {
      process.stderr.write(
        `todokit-server: cannot listen on ${options.host}:${port}: ${error.message}\n`,
      )
      process.exit(1)
    },
  )
  const store = await openStore(options.data, options.seed, maxTodos)
  app = createApp({ store, maxTodos, faults, publicUrl, cors: options.cors })
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    process.stdout.write(`${signal}: shutting down\n`)
    await server.close()
    await store.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
  // Announced only once the signal handlers are in place: whoever reads this line may stop the
  // server at once, and must get a clean shutdown rather than the default signal death.
  process.stdout.write(`listening on ${server.url}\n`)
  // Said once, at start: a developer who left --failure-rate on must not take its 503s for bugs.
  const { latencyMs = 0, failureRate = 0, seed = 1 } = faults
  if (latencyMs > 0 || failureRate > 0) {
    process.stdout.write(
      `faults on purpose: ${latencyMs} ms latency, failure rate ${failureRate} (seed ${seed})\n`,
    )
  }
}

await main()
