import {
  MAX_TODO_ID,
  type OrderKey,
  sortKey,
  type Todo,
  type TodoCreateData,
  type TodoListQuery,
} from '@todokit/sdk/contract'

/**
 * Where the reference server keeps todos. A read sees every acknowledged write: `get` at once, a
 * `list` as it streams; writes go through {@link TodoStore.write}, each change atomic with its checks.
 * @example const store: TodoStore = await SqliteStore.open('todos.db')
 */
export interface TodoStore {
  /** Changes whenever the stored todos may have changed; the list's ETag derives from it. */
  readonly revision: string
  get(id: number): Todo | undefined
  /**
   * The todos `query` selects, in its order (then ascending id), after `page.after` and at most
   * `page.limit`, in batches, so that a reader pays one turn per batch rather than per todo; a
   * lazy list yields to the event loop between batches, and `return()` releases it.
   * @example for await (const batch of store.list({ completed: false })) console.log(batch.length)
   */
  list(
    query?: TodoListQuery,
    page?: ListPage,
  ): Iterable<readonly Todo[]> | AsyncIterable<readonly Todo[]>
  /**
   * Runs `change` with no other write in between, and resolves with its result once it is as
   * durable as the store promises. A `change` that throws changes nothing.
   */
  write<T>(change: (table: TodoTable) => T): Promise<T>
  /** Finishes pending writes and releases resources. Further writes reject. */
  close(): Promise<void>
}

/** Where a page starts, `after` the values of a todo's {@link sortKeys}. */
export type Keyset = { id: number; content?: string; completed?: boolean }
export type ListPage = { after?: Keyset | undefined; limit?: number | undefined }
export type SortKey = ReturnType<typeof sortKey>

/** The sort keys that order a list completely: the query's `order` up to id, or then id. */
export function sortKeys(order: readonly OrderKey[] = []): SortKey[] {
  const id = order.findIndex((key) => sortKey(key).field === 'id')
  const keys = id === -1 ? [...order, 'id' as const] : order.slice(0, id + 1)
  return keys.map(sortKey)
}

/** Most todos in one batch of a list: a batch is serialised without a turn of the event loop. */
const BATCH_SIZE = 256

/**
 * The todos `query` selects from `todos` (equal on each field it names, with `q` in the content),
 * at most `limit` of them, in batches of up to {@link BATCH_SIZE}, letting the event loop turn
 * as it goes; what was found before a turn goes out first.
 */
export async function* selected(
  todos: Iterable<Todo> | Promise<Iterable<Todo>>,
  query: TodoListQuery,
  limit = Number.POSITIVE_INFINITY,
): AsyncGenerator<Todo[]> {
  const { id, content, completed, q } = query
  const needle = q?.toLowerCase()
  const checkpoint = checkpoints()
  let batch: Todo[] = []
  let count = 0
  for (const todo of await todos) {
    // Asking for the time only every 32 todos: the checks below cost less than the clock.
    const turn = (++count & 31) === 0 && checkpoint()
    if (turn) {
      if (batch.length > 0) yield batch
      batch = []
      await turn
    }
    // Each field by name, not in a loop over their names: a property read by a variable key is
    // the costliest part of selecting, and a closure per todo (some()) costs more still.
    if (id !== undefined && todo.id !== id) continue
    if (content !== undefined && todo.content !== content) continue
    if (completed !== undefined && todo.completed !== completed) continue
    if (needle && !todo.content.toLowerCase().includes(needle)) continue
    batch.push(todo)
    if (--limit === 0) break
    if (batch.length < BATCH_SIZE) continue
    yield batch
    batch = []
  }
  if (batch.length > 0) yield batch
}

/** The todos as a {@link TodoStore.write} change sees them. */
export interface TodoTable {
  get(id: number): Todo | undefined
  size(): number
  /** One above the highest id ever stored: ids are never reused. */
  nextId(): number
  /** Stores `todo` under its id, new or not. */
  put(todo: Todo): Todo
  remove(id: number): void
}

/**
 * How many todos a store holds unless `createApp({ maxTodos })` says otherwise.
 * @example createApp({ maxTodos: DEFAULT_MAX_TODOS * 10 }) // room for a million todos
 */
export const DEFAULT_MAX_TODOS = 100_000

