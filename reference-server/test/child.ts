import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The repository's pinned Node (it runs TypeScript sources directly), else this process's. */
const repositoryNode = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url))
const node = existsSync(repositoryNode) ? repositoryNode : process.execPath

const running = new Set<ChildProcess>()

/** Kills every child still running, e.g. after a failed assertion (call it in `afterEach`). */
export async function killChildren(): Promise<void> {
  await Promise.all(
    [...running].map((child) => {
      const exited = new Promise((resolve) => child.once('close', resolve))
      child.kill('SIGKILL')
      return exited
    }),
  )
}

/** A child Node process running a TypeScript file from source, with its stdout as lines. */
export interface Child {
  /** Complete lines printed so far (an incomplete last line is not among them). */
  readonly lines: string[]
  /** Resolves once a printed line satisfies `predicate` (with that line). */
  waitForLine(predicate: (line: string, count: number) => boolean): Promise<string>
  /** Sends SIGKILL and resolves once the process is gone and all its output is read. */
  kill(): Promise<void>
}

export function startChild(script: string, args: string[]): Child {
  const process: ChildProcess = spawn(node, ['--conditions=@todokit/source', script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  let partial = ''
  let stderr = ''
  const waiters = new Set<() => void>()
  running.add(process)
  // 'close', not 'exit': only then has every line the child printed been read from the pipe.
  // A kill test that stopped reading at 'exit' missed the child's last lines, and so took
  // a todo whose delete it had not yet read for a lost write.
  const exited = new Promise<void>((resolve) =>
    process.once('close', () => {
      running.delete(process)
      resolve()
    }),
  )
  process.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n')
    partial = parts.pop() ?? ''
    lines.push(...parts)
    for (const waiter of waiters) waiter()
  })
  process.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  return {
    lines,
    waitForLine(predicate) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = lines.find((candidate, index) => predicate(candidate, index + 1))
          if (line !== undefined) {
            waiters.delete(check)
            resolve(line)
          }
        }
        waiters.add(check)
        check()
        void exited.then(() => {
          check()
          if (waiters.delete(check)) reject(new Error(`${script} exited early: ${stderr}`))
        })
      })
    },
    async kill() {
      process.kill('SIGKILL')
      await exited
    },
  }
}
