import type { Todo } from '@todokit/sdk/contract'
import type { FetchLike } from '../src/index.ts'
import { bodyOf, is, rewrite } from './defects.ts'
import { referenceApp } from './servers.ts'

/** How the server picks the id of a new record; both reuse the ids of deleted records. */
export type IdReuse = 'highest-plus-one' | 'lowest-free'

/** A correct server that reuses ids, with the records a foreign client wrote meanwhile. */
export interface IdReusingServer {
  fetch: FetchLike
  /** Every record the server holds now. */
  list(): readonly Todo[]
  /** Records the foreign client created, as it created them. */
  foreign: Todo[]
}

function nextId(taken: readonly Todo[], reuse: IdReuse): number {
  const ids = new Set(taken.map((todo) => todo.id))
  if (reuse === 'highest-plus-one') return Math.max(0, ...ids) + 1
  let id = 1
  while (ids.has(id)) id++
  return id
}

/**
 * The reference server with the id policy of a SQLite rowid table: a create ignores the
 * proposed id and takes `highest + 1` (or the lowest free id), so a deleted record's id comes
 * back. Creates are serialized, as a database would. With `foreignWriter`, another client
 * creates an unmarked record right after every successful DELETE, so it may land on the
 * freed id; the kit must never touch those.
 */
export function idReusingServer(
  reuse: IdReuse,
  { foreignWriter = false }: { foreignWriter?: boolean } = {},
): IdReusingServer {
  const { store, fetch: inner } = referenceApp()
  const foreign: Todo[] = []
  let foreignCount = 0
  let queue: Promise<unknown> = Promise.resolve()
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task)
    queue = result.catch(() => {})
    return result
  }
  const insert = (request: Request, body: Record<string, unknown>) =>
    inner(rewrite(request, { body: { ...body, id: nextId([...store], reuse) } }))
  // Another client's create, right after a DELETE and before anything else: with
  // `lowest-free` it takes the freed id.
  const foreignCreate = async (request: Request) => {
    const post = new Request(new URL('/todos', request.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
    const content = `someone else's todo ${++foreignCount}`
    const made = await insert(post, { content, completed: false })
    foreign.push((await made.json()) as Todo)
  }

  const fetch: FetchLike = async (request) => {
    if (is(request, 'POST', 'list')) {
      const body = await bodyOf(request)
      if (body === undefined || Array.isArray(body)) return inner(request)
      const { id: _proposed, ...rest } = body
      return serialized(async () => insert(request, rest))
    }
    if (foreignWriter && is(request, 'DELETE', 'record')) {
      return serialized(async () => {
        const response = await inner(request)
        if (response.ok) await foreignCreate(request)
        return response
      })
    }
    return inner(request)
  }
  return { fetch, list: () => [...store], foreign }
}
