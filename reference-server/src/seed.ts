import type { Todo } from '@todokit/sdk/contract'
import type { TodoStore } from './store/store.ts'

/**
 * The sample todos `--seed` adds, so a fresh server has something to show.
 *
 * @example
 * const app = createApp({ store: new MemoryStore(SAMPLE_TODOS) }) // a demo server, ids 1 to 4
 */
export const SAMPLE_TODOS: readonly Todo[] = [
  { id: 1, content: 'Read the todokit contract', completed: true },
  { id: 2, content: 'Try GET /todos?completed=false&order=-id', completed: false },
  { id: 3, content: 'Open the API reference at /docs', completed: false },
  { id: 4, content: 'Buy milk', completed: false },
]

/**
 * Adds {@link SAMPLE_TODOS} to an empty store; a store that already holds todos (a `--data`
 * file from an earlier run) is left alone.
 *
 * @example
 * const store = await FileStore.open('todos.json')
 * await seedStore(store) // the samples on a first run; later runs keep what the file holds
 */
export async function seedStore(store: TodoStore): Promise<void> {
  if (store.list().length > 0) return
  for (const todo of SAMPLE_TODOS) await store.create(todo)
}
