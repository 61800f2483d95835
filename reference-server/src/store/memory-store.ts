import { type OrderKey, TODO_FIELDS, type Todo, type TodoListQuery } from '@todokit/sdk/contract'
import {
  type Keyset,
  keysetKeys,
  type ListPage,
  sortKey,
  type TodoStore,
  type TodoTable,
  todoRecord,
} from './store.ts'

type Compare = (a: Keyset, b: Keyset) => number

/**
 * Compares by Unicode code point, as SQLite's BINARY collation does on UTF-8: UTF-16 order
 * differs only where a surrogate (a character above U+FFFF) meets U+E000–U+FFFF.
 */
function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length)
  for (let index = 0; index < length; index++) {
    let x = a.charCodeAt(index)
    let y = b.charCodeAt(index)
    if (x === y) continue
    if (x >= 0xd800 && y >= 0xd800) {
      x += x >= 0xe000 ? -0x800 : 0x2000
      y += y >= 0xe000 ? -0x800 : 0x2000
    }
    return x - y
  }
  return a.length - b.length
}

/** Orders two values of one field: text by code point, numbers and booleans (false first) by value. */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b)
  return Number(a) - Number(b)
}

/** A comparator for sort keys such as `['completed', '-id']`: earlier keys first. */
function comparator(order: readonly OrderKey[]): Compare {
  const steps = order.map((key): Compare => {
    const { field, descending } = sortKey(key)
    // A keyset holds only the fields it sorts by, so a comparison only ever meets present ones.
    const compare: Compare = (a, b) => compareValues(a[field], b[field])
    return descending ? (a, b) => compare(b, a) : compare
  })
  return (a, b) => {
    for (const step of steps) {
      const result = step(a, b)
      if (result !== 0) return result
    }
    return 0
  }
}

/** How many sort orders {@link MemoryStore} keeps sorted copies of between writes. */
const MAX_CACHED_ORDERS = 8

/** The index of the first of `sorted` that sorts after `keyset` (binary search). */
function indexAfter(sorted: readonly Todo[], keyset: Keyset, compare: Compare): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const todo = sorted[middle]
    if (todo !== undefined && compare(todo, keyset) > 0) high = middle
    else low = middle + 1
  }
  return low
}

/**
 * A store that keeps todos in memory only: fast, dependency-free (it runs in browsers, Bun and
 * Deno), and empty again after a restart.
 *
 * @example
 * const app = createApp({ store: new MemoryStore([{ id: 1, content: 'Buy milk', completed: false }]) })
 */
export class MemoryStore implements TodoStore {
  /** In ascending id order whenever `#sorted`; an insert below the highest id clears it. */
  #byId = new Map<number, Todo>()
  #sorted = true
  /** The todos sorted by each order lists asked for since the last write (see `#sortedBy`). */
  readonly #sortedCache = new Map<string, Todo[]>()
  #nextId = 1
  #revision = 0
  #closed = false
  readonly #table: TodoTable = this.#createTable()

  /** @param initial todos to start with (their ids are kept). */
  constructor(initial: Iterable<Todo> = []) {
    for (const todo of initial) this.#table.insert(todo)
  }

  get revision(): string {
    return String(this.#revision)
  }

  get(id: number): Todo | undefined {
    return this.#byId.get(id)
  }

  /**
   * Stored todos are never changed in place (a write stores a new object), so the array is a
   * snapshot. A page starts with a binary search in the todos sorted by the query's order and
   * reads on only until it is full, so walking a list page by page costs about what reading it
   * whole does, as long as no write comes between the pages.
   */
  list(query: TodoListQuery = {}, page: ListPage = {}): Todo[] {
    const { q, order } = query
    const needle = q?.toLowerCase()
    const filtered = TODO_FIELDS.filter((field) => query[field] !== undefined)
    // A plain loop: this runs for every stored todo, where a closure per call would cost a third
    // of a list's time.
    const selects = (todo: Todo) => {
      for (const field of filtered) if (todo[field] !== query[field]) return false
      return !needle || todo.content.toLowerCase().includes(needle)
    }
    const { after, limit = Number.POSITIVE_INFINITY } = page
    const keys = keysetKeys(order)
    const sorted = this.#sortedBy(keys)
    const selected: Todo[] = []
    let index = after === undefined ? 0 : indexAfter(sorted, after, comparator(keys))
    for (; index < sorted.length && selected.length < limit; index++) {
      const todo = sorted[index]
      if (todo !== undefined && selects(todo)) selected.push(todo)
    }
    return selected
  }

  async write<T>(change: (table: TodoTable) => T): Promise<T> {
    if (this.#closed) throw new Error('The store is closed')
    try {
      const result = change(this.#table)
      this.#revision++
      return result
    } finally {
      // A change that throws must not have changed anything, but a stale sort would be worse.
      this.#sortedCache.clear()
    }
  }

  /**
   * Every todo in the order of `keys` (which end with id, so no two tie), sorted once and kept
   * until the next write: the pages of one walk share one sort.
   */
  #sortedBy(keys: readonly OrderKey[]): readonly Todo[] {
    const cacheKey = keys.join(',')
    let sorted = this.#sortedCache.get(cacheKey)
    if (sorted === undefined) {
      if (!this.#sorted) {
        this.#byId = new Map([...this.#byId].sort(([a], [b]) => a - b))
        this.#sorted = true
      }
      sorted = [...this.#byId.values()]
      if (cacheKey !== 'id') sorted.sort(comparator(keys))
      // A few orders are in use at a time; a client cycling through many only costs re-sorts.
      if (this.#sortedCache.size >= MAX_CACHED_ORDERS) this.#sortedCache.clear()
      this.#sortedCache.set(cacheKey, sorted)
    }
    return sorted
  }

  async close(): Promise<void> {
    this.#closed = true
  }

  #createTable(): TodoTable {
    const store = this
    const put = (todo: Todo) => {
      const stored = todoRecord(todo)
      store.#byId.set(stored.id, stored)
      return stored
    }
    return {
      get: (id) => store.#byId.get(id),
      get size() {
        return store.#byId.size
      },
      get nextId() {
        return store.#nextId
      },
      insert: (todo) => {
        if (todo.id < store.#nextId - 1) store.#sorted = false
        store.#nextId = Math.max(store.#nextId, todo.id + 1)
        return put(todo)
      },
      put,
      remove: (id) => void store.#byId.delete(id),
    }
  }
}