/** Why a store refused a change, in the todos' own terms; the app answers each with a problem. */
export type Refusal =
  | { reason: 'not-found'; id: number }
  | { reason: 'id-taken'; id: number }
  | { reason: 'precondition-failed'; id: number; version: string }
  | { reason: 'full'; maxTodos: number }
  | { reason: 'ids-used-up' }
  | { reason: 'busy' }

/** Each refusal as the store words it, to an HTTP client and on the command line alike. */
const WORDING: { [R in Refusal as R['reason']]: (refusal: R) => string } = {
  'not-found': ({ id }) => `No todo with id ${id}`,
  'id-taken': ({ id }) => `A todo with id ${id} already exists; omit id to get a new one`,
  'precondition-failed': ({ id, version }) =>
    `If-Match does not match the current ETag of todo ${id} (${version}); it changed since you read it`,
  full: ({ maxTodos }) =>
    `The store holds its maximum of ${maxTodos} todos; delete some to create more`,
  'ids-used-up': () => 'Every id the server may assign has been used',
  busy: () => 'The database could not commit the write, so nothing changed; try again later',
}

export class TodoStoreError extends Error {
  override readonly name = 'TodoStoreError'
  readonly refusal: Refusal
  constructor(refusal: Refusal, options?: ErrorOptions) {
    // Each reason's function takes its own refusal, which TypeScript cannot follow through a key.
    super((WORDING[refusal.reason] as (refusal: Refusal) => string)(refusal), options)
    this.refusal = refusal
  }
}

/** The entity tags a conditional write allows (`'*'` for any); `undefined` for any write. */
export type Precondition = readonly string[] | undefined

function writable(table: TodoTable, id: number, precondition: Precondition): Todo {
  const current = table.get(id)
  if (current === undefined) throw new TodoStoreError({ reason: 'not-found', id })
  if (precondition === undefined || precondition.includes('*')) return current
  const version = serialized(current).etag
  if (!precondition.includes(version)) {
    throw new TodoStoreError({ reason: 'precondition-failed', id, version })
  }
  return current
}

export function createTodo(table: TodoTable, input: TodoCreateData, maxTodos: number): Todo {
  if (table.size() >= maxTodos) throw new TodoStoreError({ reason: 'full', maxTodos })
  const id = input.id ?? table.nextId()
  if (id > MAX_TODO_ID) throw new TodoStoreError({ reason: 'ids-used-up' })
  if (table.get(id) !== undefined) throw new TodoStoreError({ reason: 'id-taken', id })
  return table.put({ id, content: input.content, completed: input.completed })
}

/** A replace is a patch of every field. */
export function updateTodo(
  table: TodoTable,
  id: number,
  patch: Partial<Omit<Todo, 'id'>>,
  precondition?: Precondition,
): Todo {
  return table.put({ ...writable(table, id, precondition), ...patch })
}

export function deleteTodo(table: TodoTable, id: number, precondition?: Precondition): Todo {
  const current = writable(table, id, precondition)
  table.remove(id)
  return current
}

/** A stored todo object never changes, so its JSON and strong ETag are computed once. */
const serializedTodos = new WeakMap<Todo, { readonly json: string; readonly etag: string }>()

export function serialized(todo: Todo): { readonly json: string; readonly etag: string } {
  let representation = serializedTodos.get(todo)
  if (representation === undefined) {
    const json = JSON.stringify(todo)
    representation = { json, etag: `"${hashText(json)}"` }
    serializedTodos.set(todo, representation)
  }
  return representation
}

/** cyrb53 (public domain, by bryc): a fast 53-bit hash, in base 36. */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507)
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507)
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

/** Milliseconds a list works before it lets the event loop turn. */
const SLICE_MS = 2

const schedule: (callback: () => void) => unknown = globalThis.setImmediate ?? setTimeout

/**
 * Checkpoints for one piece of long work: `undefined` (carry on) until the work has run for a
 * slice, then a promise of the event loop's next turn.
 */
export function checkpoints(): () => Promise<void> | undefined {
  let sliceEnd = performance.now() + SLICE_MS
  return () => {
    if (performance.now() < sliceEnd) return undefined
    return new Promise<void>((resolve) => schedule(resolve)).then(() => {
      sliceEnd = performance.now() + SLICE_MS
    })
  }
}
