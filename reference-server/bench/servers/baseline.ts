/**
 * The work the baselines do for the benchmarked requests, whatever carries them: a `Map` of the
 * seed's todos, validation, filter/search/sort, and each stored todo's JSON and ETag kept as the
 * reference server keeps them. No framework, no schema library, no problem+json detail; only
 * what the benchmark sends. Each answer is a status, a body and its headers.
 */
import type { Todo } from '@todokit/sdk/contract'
// The same per-object JSON and ETag cache the reference server uses.
import { serialized } from '../../src/store/store.ts'
import { readSeed } from './ready.ts'

export type Answer = { status: number; body: string; headers?: Record<string, string> }

const todos = new Map<number, Todo>()
/** In a function, so the parsed seed array dies with its frame before memory is measured. */
export function loadSeed(): void {
  for (const todo of readSeed()) todos.set(todo.id, todo)
  nextId = Math.max(0, ...todos.keys()) + 1
}
let nextId = 1

const refused = (status: number, title: string): Answer => ({
  status,
  body: `{"title":"${title}"}`,
})

function todoAnswer(status: number, todo: Todo, headers = {}): Answer {
  const { json, etag } = serialized(todo)
  return { status, body: json, headers: { etag, ...headers } }
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

export function list(search: URLSearchParams): Answer {
  for (const name of search.keys()) {
    if (!LIST_PARAMETERS.has(name)) return refused(400, 'Bad Request')
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
  return { status: 200, body: `[${result.map((todo) => serialized(todo).json).join(',')}]` }
}

/** The todo id of a `/todos/{id}` path segment, if it names one. */
export const idOf = (segment: string) => {
  const id = Number(segment)
  return Number.isSafeInteger(id) && id >= 1 ? id : undefined
}

export function get(id: number | undefined): Answer {
  const todo = id === undefined ? undefined : todos.get(id)
  return todo === undefined ? refused(404, 'Not Found') : todoAnswer(200, todo)
}

/** A create of the body's text, as JSON. */
export function create(text: string): Answer {
  const body = parse(text) as Partial<Todo> | undefined
  if (!body || !isContent(body.content) || !onlyKeys(body, ['id', 'content', 'completed'])) {
    return refused(400, 'Bad Request')
  }
  const id = body.id ?? nextId
  if (todos.has(id)) return refused(409, 'Conflict')
  const todo = { id, content: body.content as string, completed: body.completed ?? false }
  todos.set(id, todo)
  nextId = Math.max(nextId, id + 1)
  return todoAnswer(201, todo, { location: `/todos/${id}` })
}

/** A partial change of the todo `id` by the body's text, as JSON. */
export function patch(id: number | undefined, text: string): Answer {
  const todo = id === undefined ? undefined : todos.get(id)
  if (id === undefined || todo === undefined) return refused(404, 'Not Found')
  const change = parse(text) as Partial<Todo> | undefined
  if (!change || !onlyKeys(change, ['content', 'completed'])) return refused(400, 'Bad Request')
  const updated = {
    id,
    content: change.content ?? todo.content,
    completed: change.completed ?? todo.completed,
  }
  todos.set(id, updated)
  return todoAnswer(200, updated)
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
