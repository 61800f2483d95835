import { execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rename } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import type { Stack } from './catalogue.ts'

/** How to start a foreign server. */
export interface ForeignServerOptions {
  stack: Stack
  /** Defects to switch on (names from `catalogue.ts`). @default [] */
  defects?: string[]
  /** A correct variant to switch on (a name from `catalogue.ts`). */
  variant?: string
  /** Serve `GET /__count` with `{"count": N}`, the number of records held. @default false */
  debugCount?: boolean
}

/** A foreign server listening on 127.0.0.1. */
export interface ForeignServer {
  baseUrl: string
  /** Stops the server and waits until its process has exited. */
  close(): Promise<void>
}

const here = import.meta.dirname
let goBinary: Promise<string> | undefined

/**
 * The Go server, built once per version of its source: the binary is cached in the temp
 * directory under the source's hash, so test files and runs share it.
 */
function buildGo(): Promise<string> {
  goBinary ??= (async () => {
    const source = join(here, 'todo_server.go')
    const hash = createHash('sha256')
      .update(await readFile(source))
      .digest('hex')
      .slice(0, 16)
    const binary = join(tmpdir(), `todokit-foreign-go-${hash}`)
    if (!existsSync(binary)) {
      // Built apart and renamed, so parallel test files never run a half-written binary.
      const partial = join(await mkdtemp(join(tmpdir(), 'todokit-foreign-go-')), 'todo_server')
      await promisify(execFile)('go', ['build', '-o', partial, source])
      await rename(partial, binary)
    }
    return binary
  })()
  return goBinary
}

/** The command line that runs a stack's server with `args` (building the Go server first). */
export async function foreignServerCommand(
  stack: Stack,
  args: string[],
): Promise<[command: string, args: string[]]> {
  return stack === 'python'
    ? ['python3', [join(here, 'todo_server.py'), ...args]]
    : [await buildGo(), args]
}

/**
 * Starts a foreign implementation of the contract on a free port of 127.0.0.1 and resolves once
 * it has said where it listens.
 *
 * @example
 * const server = await startForeignServer({ stack: 'go', defects: ['stale-get-after-put'] })
 * try { await fetch(`${server.baseUrl}/todos`) } finally { await server.close() }
 */
export async function startForeignServer(options: ForeignServerOptions): Promise<ForeignServer> {
  const args = ['--port', '0']
  for (const defect of options.defects ?? []) args.push('--defect', defect)
  if (options.variant) args.push('--variant', options.variant)
  if (options.debugCount) args.push('--debug-count')
  const [command, commandArgs] = await foreignServerCommand(options.stack, args)
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const lines = createInterface({ input: child.stdout })
  const firstLine = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('error', reject)
    void exited.then(() =>
      reject(new Error(`the ${options.stack} server exited before listening: ${stderr.trim()}`)),
    )
  })
  lines.close()
  const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(firstLine)
  if (!match) {
    child.kill()
    throw new Error(`the ${options.stack} server said ${JSON.stringify(firstLine)} at start`)
  }
  return {
    baseUrl: match[1]!,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill()
      await exited
    },
  }
}
