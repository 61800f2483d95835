/**
 * BASELINE, not the product: the ceiling the reference server is measured against. A bare
 * node:http handler over a Map that does the same work for the benchmarked requests (route,
 * validate, store, serialise, ETag, Location, filter/search/sort) with no framework, no
 * schema library and no problem+json detail. It implements only what the benchmark sends.
 * Like the reference server, it serialises each stored todo once and keeps its JSON and ETag.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Todo } from '@todokit/sdk/contract'
// The same per-object JSON and ETag cache the reference server uses.
import { serialized } from '../../src/store/store.ts'
import { announce, measureMemory, readSeed } from './ready.ts'

const empty = measureMemory()
const todos = new Map<number, Todo>()
// In a function, so the parsed seed array dies with its frame before memory is measured.
const load = () => {
  for (const todo of readSeed()) todos.set(todo.id, todo)
}
load()
let nextId = Math.max(0, ...todos.keys()) + 1
const seeded = measureMemory()

/** With Content-Length, as the reference server answers: without it, Node would send chunks. */
function send(response: ServerResponse, status: number, body: string, headers = {}) {
  const length = Buffer.byteLength(body)
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': length,
    ...headers,
  })
  response.end(body)
}

function sendTodo(response: ServerResponse, status: number, todo: Todo, headers = {}) {
  const { json, etag } = serialized(todo)
  send(response, status, json, { etag, ...headers })
}

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      text += chunk
    })
    request.on('end', () => {
      try {
        resolve(JSON.parse(text))
      } catch {
        resolve(undefined)
      }
    })
  })
}

const isContent = (value: unknown) =>
  typeof value === 'string' && value.length >= 1 && value.length <= 10_000
const onlyKeys = (body: object, keys: string[]) =>
  Object.keys(body).every((key) => keys.includes(key))

type Compare = (a: Todo, b: Todo) => number
const COMPARE: Record<string, Compare> = {
  id: (a, b) => a.id - b.id,
  content: (a, b) => (a.content < b.content ? -1 : a.content > b.content ? 1 : 0),
  completed: (a, b) => Number(a.completed) - Number(b.completed),
}

/** One comparison per sort key, compiled once per request. */
function comparator(keys: string[]): Compare {
  const steps = keys.map((key): Compare => {
    const compare = COMPARE[key.replace('-', '')] as Compare
    return key.startsWith('-') ? (a, b) => compare(b, a) : compare
  })
  return (a, b) => {
    for (const step of steps) {
      const result = step(a, b)
      if (result !== 0) return result
    }
    return 0
  }
}
const LIST_PARAMETERS = new Set(['id', 'content', 'completed', 'q', 'order'])

function list(response: ServerResponse, search: URLSearchParams) {
  for (const name of search.keys()) {
    if (!LIST_PARAMETERS.has(name)) return send(response, 400, '{"title":"Bad Request"}')
  }
  const id = search.has('id') ? Number(search.get('id')) : undefined
  const content = search.get('content') ?? undefined
  const completed = search.has('completed') ? search.get('completed') === 'true' : undefined
  const needle = search.get('q')?.toLowerCase()
  const result = [...todos.values()].filter(
    (todo) =>
      (id === undefined || todo.id === id) &&
      (content === undefined || todo.content === content) &&
      (completed === undefined || todo.completed === completed) &&
      (needle === undefined || todo.content.toLowerCase().includes(needle)),
  )
  const order = search.get('order')
  if (order) result.sort(comparator(order.split(',')))
  send(response, 200, `[${result.map((todo) => serialized(todo).json).join(',')}]`)
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  const url = request.url ?? '/'
  const mark = url.indexOf('?')
  const path = mark === -1 ? url : url.slice(0, mark)
  if (path === '/todos') {
    if (request.method === 'GET') return list(response, new URLSearchParams(url.slice(mark + 1)))
    if (request.method !== 'POST') return send(response, 405, '{"title":"Method Not Allowed"}')
    const body = (await readBody(request)) as Partial<Todo> | undefined
    if (!body || !isContent(body.content) || !onlyKeys(body, ['id', 'content', 'completed'])) {
      return send(response, 400, '{"title":"Bad Request"}')
    }
    const id = body.id ?? nextId
    if (todos.has(id)) return send(response, 409, '{"title":"Conflict"}')
    const todo = { id, content: body.content as string, completed: body.completed ?? false }
    todos.set(id, todo)
    nextId = Math.max(nextId, id + 1)
    return sendTodo(response, 201, todo, { location: `/todos/${id}` })
  }
  const id = path.startsWith('/todos/') ? Number(path.slice(7)) : Number.NaN
  if (!Number.isSafeInteger(id) || id < 1) return send(response, 404, '{"title":"Not Found"}')
  const todo = todos.get(id)
  if (todo === undefined) return send(response, 404, '{"title":"Not Found"}')
  if (request.method === 'GET') return sendTodo(response, 200, todo)
  if (request.method !== 'PATCH') return send(response, 405, '{"title":"Method Not Allowed"}')
  const patch = (await readBody(request)) as Partial<Todo> | undefined
  if (!patch || !onlyKeys(patch, ['content', 'completed'])) {
    return send(response, 400, '{"title":"Bad Request"}')
  }
  const updated = {
    id,
    content: patch.content ?? todo.content,
    completed: patch.completed ?? todo.completed,
  }
  todos.set(id, updated)
  sendTodo(response, 200, updated)
}

const server = createServer((request, response) => void handle(request, response))
server.listen(0, '127.0.0.1', () => {
  announce(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, empty, seeded)
})
