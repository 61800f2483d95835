import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { openConnection, rawRequest, statusCodes } from './raw-http.ts'

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url))

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

interface Server {
  child: ChildProcess
  url: string
  exited: Promise<number | null>
}

/** Starts the CLI from source with this test's Node and resolves once it listens. */
async function startServer(args: string[]): Promise<Server> {
  const child = spawn(process.execPath, ['--conditions=@todokit/source', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /listening on (\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
  return { child, url, exited }
}

/** One complete raw HTTP/1.1 response (these all carry a Content-Length). */
interface RawResponse {
  status: number
  head: string
  body: string
}

/** Whether the server said it closes the connection after `response`. */
const saysClose = (response: RawResponse | undefined) =>
  response !== undefined && /\r\nconnection: close/i.test(response.head)

/**
 * A keep-alive client that POSTs todos one after another on one connection, each once the
 * previous answer is in, until the server closes the connection or `budget` is spent.
 */
function postInALoop(url: string, name: string, budget: number) {
  const { hostname, port } = new URL(url)
  const socket = connect({ host: hostname, port: Number(port) })
  socket.on('error', () => {})
  const answered: RawResponse[] = []
  let sent = 0
  let buffer = ''
  const sendNext = () => {
    if (sent === budget) return socket.end()
    socket.write(rawRequest('POST', '/todos', { body: { content: `${name}-${sent++}` } }))
  }
  socket.once('connect', sendNext)
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk
    for (;;) {
      const headEnd = buffer.indexOf('\r\n\r\n')
      if (headEnd === -1) return
      const head = buffer.slice(0, headEnd)
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0)
      if (buffer.length < headEnd + 4 + length) return
      const body = buffer.slice(headEnd + 4, headEnd + 4 + length)
      buffer = buffer.slice(headEnd + 4 + length)
      answered.push({ status: Number(head.slice(9, 12)), head, body })
      if (saysClose(answered.at(-1))) return
      sendNext()
    }
  })
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  return { answered, closed, sent: () => sent }
}

/** The error of the first connection `url` refuses; accepted ones are closed and tried again. */
async function refusedConnection(url: string): Promise<string> {
  for (let attempt = 0; attempt < 1_000; attempt++) {
    const refused = await openConnection(url).then(
      (connection) => {
        connection.socket.destroy()
        return undefined
      },
      (error: Error) => error.message,
    )
    if (refused !== undefined) return refused
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return 'every connection was accepted'
}

describe('SIGTERM', () => {
  it('answers every request it applied, closes keep-alive connections, refuses new ones and exits 0', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'todokit-shutdown-'))
    cleanups.push(() => rm(directory, { recursive: true, force: true }))
    const data = join(directory, 'todos.json')
    const server = await startServer(['--port', '0', '--quiet', '--data', data])
    const clients = Array.from({ length: 6 }, (_, index) =>
      postInALoop(server.url, `client${index}`, 2_000),
    )
    const answeredSoFar = () => clients.reduce((sum, client) => sum + client.answered.length, 0)
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (answeredSoFar() < 30) return
        clearInterval(check)
        resolve()
      }, 5)
    })
    // A request the server has begun (it answered 100 Continue) whose body is still to come: a
    // connection busy when the signal arrives, whatever the timing of the clients above, which
    // may all sit between two requests at that moment.
    const busy = await openConnection(server.url)
    const busyBody = JSON.stringify({ content: 'busy-at-sigterm' })
    const busyHead = [
      'POST /todos HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(busyBody)}`,
      'Expect: 100-continue',
    ]
    busy.socket.write(`${busyHead.join('\r\n')}\r\n\r\n`)
    await busy.receivedAtLeast('HTTP/1.1 100 Continue\r\n\r\n'.length)
    server.child.kill('SIGTERM')
    // The server refuses new connections once it is closing; only then does the body go.
    expect(await refusedConnection(server.url)).toMatch(/ECONNREFUSED/)
    busy.socket.write(busyBody)
    const busyAnswer = await busy.closed
    expect(statusCodes(busyAnswer)).toEqual([100, 201])
    expect(busyAnswer).toMatch(/\r\nconnection: close\r\n/i)
    await Promise.all(clients.map((client) => client.closed))
    // A connection busy with a request when the signal came was closed after its answer, which
    // said so; an idle one was closed at once (what it had not yet sent was never applied).
    expect(clients.every((client) => client.answered.filter(saysClose).length <= 1)).toBe(true)
    expect(await server.exited).toBe(0)
    for (const client of clients) {
      expect(client.sent()).toBeLessThan(2_000)
      expect(client.answered.every((response) => response.status === 201)).toBe(true)
    }

    // What the data file holds is exactly what was acknowledged: nothing applied unanswered.
    const acknowledged = [
      'busy-at-sigterm',
      ...clients.flatMap((client) =>
        client.answered.map(
          (response) => (JSON.parse(response.body) as { content: string }).content,
        ),
      ),
    ]
    const restarted = await startServer(['--port', '0', '--quiet', '--data', data])
    const stored = (await (await fetch(`${restarted.url}/todos`)).json()) as { content: string }[]
    expect(stored.map((todo) => todo.content).sort()).toEqual(acknowledged.sort())
    restarted.child.kill('SIGTERM')
    expect(await restarted.exited).toBe(0)
  }, 30_000)
})
