import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** Heap and resident memory a server reported, in bytes. */
export interface Memory {
  readonly rss: number
  readonly heapUsed: number
}

/** A benchmark server in its own process. */
export interface ServerProcess {
  readonly url: string
  /** The server's process id, e.g. to read its peak memory from /proc. */
  readonly pid: number | undefined
  /** Memory after a full GC before the todos were loaded, and after. */
  readonly empty: Memory
  readonly seeded: Memory
  stop(): Promise<void>
}

const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * Starts `bench/servers/<name>.ts` in its own Node process (so the server and the load
 * generator each get a core) and resolves once it listens.
 */
export function startServer(name: string, args: string[]): Promise<ServerProcess> {
  const script = fileURLToPath(new URL(`./servers/${name}.ts`, import.meta.url))
  const child = spawn(
    process.execPath,
    ['--conditions=@todokit/source', '--expose-gc', script, ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  running.add(child)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      const end = output.indexOf('\n')
      if (end === -1) return
      const ready = JSON.parse(output.slice(0, end)) as Omit<ServerProcess, 'stop' | 'pid'>
      resolve({
        ...ready,
        pid: child.pid,
        async stop() {
          child.kill('SIGKILL')
          await exited
          running.delete(child)
        },
      })
    })
    void exited.then(() => reject(new Error(`${name} server exited before listening`)))
  })
}
