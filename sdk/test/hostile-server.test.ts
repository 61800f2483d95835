import type { ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { TodoClient } from '../src/index.ts'
import { closedByClient, serve } from './hostile-server.ts'

const MiB = 1024 * 1024
const A_TODO = { id: 1, content: 'Buy milk', completed: false }

/** Writes `total` bytes of JSON whitespace to `response` as fast as the client reads them, then `[]`. */
function pour(response: ServerResponse, total: number): { sent: () => number } {
  const chunk = Buffer.alloc(64 * 1024, 0x20)
  let sent = 0
  const write = (): void => {
    while (sent < total && !response.destroyed) {
      sent += chunk.length
      if (!response.write(chunk)) {
        response.once('drain', write)
        return
      }
    }
    if (!response.destroyed) response.end('[]')
  }
  write()
  return { sent: () => sent }
}

describe('a body larger than maxResponseSize', () => {
  it('fails the call with ResponseTooLargeError and cuts the connection, for a body that goes on and on', async () => {
    // The body ends after 64 MiB, so a client that buffers it all gets an answer instead of hanging.
    let poured: { sent: () => number } | undefined
    let closed: Promise<void> | undefined
    const server = await serve((_, response) => {
      closed = closedByClient(response)
      response.writeHead(200, { 'content-type': 'application/json' })
      poured = pour(response, 64 * MiB)
    })
    const client = new TodoClient({ baseUrl: server.url, maxResponseSize: MiB })
    const error = await client.todos.list().catch((error: unknown) => error)
    expect(error).toMatchObject({
      name: 'ResponseTooLargeError',
      limit: MiB,
      message: `Response body over ${MiB} bytes: GET ${server.url}/todos`,
    })
    await closed
    expect(poured?.sent()).toBeLessThan(64 * MiB)
  })

  it('fails at once when Content-Length announces more, before reading the body', async () => {
    const server = await serve((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 * MiB })
      response.write('[') // and nothing more: only the header can tell
    })
    // The timeout only bounds a client that waits for the body.
    const client = new TodoClient({ baseUrl: server.url, maxResponseSize: MiB, timeout: 3000 })
    await expect(client.todos.list()).rejects.toMatchObject({ name: 'ResponseTooLargeError' })
  })

  it('counts the bytes as decompressed, whatever Content-Length says of the compressed body', async () => {
    const bomb = gzipSync(Buffer.alloc(4 * MiB, 0x20))
    const server = await serve((_, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': bomb.length,
      })
      response.end(bomb)
    })
    const client = new TodoClient({ baseUrl: server.url, maxResponseSize: MiB })
    await expect(client.todos.list()).rejects.toMatchObject({ name: 'ResponseTooLargeError' })
  })

  it('reads a body of exactly maxResponseSize bytes', async () => {
    const body = JSON.stringify([A_TODO])
    const server = await serve((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(body)
    })
    const client = new TodoClient({ baseUrl: server.url, maxResponseSize: body.length })
    expect(await client.todos.list()).toEqual([A_TODO])
  })
})

describe('a body that stops coming', () => {
  it('fails with TimeoutError once the timeout passes while the body is read, and cuts the connection', async () => {
    let closed: Promise<void> | undefined
    const server = await serve((_, response) => {
      closed = closedByClient(response)
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('[') // and nothing more
    })
    const client = new TodoClient({ baseUrl: server.url, timeout: 200, retry: 0 })
    await expect(client.todos.list()).rejects.toMatchObject({
      name: 'TimeoutError',
      message: `Timeout 200 ms: GET ${server.url}/todos`,
    })
    await closed
  })
})

describe('an error body larger than maxResponseSize', () => {
  it('is dropped: the call fails with the error its status names, without the body', async () => {
    let closed: Promise<void> | undefined
    const server = await serve((_, response) => {
      closed = closedByClient(response)
      response.writeHead(404, { 'content-type': 'application/problem+json' })
      pour(response, 64 * MiB)
    })
    const client = new TodoClient({ baseUrl: server.url, maxResponseSize: MiB })
    const error = await client.todos.get(1).catch((error: unknown) => error)
    expect(error).toMatchObject({ name: 'NotFoundError', status: 404, body: undefined })
    await closed
  })
})

