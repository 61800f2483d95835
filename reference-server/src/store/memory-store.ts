import type { Todo, TodoField, TodoListQuery } from '@todokit/sdk/contract'
import {
  checkpoints,
  type Keyset,
  type ListPage,
  type SortKey,
  selected,
  sortKeys,
  type TodoStore,
  type TodoTable,
} from './store.ts'

type Compare = (a: Keyset, b: Keyset) => number

/**
 * Contents that UTF-16 order would sort differently from code points (as SQLite does), mapped so
 * that it does not: surrogates after U+E000–U+FFFF. Kept per todo, so a sort scans no content.
 */
const codePointKeys = new WeakMap<Keyset, string>()

function rememberCodePointKey(keyset: Keyset): void {
  const key = keyset.content?.replace(/[\ud800-\uffff]/g, (character) => {
    const code = character.charCodeAt(0)
    return String.fromCharCode(code >= 0xe000 ? code - 0x800 : code + 0x2000)
  })
  if (key !== keyset.content) codePointKeys.set(keyset, key as string)
}

/** Compares by each key in turn: text by code point, numbers and booleans (false first) by value. */
function comparator(keys: readonly SortKey[]): Compare {
  const value = (todo: Keyset, field: TodoField) =>
    field === 'content'
      ? (codePointKeys.get(todo) ?? (todo.content as string))
      : Number(todo[field])
  return (a, b) => {
    for (const { field, descending } of keys) {
      const x = value(a, field)
      const y = value(b, field)
      if (x !== y) return x < y !== descending ? -1 : 1
    }
    return 0
  }
}

const RUN = 64

/** A stable merge sort that lets the event loop turn, however costly the comparisons. */
async function sortInSlices(todos: Todo[], compare: Compare): Promise<Todo[]> {
  const checkpoint = checkpoints()
  const count = todos.length
  for (let start = 0; start < count; start += RUN) {
    todos.splice(start, RUN, ...todos.slice(start, start + RUN).sort(compare))
    const turn = checkpoint()
    if (turn) await turn
  }
  let source = todos
  let target = new Array<Todo>(count)
  for (let width = RUN; width < count; width *= 2) {
    for (let left = 0; left < count; left += 2 * width) {
      const middle = Math.min(left + width, count)
      const right = Math.min(left + 2 * width, count)
      let [i, j, k] = [left, middle, left]
      while (i < middle && j < right) {
        target[k++] = compare(source[j]!, source[i]!) < 0 ? source[j++]! : source[i++]!
        const turn = (k & 63) === 0 && checkpoint()
        if (turn) await turn
      }
      while (i < middle) target[k++] = source[i++]!
      while (j < right) target[k++] = source[j++]!
    }
    ;[source, target] = [target, source]
  }
  return source
}

const MAX_CACHED_ORDERS = 8

/** The todos of `sorted` past `after`, found by bisection: an array, which for-of reads fastest. */
function following(sorted: readonly Todo[], after: Keyset | undefined, compare: Compare) {
  if (after === undefined) return sorted
  rememberCodePointKey(after)
  let [index, high] = [0, sorted.length]
  while (index < high) {
    const middle = (index + high) >>> 1
    if (compare(sorted[middle] as Todo, after) > 0) high = middle
    else index = middle + 1
  }
  return sorted.slice(index)
}

/**
 * A store that keeps todos in memory only: fast, dependency-free (it runs in browsers, Bun and
 * Deno), and empty again after a restart.
 *
 * @example
 * const app = createApp({ store: new MemoryStore([{ id: 1, content: 'Buy milk', completed: false }]) })
 */
export class MemoryStore implements TodoStore {
  readonly #byId = new Map<number, Todo>()
  /** Each order's sort until the next write, so a walk through the pages sorts once. */
  readonly #sorted = new Map<string, Promise<readonly Todo[]>>()
  #nextId = 1
  #revision = 0
  #closed = false
  readonly #table: TodoTable = {
    get: (id) => this.#byId.get(id),
    size: () => this.#byId.size,
    nextId: () => this.#nextId,
    put: (todo) => {
      this.#nextId = Math.max(this.#nextId, todo.id + 1)
      // A literal: every stored todo has the contract's fields and one shape.
      const stored = { id: todo.id, content: todo.content, completed: todo.completed }
      rememberCodePointKey(stored)
      this.#byId.set(stored.id, stored)
      return stored
    },
    remove: (id) => void this.#byId.delete(id),
  }

  /** @param initial todos to start with (their ids are kept). */
  constructor(initial: Iterable<Todo> = []) {
    for (const todo of initial) this.#table.put(todo)
  }

  get revision(): string {
    return String(this.#revision)
  }

  get(id: number): Todo | undefined {
    return this.#byId.get(id)
  }

  /** Every todo, in id order, for a test to read synchronously. */
  [Symbol.iterator](): IterableIterator<Todo> {
    return [...this.#byId.values()].sort((a, b) => a.id - b.id).values()
  }

  // Not a generator itself: each batch passed on through a yield* costs another await.
  list(query: TodoListQuery = {}, page: ListPage = {}): AsyncGenerator<Todo[]> {
    const keys = sortKeys(query.order)
    const compare = comparator(keys)
    const cacheKey = JSON.stringify(keys)
    let sorting = this.#sorted.get(cacheKey)
    if (sorting === undefined) {
      if (this.#sorted.size >= MAX_CACHED_ORDERS) this.#sorted.clear()
      sorting = sortInSlices([...this.#byId.values()], compare)
      this.#sorted.set(cacheKey, sorting)
    }
    const todos = sorting.then((sorted) => following(sorted, page.after, compare))
    return selected(todos, query, page.limit)
  }

  async write<T>(change: (table: TodoTable) => T): Promise<T> {
    if (this.#closed) throw new Error('The store is closed')
    // clear() gives even an empty map a new table, in the old generation: garbage for full GCs.
    if (this.#sorted.size > 0) this.#sorted.clear()
    const result = change(this.#table)
    this.#revision++
    return result
  }

  async close(): Promise<void> {
    this.#closed = true
  }
}
