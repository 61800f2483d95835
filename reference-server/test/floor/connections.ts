/**
 * What one connection may do to the server, checked from outside: a body that trickles in is
 * cut with 408, connections that never send a request are few and reclaimed, and requests
 * pipelined on one connection take effect in the order they were sent. Run by the tests and by
 * `npm run bench`, against a server started with {@link SHORT_LIMITS}.
 */
import { openConnection, type RawConnection, rawRequest, statusCodes } from '../raw-http.ts'

/** Limits short enough to see them act within a second or two. */
export const SHORT_LIMITS = {
  maxConnections: 20,
  headersTimeout: 500,
  requestTimeout: 1_000,
} as const

/** {@link SHORT_LIMITS} as `todokit-server` flags. */
export const SHORT_LIMIT_FLAGS = [
  '--max-connections',
  String(SHORT_LIMITS.maxConnections),
  '--headers-timeout',
  String(SHORT_LIMITS.headersTimeout),
  '--request-timeout',
  String(SHORT_LIMITS.requestTimeout),
]

/** Whether a todo whose content is `content` is stored. */
async function isStored(url: string, content: string): Promise<boolean> {
  const response = await fetch(`${url}/todos?q=${encodeURIComponent(content)}`)
  return ((await response.json()) as unknown[]).length > 0
}

/**
 * A POST whose body comes one byte every 20 ms, far slower than the request timeout allows:
 * the statuses it got, how much of the body went before the server cut it, and whether the
 * todo was stored.
 */
export async function trickleBody(url: string) {
  const content = `trickled-${Date.now()}`
  const body = JSON.stringify({ content: `${content}${' '.repeat(500)}` })
  const connection = await openConnection(url)
  connection.socket.write(
    `POST /todos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  )
  let sent = 0
  const trickle = setInterval(() => {
    if (connection.socket.destroyed || sent === body.length) return clearInterval(trickle)
    connection.socket.write(body[sent++] ?? '')
  }, 20)
  try {
    const statuses = statusCodes(await connection.closed)
    return {
      statuses,
      bytesSent: sent,
      bodyBytes: body.length,
      stored: await isStored(url, content),
    }
  } finally {
    clearInterval(trickle)
  }
}

/**
 * Twice as many connections as the cap, none of which sends a request: how many the server
 * still held once the ones past the cap were turned away, whether it closed every one itself,
 * and whether a new client was then served.
 */
export async function idleConnections(url: string, maxConnections: number, headersTimeout: number) {
  const opened: RawConnection[] = []
  for (let index = 0; index < 2 * maxConnections; index++) opened.push(await openConnection(url))
  let closedCount = 0
  const allClosed = Promise.all(
    opened.map((connection) =>
      connection.closed.then(() => {
        closedCount++
      }),
    ),
  )
  // The connections past the cap are closed at once; give that a fraction of the timeout.
  const until = Date.now() + headersTimeout * 0.8
  while (closedCount < maxConnections && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const held = opened.length - closedCount
  const deadline = new Promise<false>((resolve) =>
    setTimeout(() => resolve(false), headersTimeout * 4 + 2_000).unref(),
  )
  const reclaimed = await Promise.race([allClosed.then(() => true), deadline])
  for (const connection of opened) connection.socket.destroy()
  const served = (await fetch(`${url}/todos?limit=1`)).status
  return { opened: opened.length, held, reclaimed, served }
}

/**
 * POST, GET, PATCH, DELETE and GET of one new todo, pipelined in one write on one connection:
 * the statuses, in order ([201, 200, 200, 200, 404] when each took effect in turn), and
 * whether the todo is gone afterwards.
 */
export async function pipelinedWrites(url: string) {
  const id = 1_000_000 + Math.floor(Math.random() * 1_000_000_000)
  const connection = await openConnection(url)
  connection.socket.write(
    rawRequest('POST', '/todos', { body: { id, content: 'pipelined' } }) +
      rawRequest('GET', `/todos/${id}`) +
      rawRequest('PATCH', `/todos/${id}`, { body: { completed: true } }) +
      rawRequest('DELETE', `/todos/${id}`) +
      rawRequest('GET', `/todos/${id}`, { headers: { Connection: 'close' } }),
  )
  const statuses = statusCodes(await connection.closed)
  const gone = (await fetch(`${url}/todos/${id}`)).status === 404
  return { statuses, gone }
}

/** The statuses {@link pipelinedWrites} must see. */
export const PIPELINED_IN_ORDER = [201, 200, 200, 200, 404]
