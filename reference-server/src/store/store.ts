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
 * write; writes go through {@link TodoStore.write}, whose change function runs atomically with
 * the checks it makes.
 *
 * @example
 * const store = new MemoryStore()
 * const todo = await store.write((table) => table.insert({ id: table.nextId, content: 'Buy milk', completed: false }))
 * store.get(todo.id) // → the same todo
 */
export interface TodoStore {
  /** Changes whenever the stored todos may have changed; the list's ETag derives from it. */
  readonly revision: string
  /** The todo with `id`, or `undefined`. */
  get(id: number): Todo | undefined
  /**
   * The todos `query` selects, in its order (ties and no order: ascending id): at once, or read
   * lazily, so a long list is never held whole; stop early with `return()` (a `for await`
   * `break` does it) to release it. A long list gives the event loop a turn after each slice of
   * its work, so other requests are answered meanwhile. `page` starts the list after a keyset
   * and cuts it at a length; `query.limit` and `query.cursor` are the route's to read, not the
   * store's.
   */
  list(query?: TodoListQuery, page?: ListPage): Iterable<Todo> | AsyncIterable<Todo>
  /**
   * Runs `change` on the stored todos and resolves with its result once the change is as
   * durable as the store promises (for the SQLite store: committed, fsynced). `change` runs
   * synchronously, with no other write in between; it must throw before it changes anything,
   * and a throw rejects this write alone.
   */
  write<T>(change: (table: TodoTable) => T): Promise<T>
  /** Finishes pending writes and releases resources. Further writes reject. */
  close(): Promise<void>
}

/**
 * Where a page starts: the sort-key values of the last todo of the page before. Only the fields
 * that {@link keysetKeys} names are present; the list continues with the todos that sort after.
 */
export type Keyset = { id: number; content?: string; completed?: boolean }

/** Which part of a list {@link TodoStore.list} returns. */
export interface ListPage {
  /** Only the todos that sort after this keyset (in the query's order). */
  after?: Keyset
  /** At most this many todos. */
  limit?: number
}

/**
 * The sort keys that order a list completely: the query's `order`, then ascending id unless
 * `order` already names id. Ids are unique, so no two todos tie and a keyset names one place.
 *
 * @example
 * keysetKeys(['-completed', 'content']) // → ['-completed', 'content', 'id']
 * keysetKeys(undefined) // → ['id']
 */
export function keysetKeys(order: readonly OrderKey[] = []): OrderKey[] {
  return order.some((key) => key.endsWith('id')) ? [...order] : [...order, 'id']
}

/**
 * A sort key taken apart.
 *
 * @example
 * sortKey('-content') // → { field: 'content', descending: true }
 */
export function sortKey(key: OrderKey): { field: TodoField; descending: boolean } {
  const descending = key.startsWith('-')
  // The contract makes each sort key of a field's name, with `-` in front for descending.
  return { field: (descending ? key.slice(1) : key) as TodoField, descending }
}

/**
 * A copy of `todo` with exactly the contract's fields: what a store keeps, so neither a caller's
 * object nor a field the contract does not know is stored.
 *
 * @example
 * todoRecord({ id: 1, content: 'Buy milk', completed: false, owner: 'ann' })
 * // → { id: 1, content: 'Buy milk', completed: false }
 */
export function todoRecord(todo: Todo): Todo {
  // Written out rather than looped over TODO_FIELDS: a literal gives every stored todo the same
  // shape, which the list and write paths measurably depend on. The compiler still ties it to
  // the contract: a field added to or removed from Todo makes this line an error.
  return { id: todo.id, content: todo.content, completed: todo.completed }
}

/**
 * The todos as a {@link TodoStore.write} change function sees them.
 *
 * @example
 * // Marks a todo done unless it is gone; the check and the change commit together.
 * await store.write((table: TodoTable) => {
 *   const todo = table.get(7)
 *   return todo && table.put({ ...todo, completed: true })
 * })
 */
export interface TodoTable {
  get(id: number): Todo | undefined
  /** How many todos are stored. */
  readonly size: number
  /** One above the highest id ever stored, deleted todos included: ids are never reused. */
  readonly nextId: number
  /** Stores a new todo; its id must be free. */
  insert(todo: Todo): Todo
  /** Overwrites the stored todo with `todo.id`, which must exist. */
  put(todo: Todo): Todo
  remove(id: number): void
}

/**
 * How many todos a store holds at most unless `createApp({ maxTodos })` (or the CLI's
 * `--max-todos`) says otherwise; a create past it gets 409.
 *
 * @example
 * createApp({ maxTodos: DEFAULT_MAX_TODOS * 10 }) // room for a million todos
 */
export const DEFAULT_MAX_TODOS = 100_000

/**
 * Why a store refused a change, in the todos' own terms; the HTTP layer answers each with its
 * problem.
 */
export type Refusal =
  | { reason: 'not-found'; id: number }
  | { reason: 'id-taken'; id: number }
  | { reason: 'precondition-failed'; id: number; version: string }
  | { reason: 'full'; maxTodos: number }
  | { reason: 'ids-used-up' }
  | { reason: 'busy' }

/** A refusal in a sentence, for logs and the CLI. */
function describeRefusal(refusal: Refusal): string {
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
 * A change the store refused, and why.
 *
 * @example
 * await store.write((table) => deleteTodo(table, 7)) // rejects: refusal { reason: 'not-found', id: 7 }
 */
export class TodoStoreError extends Error {
  override readonly name = 'TodoStoreError'
  readonly refusal: Refusal
  constructor(refusal: Refusal, options?: ErrorOptions) {
    super(`The store refused the change: ${describeRefusal(refusal)}`, options)
    this.refusal = refusal
  }
}

/**
 * What a conditional write expects of the todo it changes: the versions (entity tags) it may
 * have, `'*'` for any; `undefined` for an unconditional write.
 */
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

/**
 * Stores a new todo from a `POST /todos` body: refused once `maxTodos` are stored or when the
 * id is taken; without an id it gets `nextId`.
 */
export function createTodo(table: TodoTable, input: TodoCreateData, maxTodos: number): Todo {
  if (table.size >= maxTodos) throw new TodoStoreError({ reason: 'full', maxTodos })
  const id = input.id ?? table.nextId
  if (id > MAX_TODO_ID) throw new TodoStoreError({ reason: 'ids-used-up' })
  if (table.get(id) !== undefined) throw new TodoStoreError({ reason: 'id-taken', id })
  return table.insert({ id, ...input })
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
