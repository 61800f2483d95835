import {
  type OrderKey,
  TODO_FIELDS,
  type Todo,
  type TodoField,
  type TodoListQuery,
} from '@todokit/sdk/contract'
import { checkpoints } from './checkpoint.ts'
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

/** Characters whose UTF-16 order differs from their code point order: surrogates and above. */
const HIGH_CHARACTERS = /[\ud800-\uffff]/

/**
 * Contents that JavaScript's own comparison would order differently from code points, moved so
 * that it does not: surrogates (characters above U+FFFF) after U+E000–U+FFFF, as UTF-8 and
 * SQLite's BINARY collation order them. Kept per stored todo (and cursor keyset), so a sort
 * compares with the engine's fast string comparison and scans no content.
 */
const codePointKeys = new WeakMap<Keyset, string>()

function rememberCodePointKey(keyset: Keyset): void {
  const { content } = keyset
  if (content === undefined || !HIGH_CHARACTERS.test(content)) return
  const key = content.replace(/[\ud800-\uffff]/g, (character) => {
    const code = character.charCodeAt(0)
    return String.fromCharCode(code >= 0xe000 ? code - 0x800 : code + 0x2000)
  })
  codePointKeys.set(keyset, key)
}

/** Orders two values of one field: text by code point, numbers and booleans (false first) by value. */
function compareField(a: Keyset, b: Keyset, field: TodoField): number {
  if (field !== 'content') return Number(a[field]) - Number(b[field])
  const x = codePointKeys.get(a) ?? (a.content as string)
  const y = codePointKeys.get(b) ?? (b.content as string)
  return x === y ? 0 : x < y ? -1 : 1
}

/** A comparator for sort keys such as `['completed', '-id']`: earlier keys first. */
function comparator(order: readonly OrderKey[]): Compare {
  const steps = order.map((key): Compare => {
    const { field, descending } = sortKey(key)
    // A keyset holds only the fields it sorts by, so a comparison only ever meets present ones.
    return descending ? (a, b) => compareField(b, a, field) : (a, b) => compareField(a, b, field)
  })
  return (a, b) => {
    for (const step of steps) {
      const result = step(a, b)
      if (result !== 0) return result
    }
    return 0
  }
}

/** Todos sorted by the engine at a time before they are merged in slices. */
const RUN = 64

/**
 * `todos` sorted by `compare` (a merge sort, stable), giving the event loop a turn whenever
 * `checkpoint` says a slice is used up: however costly the comparisons, other requests are
 * answered in between.
 */
async function sortInSlices(todos: Todo[], compare: Compare): Promise<Todo[]> {
  const checkpoint = checkpoints()
  const count = todos.length
  for (let start = 0; start < count; start += RUN) {
    const run = todos.slice(start, start + RUN).sort(compare)
    for (let index = 0; index < run.length; index++) todos[start + index] = run[index]!
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
        if ((k & 63) === 0) {
          const turn = checkpoint()
          if (turn) await turn
        }
      }
      while (i < middle) target[k++] = source[i++]!
      while (j < right) target[k++] = source[j++]!
    }
    ;[source, target] = [target, source]
  }
  return source
}

/**
 * The most characters a list of every todo may hold for the store to answer it at once; past it
 * a list is sorted and filtered in slices. Ten thousand short todos are listed at once.
 */
const QUICK_LIST_CHARS = 1_000_000

/**
 * The todos of `sorted` that `query` selects, from after `page.after`, at most `page.limit`;
 * every 32 todos looked at, an `undefined`, where a list in slices may pause.
 */
function* select(
  sorted: readonly Todo[],
  query: TodoListQuery,
  page: ListPage,
  keys: readonly OrderKey[],
): Generator<Todo | undefined> {
  const needle = query.q?.toLowerCase()
  const filtered = TODO_FIELDS.filter((field) => query[field] !== undefined)
  const { after, limit = Number.POSITIVE_INFINITY } = page
  let index = after === undefined ? 0 : indexAfter(sorted, after, comparator(keys))
  let selected = 0
  for (; index < sorted.length && selected < limit; index++) {
    const todo = sorted[index]!
    if ((index & 31) === 31) yield undefined
    // A plain loop rather than a closure per todo: this runs for every stored todo.
    let selects = true
    for (const field of filtered) if (todo[field] !== query[field]) selects = false
    if (selects && needle && !todo.content.toLowerCase().includes(needle)) selects = false
    if (!selects) continue
    selected++
    yield todo
  }
}

/** How many sort orders {@link MemoryStore} keeps sorted copies of between writes. */
const MAX_CACHED_ORDERS = 8

