import { readFile, rename, writeFile } from 'node:fs/promises'
import type { Todo, TodoCreateData, TodoPatchInput } from '@todokit/sdk/contract'
import type { TodoStore } from './store.ts'
import { TodoTable } from './todo-table.ts'

/** Options of {@link FileStore.open}. */
export type FileStoreOptions = {}

/**
 * A store that keeps todos in a JSON file. (First cut: rewrites the file on every write; the
 * journal with group commit replaces this.)
 *
 * @example
 * const store = await FileStore.open('todos.json')
 */
export class FileStore implements TodoStore {
  readonly #table = new TodoTable()
  readonly #path: string
  #queue: Promise<void> = Promise.resolve()
  #closed = false

  private constructor(path: string) {
    this.#path = path
  }

  /** Opens (or creates) the data file at `path`. */
  static async open(path: string, _options: FileStoreOptions = {}): Promise<FileStore> {
    const store = new FileStore(path)
    let text: string | undefined
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    if (text !== undefined) {
      const data = JSON.parse(text) as { todos: Todo[]; nextId?: number }
      for (const todo of data.todos) store.#table.insert(todo)
      store.#table.raiseNextId(data.nextId ?? 1)
    }
    return store
  }

  get revision(): number {
    return this.#table.revision
  }

  list(): readonly Todo[] {
    return this.#table.list()
  }

  get(id: number): Todo | undefined {
    return this.#table.get(id)
  }

  async create(input: TodoCreateData): Promise<Todo> {
    this.#assertOpen()
    const todo = this.#table.insert(this.#table.prepareCreate(input))
    await this.#save()
    return todo
  }

  async replace(todo: Todo): Promise<Todo | undefined> {
    this.#assertOpen()
    const stored = this.#table.put(todo)
    if (stored) await this.#save()
    return stored
  }

  async update(id: number, patch: TodoPatchInput): Promise<Todo | undefined> {
    this.#assertOpen()
    const next = this.#table.preparePatch(id, patch)
    const stored = next && this.#table.put(next)
    if (stored) await this.#save()
    return stored
  }

  async delete(id: number): Promise<Todo | undefined> {
    this.#assertOpen()
    const removed = this.#table.remove(id)
    if (removed) await this.#save()
    return removed
  }

  async close(): Promise<void> {
    this.#closed = true
    await this.#queue
  }

  #save(): Promise<void> {
    const text = JSON.stringify({ nextId: this.#table.nextId, todos: this.#table.list() })
    this.#queue = this.#queue.then(async () => {
      await writeFile(`${this.#path}.tmp`, text)
      await rename(`${this.#path}.tmp`, this.#path)
    })
    return this.#queue
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('The store is closed')
  }
}
