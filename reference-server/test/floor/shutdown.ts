/**
 * SIGTERM under write load: `todokit-server --data` must answer every request it applied,
 * close its keep-alive connections, refuse new ones and exit 0, and its data file must then
 * hold exactly what was acknowledged. Run by the tests and by `npm run bench`.
 */
import { connect } from 'node:net'
import { openConnection, rawRequest, statusCodes } from '../raw-http.ts'
import { startCli } from './cli-server.ts'

/** One complete raw HTTP/1.1 response (these all carry a Content-Length). */
interface RawResponse {
  readonly status: number
  readonly head: string
  readonly body: string
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

/**
 * A refused connection fails before it is open: ECONNREFUSED once the listening socket is
 * closed, or ECONNRESET when the kernel had completed the handshake on it and reset it as the
 * server closed that socket, without the server ever taking the connection. Both mean that no
 * new client got in.
 */
export const REFUSED = /^connect (ECONNREFUSED|ECONNRESET) /

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

/** What SIGTERM under load did, as seen from outside. */
export interface DrainResult {
  /** The error a new connection got after the signal ({@link REFUSED} when it was refused). */
  readonly newConnection: string
  /** The statuses on the connection whose request was half sent when the signal came. */
  readonly busyStatuses: readonly number[]
  /** Whether that connection's answer said it closes the connection. */
  readonly busySaysClose: boolean
  readonly exitCode: number | null
  /** Each keep-alive client: its statuses and how many answers said the connection closes. */
  readonly clients: ReadonlyArray<{ statuses: number[]; closes: number; sent: number }>
  /** The contents acknowledged with 201, and those the data file holds after a restart. */
  readonly acknowledged: readonly string[]
  readonly stored: readonly string[]
}

/** How many POSTs each keep-alive client may send: more than it can before the signal. */
export const CLIENT_BUDGET = 2_000

/** Sends SIGTERM to a server under POST load from six keep-alive clients, and one half-sent POST. */
export async function terminateUnderLoad(data: string): Promise<DrainResult> {
  const server = await startCli(['--port', '0', '--quiet', '--data', data])
  try {
    const clients = Array.from({ length: 6 }, (_, index) =>
      postInALoop(server.url, `client${index}`, CLIENT_BUDGET),
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
    const newConnection = await refusedConnection(server.url)
    busy.socket.write(busyBody)
    const busyAnswer = await busy.closed
    await Promise.all(clients.map((client) => client.closed))
    const exitCode = await server.exited
    const acknowledged = [
      ...(statusCodes(busyAnswer).includes(201) ? ['busy-at-sigterm'] : []),
      ...clients.flatMap((client) =>
        client.answered
          .filter((response) => response.status === 201)
          .map((response) => (JSON.parse(response.body) as { content: string }).content),
      ),
    ]
    return {
      newConnection,
      busyStatuses: statusCodes(busyAnswer),
      busySaysClose: /\r\nconnection: close\r\n/i.test(busyAnswer),
      exitCode,
      clients: clients.map((client) => ({
        statuses: client.answered.map((response) => response.status),
        closes: client.answered.filter(saysClose).length,
        sent: client.sent(),
      })),
      acknowledged: acknowledged.sort(),
      stored: (await storedContents(data)).sort(),
    }
  } finally {
    await server.kill()
  }
}

async function storedContents(data: string): Promise<string[]> {
  const restarted = await startCli(['--port', '0', '--quiet', '--data', data])
  try {
    const stored = (await (await fetch(`${restarted.url}/todos`)).json()) as { content: string }[]
    return stored.map((todo) => todo.content)
  } finally {
    await restarted.kill()
  }
}

/** Where a {@link DrainResult} falls short of a clean drain; empty when it is one. */
export function drainFailures(result: DrainResult): string[] {
  const failures: string[] = []
  if (!REFUSED.test(result.newConnection)) {
    failures.push(`a new connection after SIGTERM: ${result.newConnection}`)
  }
  if (result.busyStatuses.join() !== '100,201' || !result.busySaysClose) {
    failures.push(`the half-sent POST got ${result.busyStatuses.join(', ')}`)
  }
  if (result.exitCode !== 0) failures.push(`exit code ${result.exitCode}`)
  for (const [index, client] of result.clients.entries()) {
    if (client.statuses.some((status) => status !== 201) || client.closes > 1) {
      failures.push(`client ${index} got ${client.statuses.filter((s) => s !== 201).join(', ')}`)
    }
    if (client.sent >= CLIENT_BUDGET) failures.push(`client ${index} was never closed`)
  }
  if (result.acknowledged.join('\n') !== result.stored.join('\n')) {
    failures.push(
      `${result.acknowledged.length} acknowledged, ${result.stored.length} stored: not the same todos`,
    )
  }
  return failures
}
