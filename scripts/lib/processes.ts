import { type ChildProcess, spawn } from 'node:child_process'

/** A server running as a child process. */
export interface ServerProcess {
  /** Base URL the server announced, e.g. `http://127.0.0.1:40123`. */
  url: string
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>
}

/** A finished child process. */
export interface Completed {
  code: number | null
  stdout: string
  stderr: string
}

const LISTENING = /listening on (http:\/\/\S+)/

/**
 * Starts a server child and resolves once it prints `listening on URL` (the line every todokit
 * server prints), so callers never guess a port or sleep.
 */
export function startServerProcess(
  command: string,
  args: string[],
  options: { cwd?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<ServerProcess> {
  // Its own process group, so stopping it also stops what a wrapper such as npx started.
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signalGroup(child, 'SIGKILL')
      reject(new Error(`${command} ${args.join(' ')} did not start:\n${output}`))
    }, options.timeoutMs ?? 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = LISTENING.exec(output)
      if (!match?.[1]) return
      clearTimeout(timer)
      resolve({ url: match[1], stop: () => stopChild(child) })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(
        new Error(`${command} ${args.join(' ')} exited with ${code} before listening:\n${output}`),
      )
    })
  })
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // The group is already gone.
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    signalGroup(child, 'SIGTERM')
  })
}

/** Runs a command to completion, killing it after `timeoutMs`; never rejects on a non-zero exit. */
export function runToCompletion(
  command: string,
  args: string[],
  options: { cwd?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<Completed> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${options.timeoutMs ?? 60_000} ms)`
      child.kill('SIGKILL')
    }, options.timeoutMs ?? 60_000)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}
