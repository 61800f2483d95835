import { MAX_CONTENT_LENGTH } from '@todokit/sdk/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { trickleBody } from '../../test/floor/connections.ts'
import { openConnection, type RawConnection, rawRequest, statusCodes } from '../../test/raw-http.ts'
import { createApp } from '../app.ts'
import { type ListenOptions, listen, type RunningServer } from './listen.ts'

const TODO = { id: 1, content: 'Buy milk', completed: false }

const servers: RunningServer[] = []
const connections: RawConnection[] = []
afterEach(async () => {
  for (const connection of connections.splice(0)) connection.socket.destroy()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(
  app: Parameters<typeof listen>[0],
  options: ListenOptions = {},
): Promise<RunningServer> {
  const server = await listen(app, { port: 0, ...options })
  servers.push(server)
  return server
}

async function open(server: RunningServer): Promise<RawConnection> {
  const connection = await openConnection(server.url)
  connections.push(connection)
  return connection
}

/** A promise the test releases, and one that says the server is waiting on it. */
function gate() {
  let started = () => {}
  let release = () => {}
  const hasStarted = new Promise<void>((resolve) => {
    started = resolve
  })
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  return { started: () => started(), hasStarted, release: () => release(), released }
}

/** The app, plus `GET /slow`, which answers only once the test releases its gate. */
async function serveWithSlowRoute() {
  const app = createApp()
  const slow = gate()
  const server = await serve({
    fetch: async (request, env) => {
      if (new URL(request.url).pathname !== '/slow') return app.fetch(request, env)
      slow.started()
      await slow.released
      return new Response('done')
    },
  })
  return { app, server, slow }
}

async function listOf(server: RunningServer): Promise<unknown> {
  return (await fetch(`${server.url}/todos`)).json()
}

describe('pipelined requests', () => {
  it('take effect in the order they were sent on one connection', async () => {
    const server = await serve(createApp())
    const connection = await open(server)
    connection.socket.write(
      rawRequest('POST', '/todos', { body: TODO }) +
        rawRequest('GET', '/todos/1') +
        rawRequest('DELETE', '/todos/1') +
        rawRequest('GET', '/todos/1', { headers: { Connection: 'close' } }),
    )
    expect(statusCodes(await connection.closed)).toEqual([201, 200, 200, 404])
    expect(await listOf(server)).toEqual([])
  })

  it('answers 503 and closes the connection past 32 requests waiting, applying only those answered', async () => {
    const { server, slow } = await serveWithSlowRoute()
    const connection = await open(server)
    const post = (index: number) => rawRequest('POST', '/todos', { body: { content: `${index}` } })
    connection.socket.write(
      rawRequest('GET', '/slow') + Array.from({ length: 40 }, (_, index) => post(index)).join(''),
    )
    await slow.hasStarted
    // The requests sent with /slow were parsed with it; they now wait for its answer.
    await new Promise((resolve) => setImmediate(resolve))
    slow.release()
    const answered = await connection.closed
    expect(statusCodes(answered)).toEqual([200, ...Array<number>(32).fill(201), 503])
    expect(answered).toMatch(/Content-Type: application\/problem\+json[\s\S]*"status":503/i)
    expect(await listOf(server)).toHaveLength(32)
  })
})

describe('Expect: 100-continue', () => {
  const expectingContinue = (contentLength: number) =>
    [
      'POST /todos HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${contentLength}`,
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n')

  it('answers 413 at once, without 100 Continue, when Content-Length is past the limit', async () => {
    const server = await serve(createApp({ maxBodyBytes: 100 }), { maxBodyBytes: 100 })
    const connection = await open(server)
    connection.socket.write(expectingContinue(101))
    const received = await connection.receivedAtLeast('HTTP/1.1 413'.length)
    expect(received).toMatch(/^HTTP\/1\.1 413 Content Too Large\r\n/)
    // The announced body is never read: the connection ends after the answer.
    expect(statusCodes(await connection.closed)).toEqual([413])
  })

  it('sends 100 Continue to a body within the limit, then stores it', async () => {
    const server = await serve(createApp({ maxBodyBytes: 100 }), { maxBodyBytes: 100 })
    const connection = await open(server)
    const body = JSON.stringify(TODO)
    connection.socket.write(expectingContinue(body.length))
    expect(await connection.receivedAtLeast('HTTP/1.1 100'.length)).toMatch(/^HTTP\/1\.1 100 /)
    connection.socket.write(body)
    await connection.receivedAtLeast(connection.received().length + 'HTTP/1.1 201'.length)
    expect(statusCodes(connection.received())).toEqual([100, 201])
    expect(await listOf(server)).toEqual([TODO])
  })
})

describe('request bodies', () => {
  it('stores a body that arrives in many pieces as it was sent', async () => {
    const server = await serve(createApp())
    const connection = await open(server)
    const content = 'é'.repeat(MAX_CONTENT_LENGTH)
    const request = Buffer.from(
      rawRequest('POST', '/todos', { body: { content, completed: false } }),
    )
    // Pieces that split a two-byte character, each written on a turn of its own.
    for (let start = 0; start < request.length; start += 4_099) {
      connection.socket.write(request.subarray(start, start + 4_099))
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    expect(statusCodes(await connection.receivedAtLeast(12))).toEqual([201])
    expect(await listOf(server)).toEqual([{ id: 1, content, completed: false }])
  })

  it('stores nothing from a body whose connection is cut before its end, and goes on serving', async () => {
    const server = await serve(createApp())
    const connection = await open(server)
    const request = rawRequest('POST', '/todos', {
      body: { content: 'Buy milk', completed: false },
    })
    connection.socket.end(request.slice(0, -5))
    expect(statusCodes(await connection.closed)).not.toContain(201)
    expect(await listOf(server)).toEqual([])
    const created = await fetch(`${server.url}/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Buy milk', completed: false }),
    })
    expect(created.status).toBe(201)
  })
})

describe('timeouts and the connection cap', () => {
  it('answers 408 and closes a connection whose headers do not arrive within headersTimeout', async () => {
    const server = await serve(createApp(), { headersTimeout: 50, requestTimeout: 5_000 })
    const connection = await open(server)
    connection.socket.write('GET /todos HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    expect(statusCodes(await connection.closed)).toEqual([408])
  })

  it('answers 408 to a body that trickles in past requestTimeout, and stores nothing', async () => {
    const server = await serve(createApp(), { headersTimeout: 50, requestTimeout: 200 })
    const trickled = await trickleBody(server.url)
    expect(trickled).toMatchObject({ statuses: [408], stored: false })
    expect(trickled.bytesSent).toBeLessThan(trickled.bodyBytes)
    expect(await listOf(server)).toEqual([])
  })

  it('cuts a connection that goes quiet mid-request for idleTimeout, and stores nothing', async () => {
    const server = await serve(createApp(), { idleTimeout: 50, requestTimeout: 5_000 })
    const connection = await open(server)
    connection.socket.write(
      'POST /todos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 30\r\n\r\n{"content":',
    )
    expect(await connection.closed).toBe('')
    expect(await listOf(server)).toEqual([])
  })

  it('closes a keep-alive connection left idle past keepAliveTimeout', async () => {
    const server = await serve(createApp(), { keepAliveTimeout: 50 })
    const connection = await open(server)
    connection.socket.write(rawRequest('GET', '/todos'))
    expect(statusCodes(await connection.closed)).toEqual([200])
  })

  it('refuses a connection past maxConnections at once, and keeps serving the open ones', async () => {
    const server = await serve(createApp(), { maxConnections: 2 })
    const [first, second] = [await open(server), await open(server)]
    for (const connection of [first, second]) {
      connection.socket.write(rawRequest('GET', '/todos'))
      await connection.receivedAtLeast('HTTP/1.1 200'.length)
    }
    const third = await open(server)
    expect(await third.closed).toBe('')
    first.socket.write(rawRequest('GET', '/todos', { headers: { Connection: 'close' } }))
    expect(statusCodes(await first.closed)).toEqual([200, 200])
  })

  it('reclaims connections that never send a request, so other clients get in', async () => {
    const server = await serve(createApp(), {
      maxConnections: 2,
      headersTimeout: 50,
      requestTimeout: 5_000,
    })
    const idle = [await open(server), await open(server)]
    await Promise.all(idle.map((connection) => connection.closed))
    const response = await fetch(`${server.url}/todos`)
    expect(response.status).toBe(200)
  })
})

describe('reason phrases', () => {
  it('puts the RFC 9110 reason phrase on the status line, whatever handler answered', async () => {
    const server = await serve({ fetch: () => new Response(null, { status: 422 }) })
    const connection = await open(server)
    connection.socket.write(rawRequest('GET', '/', { headers: { Connection: 'close' } }))
    expect(await connection.closed).toMatch(/^HTTP\/1\.1 422 Unprocessable Content\r\n/)
  })

  it("puts it on the app's own errors too (413 is Content Too Large, not Payload Too Large)", async () => {
    const server = await serve(createApp({ maxBodyBytes: 10 }))
    const connection = await open(server)
    connection.socket.write(
      rawRequest('POST', '/todos', { body: TODO, headers: { Connection: 'close' } }),
    )
    expect(await connection.closed).toMatch(/^HTTP\/1\.1 413 Content Too Large\r\n/)
  })
})

describe('close()', () => {
  it('finishes requests in flight with Connection: close, drops idle connections and refuses new ones', async () => {
    const { app, server, slow } = await serveWithSlowRoute()
    const idle = await open(server)
    idle.socket.write(rawRequest('GET', '/todos'))
    await idle.receivedAtLeast('HTTP/1.1 200'.length)
    const busy = await open(server)
    // The POST waits behind the slow request; once the server is closing it is never applied.
    busy.socket.write(rawRequest('GET', '/slow') + rawRequest('POST', '/todos', { body: TODO }))
    // Closing before the server has begun /slow would find the connection idle.
    await slow.hasStarted

    const closed = server.close()
    servers.splice(servers.indexOf(server), 1)
    await idle.closed
    await expect(openConnection(server.url)).rejects.toThrow(/ECONNREFUSED/)
    slow.release()
    const answered = await busy.closed
    expect(statusCodes(answered)).toEqual([200])
    expect(answered).toMatch(/\r\nconnection: close\r\n/i)
    await closed
    expect(await (await app.request('/todos')).json()).toEqual([])
  })
})

describe('what it serves', () => {
  it('serves a Node request listener as it is', async () => {
    const server = await serve((request, response) => response.end(`node saw ${request.url}`))
    const response = await fetch(`${server.url}/todos?x=1`)
    expect(await response.text()).toBe('node saw /todos?x=1')
  })

  it("leaves a Node request listener's body for it to read", async () => {
    const server = await serve(async (request, response) => {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      response.end(`node read ${Buffer.concat(chunks)}`)
    })
    const response = await fetch(`${server.url}/todos`, { method: 'POST', body: '{"a":1}' })
    expect(await response.text()).toBe('node read {"a":1}')
  })

  it('logs one line per request for a Node request listener as for an app', async () => {
    const lines: string[] = []
    const server = await serve((_request, response) => response.writeHead(204).end(), {
      log: (line) => lines.push(line),
    })
    await fetch(`${server.url}/todos/7`, { method: 'DELETE' })
    expect(lines).toEqual([expect.stringMatching(/^DELETE \/todos\/7 204 \d+\.\dms$/)])
  })

  it('logs method, path with query, status and time for an app', async () => {
    const lines: string[] = []
    const server = await serve(createApp(), { log: (line) => lines.push(line) })
    await fetch(`${server.url}/todos?completed=true`)
    expect(lines).toEqual([expect.stringMatching(/^GET \/todos\?completed=true 200 \d+\.\dms$/)])
  })
})
