import type { Todo, TodoCreateData, TodoPatchInput } from '@todokit/sdk/contract'

/**
 * Where the reference server keeps todos. Reads are synchronous (every store keeps its records in
 * memory); writes resolve once the change is as durable as the store promises — for the file
 * store, on disk and fsynced.
 *
 * @example
 * const store = new MemoryStore()
 * const todo = await store.create({ content: 'Buy milk', completed: false })
 * store.get(todo.id) // → the same todo
 */
export interface TodoStore {
  /**
   * Grows by one on every change; the list's ETag derives from it.
   * @throws {StoreFailedError} from a FileStore whose disk failed a write (the app answers 503).
   */
  readonly revision: number
  /**
   * Every todo, in ascending id order. The array must not be mutated by callers.
   * @throws {StoreFailedError} from a FileStore whose disk failed a write (the app answers 503).
   */
  list(): readonly Todo[]
  /**
   * The todo with `id`, or `undefined`.
   * @throws {StoreFailedError} from a FileStore whose disk failed a write (the app answers 503).
   */
  get(id: number): Todo | undefined
  /**
   * Stores a new todo. Without `input.id` the store assigns the next id from a counter that
   * never hands out an id twice, not even one whose todo was deleted.
   * @throws {IdTakenError} when `input.id` belongs to a stored todo.
   */
  create(input: TodoCreateData): Promise<Todo>
  /** Replaces the todo with `todo.id`; `undefined` when there is none. */
  replace(todo: Todo): Promise<Todo | undefined>
  /** Changes the fields `patch` carries; `undefined` when there is no todo with `id`. */
  update(id: number, patch: TodoPatchInput): Promise<Todo | undefined>
  /** Removes the todo with `id` and returns it; `undefined` when there is none. */
  delete(id: number): Promise<Todo | undefined>
  /** Flushes pending writes and releases resources. Further writes reject. */
  close(): Promise<void>
}

/**
 * A create named an id that a stored todo already has (the app answers 409).
 *
 * @example
 * const store = new MemoryStore([{ id: 1, content: 'Buy milk', completed: false }])
 * await store.create({ id: 1, content: 'Walk the dog', completed: false }).catch((error) => {
 *   if (error instanceof IdTakenError) console.log(`id ${error.id} is taken`) // → 'id 1 is taken'
 * })
 */
export class IdTakenError extends Error {
  override readonly name = 'IdTakenError'
  readonly id: number
  constructor(id: number) {
    super(`A todo with id ${id} already exists`)
    this.id = id
  }
}