/** The index of the first of `sorted` that sorts after `keyset` (binary search). */
function indexAfter(sorted: readonly Todo[], keyset: Keyset, compare: Compare): number {
  rememberCodePointKey(keyset)
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
  /** The todos sorted by each order lists asked for since the last write (see `#cacheSorted`). */
  readonly #sortedCache = new Map<string, readonly Todo[] | Promise<readonly Todo[]>>()
  /** The length of every stored content, summed. */
  #contentLength = 0
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
   * Every todo, in id order: the store as a plain list, for a test to read synchronously.
   *
   * @example
   * const store = new MemoryStore([{ id: 1, content: 'Buy milk', completed: false }])
   * [...store] // → [{ id: 1, content: 'Buy milk', completed: false }]
   */
  [Symbol.iterator](): IterableIterator<Todo> {
    return this.#inIdOrder().values()
  }

  /**
   * Stored todos are never changed in place (a write stores a new object), so the sorted array
   * is a snapshot. A page starts with a binary search in the todos sorted by the query's order
   * and reads on only until it is full, so walking a list page by page costs about what reading
   * it whole does, as long as no write comes between the pages. A store small enough to list
   * in a moment answers at once, with an array; a larger one sorts and filters in slices,
   * giving the event loop a turn after each.
   */
  list(query: TodoListQuery = {}, page: ListPage = {}): Todo[] | AsyncGenerator<Todo> {
    const keys = keysetKeys(query.order)
    const cacheKey = keys.join(',')
    const sorted = this.#sortedCache.get(cacheKey)
    if (this.#size() > QUICK_LIST_CHARS || sorted instanceof Promise) {
      return this.#listInSlices(query, page, keys)
    }
    const todos = sorted ?? this.#cacheSorted(cacheKey, this.#idOrderCopy().sort(comparator(keys)))
    const listed: Todo[] = []
    for (const todo of select(todos, query, page, keys)) if (todo) listed.push(todo)
    return listed
  }

  async *#listInSlices(
    query: TodoListQuery,
    page: ListPage,
    keys: readonly OrderKey[],
  ): AsyncGenerator<Todo> {
    const cacheKey = keys.join(',')
    let sorted = this.#sortedCache.get(cacheKey)
    if (sorted === undefined) {
      const sorting = sortInSlices(this.#idOrderCopy(), comparator(keys))
      this.#cacheSorted(cacheKey, sorting)
      sorted = await sorting
      // Kept unless a write came meanwhile: then the sort is this list's snapshot alone.
      if (this.#sortedCache.get(cacheKey) === sorting) this.#sortedCache.set(cacheKey, sorted)
    }
    const checkpoint = checkpoints()
    for (const todo of select(await sorted, query, page, keys)) {
      if (todo) yield todo
      else {
        const turn = checkpoint()
        if (turn) await turn
      }
    }
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

  /** Every todo in id order, sorted again only after an insert below the highest id. */
  #inIdOrder(): Map<number, Todo> {
    if (!this.#sorted) {
      this.#byId = new Map([...this.#byId].sort(([a], [b]) => a - b))
      this.#sorted = true
    }
    return this.#byId
  }

  /** A copy of every todo in id order, to sort. */
  #idOrderCopy(): Todo[] {
    return [...this.#inIdOrder().values()]
  }

  /** Characters a list of every todo would hold: what listing them all costs. */
  #size(): number {
    return this.#byId.size * 64 + this.#contentLength
  }

  /**
   * Keeps `sorted` (or the sort in progress) until the next write: the pages of one walk, and
   * lists asked for while a sort runs, share one sort.
   */
  #cacheSorted<T extends readonly Todo[] | Promise<readonly Todo[]>>(key: string, sorted: T): T {
    // A few orders are in use at a time; a client cycling through many only costs re-sorts.
    if (this.#sortedCache.size >= MAX_CACHED_ORDERS) this.#sortedCache.clear()
    this.#sortedCache.set(key, sorted)
    return sorted
  }

  async close(): Promise<void> {
    this.#closed = true
  }

  #createTable(): TodoTable {
    const store = this
    const put = (todo: Todo) => {
      const stored = todoRecord(todo)
      rememberCodePointKey(stored)
      store.#contentLength +=
        stored.content.length - (store.#byId.get(stored.id)?.content.length ?? 0)
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
      remove: (id) => {
        store.#contentLength -= store.#byId.get(id)?.content.length ?? 0
        store.#byId.delete(id)
      },
    }
  }
}
