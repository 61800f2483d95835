import {
  MAX_TODO_ID,
  type OrderKey,
  type Todo,
  type TodoCreateData,
  type TodoField,
  type TodoListQuery,
} from '@todokit/sdk/contract'
import { serialized } from './todo-json.ts'

/**
 * Where the reference server keeps todos. Reads are synchronous and see every acknowledged
 * write; writes go through {@link TodoStore.write}, whose change runs atomically with its checks.
 *
 * @example
 * const store = new MemoryStore()
 * const todo = await store.write((table) => createTodo(table, { content: 'Buy milk' }, 100))
 */
export interface TodoStore {
  /** Changes whenever the stored todos may have changed; the list's ETag derives from it. */
  readonly revision: string
  /** The todo with `id`, or `undefined`. */
  get(id: number): Todo | undefined
  /**
   * The todos `query` selects, in its order (then ascending id), after `page.after` and at most
   * `page.limit`: at once, or lazily, giving the event loop a turn between slices of the work;
   * `return()` (a `for await` `break`) releases a lazy list.
   */
  list(query?: TodoListQuery, page?: ListPage): Iterable<Todo> | AsyncIterable<Todo>
  /**
   * Runs `change` on the stored todos, with no other write in between, and resolves with its
   * result once it is as durable as the store promises. A `change` that throws changes nothing
   * and rejects this write alone.
   */
  write<T>(change: (table: TodoTable) => T): Promise<T>
  /** Finishes pending writes and releases resources. Further writes reject. */
  close(): Promise<void>
}

/** Where a page starts: the sort-key values ({@link keysetKeys}) of the last todo before it. */
export type Keyset = { id: number; content?: string; completed?: boolean }

/** Which part of a list {@link TodoStore.list} returns. */
export interface ListPage {
  /** Only the todos that sort after this keyset. */
  after?: Keyset | undefined
  /** At most this many todos. */
  limit?: number | undefined
}

/**
 * The sort keys that order a list completely: the query's `order`, then id unless it is named.
 *
 * @example
 * keysetKeys(['-completed', 'content']) // → ['-completed', 'content', 'id']
 */
export function keysetKeys(order: readonly OrderKey[] = []): OrderKey[] {
  return order.some((key) => key.endsWith('id')) ? [...order] : [...order, 'id']
}

/** A sort key taken apart: `'-content'` → `{ field: 'content', descending: true }`. */
export function sortKey(key: OrderKey): { field: TodoField; descending: boolean } {
  const descending = key.startsWith('-')
  return { field: (descending ? key.slice(1) : key) as TodoField, descending }
}

/** The todos as a {@link TodoStore.write} change sees them. */
export interface TodoTable {
  get(id: number): Todo | undefined
  /** How many todos are stored. */
  readonly size: number
  /** One above the highest id ever stored: ids are never reused. */
  readonly nextId: number
  /** Stores a new todo; its id must be free. */
  insert(todo: Todo): Todo
  /** Overwrites the stored todo with `todo.id`, which must exist. */
  put(todo: Todo): Todo
  remove(id: number): void
}

/**
 * How many todos a store holds unless `createApp({ maxTodos })` says otherwise.
 *
 * @example
 * createApp({ maxTodos: DEFAULT_MAX_TODOS * 10 }) // room for a million todos
 */
export const DEFAULT_MAX_TODOS = 100_000

/** Why a store refused a change, in the todos' own terms. */
export type Refusal =
  | { reason: 'not-found'; id: number }
  | { reason: 'id-taken'; id: number }
  | { reason: 'precondition-failed'; id: number; version: string }
  | { reason: 'full'; maxTodos: number }
  | { reason: 'ids-used-up' }
  | { reason: 'busy' }

/** A refusal in a sentence, for logs and the CLI. */
function describe(refusal: Refusal): string {
  switch (refusal.reason) {
    case 'not-found':
      return `no todo has id ${refusal.id}`
    case 'id-taken':
      return `the id ${refusal.id} is taken`
    case 'precondition-failed':
      return `todo ${refusal.id} is no longer ${refusal.version}`
    case 'full':
      return `it holds its maximum of ${refusal.maxTodos} todos`
    case 'ids-used-up':
      return 'every id it may assign has been used'
    case 'busy':
      return 'the database could not commit'
  }
}

/**
 * A change the store refused, and why; the app answers each refusal with its problem.
 *
 * @example
 * await store.write((table) => deleteTodo(table, 7)) // rejects: refusal { reason: 'not-found', id: 7 }
 */
export class TodoStoreError extends Error {
  override readonly name = 'TodoStoreError'
  readonly refusal: Refusal
  constructor(refusal: Refusal, options?: ErrorOptions) {
    super(`The store refused the change: ${describe(refusal)}`, options)
    this.refusal = refusal
  }
}

/** The entity tags a conditional write allows (`'*'` for any); `undefined` for any write. */
export type Precondition = readonly string[] | undefined

/** The stored todo with `id`, if `precondition` allows a write to it. */
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

/** Stores a new todo, with `nextId` unless it has an id; refused when full or the id is taken. */
export function createTodo(table: TodoTable, input: TodoCreateData, maxTodos: number): Todo {
  if (table.size >= maxTodos) throw new TodoStoreError({ reason: 'full', maxTodos })
  const id = input.id ?? table.nextId
  if (id > MAX_TODO_ID) throw new TodoStoreError({ reason: 'ids-used-up' })
  if (table.get(id) !== undefined) throw new TodoStoreError({ reason: 'id-taken', id })
  return table.insert({ id, content: input.content, completed: input.completed })
}

/** Overwrites the stored todo with `todo.id`, which must exist and meet `precondition`. */
export function replaceTodo(table: TodoTable, todo: Todo, precondition?: Precondition): Todo {
  writable(table, todo.id, precondition)
  return table.put(todo)
}

/** Changes the fields `patch` holds of the stored todo with `id`; the others stay. */
export function updateTodo(
  table: TodoTable,
  id: number,
  patch: Partial<Omit<Todo, 'id'>>,
  precondition?: Precondition,
): Todo {
  return table.put({ ...writable(table, id, precondition), ...patch })
}

/** Removes the stored todo with `id`, and returns it as it was. */
export function deleteTodo(table: TodoTable, id: number, precondition?: Precondition): Todo {
  const current = writable(table, id, precondition)
  table.remove(id)
  return current
}

/** Milliseconds a list works before it lets the event loop turn; forty lists take forty turns. */
const SLICE_MS = 2

const schedule: (callback: () => void) => unknown = globalThis.setImmediate ?? setTimeout

/**
 * Checkpoints for one piece of long work: the returned function gives `undefined` (carry on)
 * until the work has run for a slice, then a promise of the event loop's next turn.
 */
export function checkpoints(): () => Promise<void> | undefined {
  let sliceEnd = performance.now() + SLICE_MS
  return () => {
    if (performance.now() < sliceEnd) return undefined
    return new Promise((resolve) =>
      schedule(() => {
        sliceEnd = performance.now() + SLICE_MS
        resolve()
      }),
    )
  }
}
