import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite'
import { TODO_FIELDS, type Todo, type TodoListQuery } from '@todokit/sdk/contract'
import {
  type Keyset,
  type ListPage,
  type SortKey,
  selected,
  sortKeys,
  type TodoStore,
  TodoStoreError,
  type TodoTable,
} from './store.ts'

// AUTOINCREMENT never reuses an id; the triggers keep the count in the file, for every process.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS todos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    content TEXT NOT NULL,
    completed INTEGER NOT NULL CHECK (completed IN (0, 1))
  );
  CREATE TABLE IF NOT EXISTS todo_count (n INTEGER NOT NULL);
  INSERT INTO todo_count SELECT count(*) FROM todos WHERE NOT EXISTS (SELECT 1 FROM todo_count);
  CREATE TRIGGER IF NOT EXISTS todo_added AFTER INSERT ON todos
    BEGIN UPDATE todo_count SET n = n + 1; END;
  CREATE TRIGGER IF NOT EXISTS todo_removed AFTER DELETE ON todos
    BEGIN UPDATE todo_count SET n = n - 1; END;
`

/**
 * Options of {@link SqliteStore.open}.
 * @example const store = await SqliteStore.open('todos.db', { busyTimeoutMs: 1_000 })
 */
export interface SqliteStoreOptions {
  /**
   * How long a write waits for another process's lock on the file before it is answered 503.
   * The wait blocks this process, so keep it short. @default 5_000
   */
  busyTimeoutMs?: number
}

/**
 * Read connections at most, each streaming one list from its own snapshot; past them a list is
 * read in pages from the main connection, so slow readers never use up the process's files.
 */
const MAX_READERS = 8
const ROWS_PER_READ = 256

type Pending<T = unknown> = {
  change: (table: TodoTable) => T
  resolve: (value: T) => void
  reject: (error: unknown) => void
}
const COLUMNS = TODO_FIELDS.join(', ')

const toTodo = (row: Record<string, SQLInputValue>): Todo => ({
  id: row.id as number,
  content: row.content as string,
  completed: row.completed === 1,
})

/**
 * Every todo in the order of `keys`, past `after`; the store selects from them as the memory
 * store does. A todo comes after the keyset when, for some i, it equals it on keys 1…i-1 and is
 * past it on key i: a row value `(k1, k2) > (?, ?)` cannot mix directions.
 */
function listStatement(keys: readonly SortKey[], after: Keyset | undefined, limit = -1) {
  const parameters: Record<string, SQLInputValue> = { limit } // a negative limit is none
  let where = 'TRUE'
  if (after !== undefined) {
    const past = keys.map(({ field, descending }, index) => {
      const equal = keys.slice(0, index).map((earlier) => `${earlier.field} = :${earlier.field}`)
      return `(${[...equal, `${field} ${descending ? '<' : '>'} :${field}`].join(' AND ')})`
    })
    where = past.join(' OR ')
    for (const { field } of keys) {
      const value = after[field]
      parameters[field] = typeof value === 'boolean' ? Number(value) : (value ?? null)
    }
  }
  const order = keys.map(({ field, descending }) => (descending ? `${field} DESC` : field))
  const sql = `SELECT ${COLUMNS} FROM todos WHERE ${where} ORDER BY ${order} LIMIT :limit`
  return { sql, parameters }
}

/**
 * A store in an SQLite file through `node:sqlite`: a write resolves once it is committed with
 * `synchronous=FULL` in WAL mode, so it survives `kill -9` or a power cut at any moment after.
 * Writes that arrive in the same turn of the event loop share one transaction and one fsync.
 * Lists stream from read connections of their own (see DURABILITY.md).
 * @example const app = createApp({ store: await SqliteStore.open('todos.db') })
 */
export class SqliteStore implements TodoStore {
  readonly #path: string
  readonly #database: DatabaseSync
  readonly #openReader: () => DatabaseSync
  readonly #readers: DatabaseSync[] = []
  #readerCount = 0
  readonly #statements: Record<'get' | 'set' | 'remove' | 'count' | 'dataVersion', StatementSync>
  readonly #table: TodoTable
  #pending: Pending[] = []
  #revision = 0
  #closed = false

  private constructor(path: string, open: (readOnly: boolean) => DatabaseSync) {
    this.#path = path
    this.#database = open(false)
    this.#openReader = () => open(true)
    this.#database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;')
    this.#database.exec(`BEGIN IMMEDIATE; ${SCHEMA} COMMIT;`)
    const prepare = (sql: string) => this.#database.prepare(sql)
    this.#statements = {
      get: prepare(`SELECT ${COLUMNS} FROM todos WHERE id = ?`),
      set: prepare(
        'INSERT INTO todos (id, content, completed) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET content = excluded.content, completed = excluded.completed',
      ),
      remove: prepare('DELETE FROM todos WHERE id = ?'),
      count: prepare(
        `SELECT n AS size, (SELECT coalesce(max(seq), 0) + 1 FROM sqlite_sequence WHERE name = 'todos') AS nextId FROM todo_count`,
      ),
      dataVersion: prepare('PRAGMA data_version'),
    }
    const { set, remove, count } = this.#statements
    const counts = () => count.get() as { size: number; nextId: number }
    this.#table = {
      get: (id) => this.get(id),
      size: () => counts().size,
      nextId: () => counts().nextId,
      put: (todo) => {
        set.run(todo.id, todo.content, Number(todo.completed))
        return todo
      },
      remove: (id) => void remove.run(id),
    }
  }

  /**
   * Opens (or creates) the SQLite file at `path`; a file that is not a todokit database is an
   * error naming it, left as it is. Several processes may share a file: SQLite orders writes.
   * @example const store = await SqliteStore.open('todos.db')
   */
  static async open(path: string, options: SqliteStoreOptions = {}): Promise<SqliteStore> {
    const { busyTimeoutMs = 5_000 } = options
    // Imported here, not at the top: the app also runs where node:sqlite does not exist.
    const { DatabaseSync } = await import('node:sqlite')
    const open = (readOnly: boolean) => {
      const database = new DatabaseSync(path, { readOnly, timeout: busyTimeoutMs })
      if (readOnly) database.exec('PRAGMA cache_size = -512')
      return database
    }
    try {
      return new SqliteStore(path, open)
    } catch (error) {
      const reason = (error as Error).message
      throw new Error(
        `${path}: ${reason}${/not a database/.test(reason) ? ' (todokit keeps SQLite here; to load todos from a JSON file, pass it to --seed)' : ''}`,
        { cause: error },
      )
    }
  }

  get revision(): string {
    // data_version changes when another process commits.
    const { data_version } = this.#statements.dataVersion.get() as { data_version: number }
    return `${this.#revision}.${data_version}`
  }

  get(id: number): Todo | undefined {
    const row = this.#statements.get.get(id)
    return row === undefined ? undefined : toTodo(row)
  }

  async *list(query: TodoListQuery = {}, page: ListPage = {}): AsyncGenerator<Todo[]> {
    let reader = this.#readers.pop()
    if (reader === undefined && this.#readerCount < MAX_READERS) {
      this.#readerCount++
      reader = this.#openReader()
    }
    try {
      yield* selected(this.#ordered(sortKeys(query.order), page, reader), query, page.limit)
    } finally {
      if (reader && this.#closed) reader.close()
      else if (reader) this.#readers.push(reader)
    }
  }

  /**
   * The todos in order past `after`: streamed from `reader`'s snapshot, or without one read a
   * page at a time from the main connection, which holds no file but may show writes.
   */
  *#ordered(keys: SortKey[], { after }: ListPage, reader?: DatabaseSync): Generator<Todo> {
    if (reader !== undefined) {
      const { sql, parameters } = listStatement(keys, after)
      for (const row of reader.prepare(sql).iterate(parameters)) yield toTodo(row)
      return
    }
    for (;;) {
      const { sql, parameters } = listStatement(keys, after, ROWS_PER_READ)
      const todos = this.#database.prepare(sql).all(parameters).map(toTodo)
      yield* todos
      if (todos.length < ROWS_PER_READ) return
      after = todos.at(-1)
    }
  }

  write<T>(change: (table: TodoTable) => T): Promise<T> {
    if (this.#closed) return Promise.reject(new Error(`${this.#path}: the store is closed`))
    return new Promise<T>((resolve, reject) => {
      const pending: Pending<T> = { change, resolve, reject }
      if (this.#pending.push(pending as Pending) === 1) setImmediate(() => this.#commit())
    })
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#commit()
    this.#closed = true
    for (const reader of this.#readers.splice(0)) reader.close()
    this.#database.close()
  }

  /** Runs every pending change in one transaction: one fsync acknowledges them all. */
  #commit(): void {
    const batch = this.#pending
    if (batch.length === 0) return
    this.#pending = []
    const settles: (() => void)[] = []
    try {
      this.#database.exec('BEGIN IMMEDIATE')
      // A change that throws halfway (a seed refused at its third todo) rolls back alone.
      for (const { change, resolve, reject } of batch) {
        this.#database.exec('SAVEPOINT change')
        try {
          const value = change(this.#table)
          settles.push(() => resolve(value))
        } catch (error) {
          this.#database.exec('ROLLBACK TO change')
          settles.push(() => reject(error))
        }
        this.#database.exec('RELEASE change')
      }
      this.#database.exec('COMMIT')
    } catch (cause) {
      if (this.#database.isTransaction) this.#database.exec('ROLLBACK')
      const busy = new TodoStoreError({ reason: 'busy' }, { cause })
      for (const { reject } of batch) reject(busy)
      return
    }
    this.#revision++
    for (const settle of settles) settle()
  }
}