describe('paging against a server whose links go round', () => {
  /** Walks `todos` to the end, or gives up after 100 todos as a client that never ends would not. */
  async function walk(todos: AsyncIterable<unknown>): Promise<number> {
    let count = 0
    for await (const _ of todos) if (++count === 100) break
    return count
  }

  it('stops with PagingError when a next link repeats one already followed', async () => {
    const server = await serve((_, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        link: '</todos?limit=1&cursor=same>; rel="next"',
      })
      response.end(JSON.stringify([A_TODO]))
    })
    const client = new TodoClient({ baseUrl: server.url })
    const error = await walk(client.todos.iterate({ limit: 1 })).catch((error: unknown) => error)
    expect(error).toMatchObject({
      name: 'PagingError',
      message: `Paging stopped: GET ${server.url}/todos?limit=1&cursor=same (its next link leads to a page already requested)`,
    })
    expect(server.requests.map(({ url }) => url)).toEqual([
      '/todos?limit=1',
      '/todos?limit=1&cursor=same',
    ])
  })

  it('stops with PagingError after maxPages pages of a walk that would not end', async () => {
    let cursor = 0
    const server = await serve((_, response) => {
      cursor += 1
      response.writeHead(200, {
        'content-type': 'application/json',
        link: `</todos?limit=1&cursor=${cursor}>; rel="next"`,
      })
      response.end(JSON.stringify([{ ...A_TODO, id: cursor }]))
    })
    const client = new TodoClient({ baseUrl: server.url })
    const todos = client.todos.iterate({ limit: 1 }, { maxPages: 3 })
    await expect(walk(todos)).rejects.toMatchObject({ name: 'PagingError' })
    expect(server.requests).toHaveLength(3)
  })
})

describe('redirects', () => {
  it('refuses a redirect to another origin, which never hears from the client', async () => {
    const other = await serve((_, response) => response.end('[]'))
    const server = await serve((_, response) => {
      response.writeHead(307, { location: `${other.url}/todos` })
      response.end()
    })
    const client = new TodoClient({ baseUrl: server.url, headers: { 'x-api-key': 'secret' } })
    const error = await client.todos.list().catch((error: unknown) => error)
    expect(error).toMatchObject({ name: 'RedirectError', location: `${other.url}/todos` })
    expect(other.requests).toEqual([])
  })

  it('follows a redirect on the same origin with the headers, method and body', async () => {
    const received: { method?: unknown; key?: unknown; body: string }[] = []
    const server = await serve((request, response) => {
      if (request.url === '/todos/1') {
        response.writeHead(308, { location: '/v2/todos/1' })
        response.end()
        return
      }
      let body = ''
      request.on('data', (chunk: Buffer) => {
        body += chunk
      })
      request.on('end', () => {
        received.push({ method: request.method, key: request.headers['x-api-key'], body })
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(body)
      })
    })
    const client = new TodoClient({ baseUrl: server.url, headers: { 'x-api-key': 'secret' } })
    expect(await client.todos.replace(1, A_TODO)).toEqual(A_TODO)
    expect(received).toEqual([{ method: 'PUT', key: 'secret', body: JSON.stringify(A_TODO) }])
  })

  it('follows 303 See Other after a POST with a GET, as fetch would', async () => {
    const server = await serve((request, response) => {
      if (request.method === 'POST') {
        response.writeHead(303, { location: '/todos/1' })
        response.end()
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(A_TODO))
    })
    const client = new TodoClient({ baseUrl: server.url })
    expect(await client.todos.create({ content: 'Buy milk' })).toEqual(A_TODO)
    expect(server.requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST /todos',
      'GET /todos/1',
    ])
  })

  it('gives up with RedirectError on a redirect that goes round', async () => {
    const server = await serve((_, response) => {
      response.writeHead(302, { location: '/todos' })
      response.end()
    })
    const client = new TodoClient({ baseUrl: server.url })
    await expect(client.todos.list()).rejects.toMatchObject({
      name: 'RedirectError',
      location: '/todos',
    })
  })
})

describe('Retry-After beyond maxRetryAfter', () => {
  it.each([
    ['seconds', '31536000'],
    ['an HTTP date', new Date(Date.now() + 365 * 24 * 3600 * 1000).toUTCString()],
  ])(
    'throws at once, with the server’s Retry-After, when it asks for a year in %s',
    async (_, wait) => {
      const server = await serve((_, response) => {
        response.writeHead(503, { 'retry-after': wait })
        response.end()
      })
      const error = await new TodoClient({ baseUrl: server.url }).todos
        .list()
        .catch((error: unknown) => error)
      expect(error).toMatchObject({ name: 'ServerError', status: 503 })
      expect((error as { headers: Headers }).headers.get('retry-after')).toBe(wait)
      expect(server.requests).toHaveLength(1)
    },
  )
})

describe('Accept', () => {
  it('names problem details too, so a server that negotiates sends its errors as errors', async () => {
    // As Prism's mock does: an error only for a client that accepts its media type.
    const server = await serve((request, response) => {
      if (`${request.headers.accept}`.includes('application/problem+json')) {
        response.writeHead(404, { 'content-type': 'application/problem+json' })
        response.end(JSON.stringify({ title: 'Not Found', status: 404 }))
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(A_TODO))
    })
    const client = new TodoClient({ baseUrl: server.url })
    await expect(client.todos.get(9)).rejects.toMatchObject({ name: 'NotFoundError' })
    expect(server.requests[0]?.headers.accept).toBe('application/json, application/problem+json')
  })
})
