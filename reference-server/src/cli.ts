#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { createApp } from './app.ts'
import { listen } from './listen.ts'
import { LIMIT_FLAGS, LIMIT_USAGE, limitsFromFlags } from './listen-flags.ts'
import { seedStore } from './seed.ts'
import { FileStore } from './store/file-store.ts'
import { MemoryStore } from './store/memory-store.ts'
import type { TodoStore } from './store/store.ts'

const USAGE = `Usage: todokit-server [options]

Serves the todos REST API (contract-faithful reference server).

Options:
  --port N        port to listen on; 0 picks a free one  (default 3000)
  --host HOST     interface to bind                      (default 127.0.0.1)
  --data FILE     keep todos in FILE (durable); without it, in memory
  --seed          add a few sample todos when the store is empty
  --cors ORIGIN   allow browser calls from ORIGIN (repeatable; * for any)
  --quiet         no per-request log lines
  --help          show this help

Limits (Node's HTTP server settings; times in milliseconds):
${LIMIT_USAGE}

API at /todos, OpenAPI at /openapi.json, interactive reference at /docs.`

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
        seed: { type: 'boolean', default: false },
        cors: { type: 'string', multiple: true },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        ...LIMIT_FLAGS,
      },
    }).values
  } catch (error) {
    return usageError((error as Error).message)
  }
}

async function openStore(data: string | undefined): Promise<TodoStore> {
  if (data === undefined) return new MemoryStore()
  try {
    return await FileStore.open(data)
  } catch (error) {
    process.stderr.write(`todokit-server: cannot open ${data}: ${(error as Error).message}\n`)
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
  const store = await openStore(options.data)
  if (options.seed) await seedStore(store)
  const app = createApp({ store, ...(options.cors && { cors: options.cors }) })
  const log = options.quiet ? undefined : (line: string) => process.stdout.write(`${line}\n`)
  const listenOptions = { port, host: options.host, log, ...limits }
  const server = await listen(app, listenOptions).catch((error: Error) => {
    process.stderr.write(
      `todokit-server: cannot listen on ${options.host}:${port}: ${error.message}\n`,
    )
    process.exit(1)
  })
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
}

await main()
