import { connect, type Socket } from 'node:net'

/** A raw TCP connection to an HTTP server, with everything it has received so far. */
export interface RawConnection {
  readonly socket: Socket
  /** Everything received so far, as text. */
  received(): string
  /** Resolves once the server has sent at least `bytes` bytes, or the connection closed. */
  receivedAtLeast(bytes: number): Promise<string>
  /** Resolves with everything received once the connection is closed (by either side). */
  readonly closed: Promise<string>
}

/** Opens a TCP connection to the host and port of `url` (e.g. a `RunningServer.url`). */
export function openConnection(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) })
    let text = ''
    const waiters = new Set<() => void>()
    socket.setEncoding('latin1').on('data', (chunk: string) => {
      text += chunk
      for (const waiter of waiters) waiter()
    })
    // A reset from the server is one way of closing; the tests look at what arrived before it.
    socket.on('error', () => {})
    const closed = new Promise<string>((done) => socket.once('close', () => done(text)))
    void closed.then(() => {
      for (const waiter of waiters) waiter()
    })
    socket.once('connect', () => {
      socket.off('error', reject)
      resolve({
        socket,
        received: () => text,
        receivedAtLeast: (bytes) =>
          new Promise((done) => {
            const check = () => {
              if (text.length < bytes && !socket.destroyed) return
              waiters.delete(check)
              done(text)
            }
            waiters.add(check)
            check()
          }),
        closed,
      })
    })
    socket.once('error', reject)
  })
}

/**
 * The status codes of every response in `text` (raw HTTP/1.1, possibly several pipelined; a
 * status line follows the previous body directly, so it is not always at the start of a line).
 */
export function statusCodes(text: string): number[] {
  return [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]))
}

/** A raw HTTP/1.1 request with a JSON body (or none), headers as given, CRLF line ends. */
export function rawRequest(
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): string {
  const text = body === undefined ? '' : JSON.stringify(body)
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1']
  if (body !== undefined) {
    lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(text)}`)
  }
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  return `${lines.join('\r\n')}\r\n\r\n${text}`
}
