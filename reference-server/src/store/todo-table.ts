import type { Todo, TodoCreateData, TodoPatchInput } from '@todokit/sdk/contract'
import { IdTakenError } from './store.ts'

/**
 * The in-memory table both stores build on: records by id, kept also as an array in id order
 * (so listing never sorts), the id counter and the revision. Every method is synchronous and
 * checks before it changes anything, so a refused write leaves the table as it was.
 */
export class TodoTable {
  readonly #byId = new Map<number, Todo>()
  /** The same records in ascending id order. */
  readonly #ordered: Todo[] = []
  #nextId = 1
  #revision = 0

  get revision(): number {
    return this.#revision
  }

  /** The id the next create without an id receives. */
  get nextId(): number {
    return this.#nextId
  }

  get size(): number {
    return this.#byId.size
  }

  /** Every todo in ascending id order. Valid until the next write; copy it to keep it longer. */
  list(): readonly Todo[] {
    return this.#ordered
  }

  get(id: number): Todo | undefined {
    return this.#byId.get(id)
  }

  /** Builds the todo `create` would store, without storing it. */
  prepareCreate(input: TodoCreateData): Todo {
    const id = input.id ?? this.#nextId
    if (this.#byId.has(id)) throw new IdTakenError(id)
    return { id, content: input.content, completed: input.completed }
  }

  /** Stores `todo` (from {@link prepareCreate}, or replayed from a journal) as a new record. */
  insert(todo: Todo): Todo {
    if (this.#byId.has(todo.id)) throw new IdTakenError(todo.id)
    const stored = { id: todo.id, content: todo.content, completed: todo.completed }
    this.#byId.set(stored.id, stored)
    this.#ordered.splice(this.#indexOf(stored.id), 0, stored)
    this.#nextId = Math.max(this.#nextId, stored.id + 1)
    this.#revision++
    return stored
  }

  /** Sets the record with `todo.id`; `undefined` when there is none. */
  put(todo: Todo): Todo | undefined {
    if (!this.#byId.has(todo.id)) return undefined
    const stored = { id: todo.id, content: todo.content, completed: todo.completed }
    this.#byId.set(stored.id, stored)
    this.#ordered[this.#indexOf(stored.id)] = stored
    this.#revision++
    return stored
  }

  /** The todo `update` would store, without storing it; `undefined` when there is none. */
  preparePatch(id: number, patch: TodoPatchInput): Todo | undefined {
    const current = this.#byId.get(id)
    if (current === undefined) return undefined
    return {
      id,
      content: patch.content ?? current.content,
      completed: patch.completed ?? current.completed,
    }
  }

  remove(id: number): Todo | undefined {
    const removed = this.#byId.get(id)
    if (removed === undefined) return undefined
    this.#byId.delete(id)
    this.#ordered.splice(this.#indexOf(id), 1)
    this.#revision++
    return removed
  }

  /** Restores the counter from a snapshot, so ids of deleted todos are never handed out again. */
  raiseNextId(nextId: number): void {
    this.#nextId = Math.max(this.#nextId, nextId)
  }

  /** Where `id` is, or would be inserted, in the ordered array (binary search; appends are O(1)). */
  #indexOf(id: number): number {
    const ordered = this.#ordered
    if (ordered.length === 0 || (ordered.at(-1) as Todo).id < id) return ordered.length
    let low = 0
    let high = ordered.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((ordered[middle] as Todo).id < id) low = middle + 1
      else high = middle
    }
    return low
  }
}
