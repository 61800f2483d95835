/**
 * BASELINE, not the product: the ceiling the reference server is measured against. A bare
 * node:http handler doing the work of `baseline.ts` for the benchmarked requests (route,
 * validate, store, serialise, ETag, Location, filter/search/sort) with no framework.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Answer, create, get, idOf, list, loadSeed, patch } from './baseline.ts'
import { announce, measureMemory } from './ready.ts'

const empty = measureMemory()
loadSeed()
const seeded = measureMemory()

/** With Content-Length, as the reference server answers: without it, Node would send chunks. */
function send(response: ServerResponse, { status, body, headers }: Answer) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...headers,
  })
  response.end(body)
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      text += chunk
    })
    request.on('end', () => resolve(text))
  })
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = request.url ?? '/'
  const mark = url.indexOf('?')
  const path = mark === -1 ? url : url.slice(0, mark)
  const method = request.method
  if (path === '/todos') {
    if (method === 'GET') return send(response, list(new URLSearchParams(url.slice(mark + 1))))
    if (method === 'POST') return send(response, create(await readBody(request)))
  } else if (path.startsWith('/todos/')) {
    const id = idOf(path.slice(7))
    if (method === 'GET') return send(response, get(id))
    if (method === 'PATCH') return send(response, patch(id, await readBody(request)))
  }
  send(response, { status: 405, body: '{"title":"Method Not Allowed"}' })
}

const server = createServer((request, response) => void handle(request, response))
server.listen(0, '127.0.0.1', () => {
  announce(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, empty, seeded)
})
