import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url))

/** `todokit-server` in a process of its own, run from source. */
export interface CliServer {
  readonly child: ChildProcess
  readonly url: string
  /** Resolves with the exit code (`null` after a signal) once the process is gone. */
  readonly exited: Promise<number | null>
  /** Everything the process printed so far, stdout and stderr. */
  output(): string
  /** Sends SIGKILL, unless the process is gone already, and waits for it to be gone. */
  kill(): Promise<void>
}

/**
 * Starts the CLI with `args` (and this process's Node) and resolves once it listens; rejects
 * with its output if it exits first.
 */
export function startCli(args: readonly string[]): Promise<CliServer> {
  const child = spawn(process.execPath, ['--conditions=@todokit/source', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // 'close', not 'exit': only then has everything the child printed been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve))
  let output = ''
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  }
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk
      const url = /listening on (\S+)/.exec(output)?.[1]
      if (url) resolve({ child, url, exited, output: () => output, kill })
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    void exited.then((code) => reject(new Error(`todokit-server exited with ${code}: ${output}`)))
  })
}
