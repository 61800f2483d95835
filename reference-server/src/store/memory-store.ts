import type { Todo, TodoCreateData, TodoPatchInput } from '@todokit/sdk/contract'
import type { TodoStore } from './store.ts'
import { TodoTable } from './todo-table.ts'

/**
 * A store that keeps todos in memory only: fast, and empty again after a restart.
 *
 * @example
 * const app = createApp({ store: new MemoryStore() })
 */
export class MemoryStore implements TodoStore {
  readonly #table = new TodoTable()
  #closed = false

  /** @param initial todos to start with (their ids are kept). */
  constructor(initial: Iterable<Todo> = []) {
    for (const todo of initial) this.#table.insert(todo)
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
    return this.#table.insert(this.#table.prepareCreate(input))
  }

  async replace(todo: Todo): Promise<Todo | undefined> {
    this.#assertOpen()
    return this.#table.put(todo)
  }

  async update(id: number, patch: TodoPatchInput): Promise<Todo | undefined> {
    this.#assertOpen()
    const next = this.#table.preparePatch(id, patch)
    return next && this.#table.put(next)
  }

  async delete(id: number): Promise<Todo | undefined> {
    this.#assertOpen()
    return this.#table.remove(id)
  }

  async close(): Promise<void> {
    this.#closed = true
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('The store is closed')
  }
}
