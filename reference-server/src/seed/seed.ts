import { readFile } from 'node:fs/promises'
import type { TodoCreateData } from '@todokit/sdk/contract'
import { MemoryStore } from '../store/memory-store.ts'
import { createTodo, DEFAULT_MAX_TODOS, type TodoStore, type TodoTable } from '../store/store.ts'
import { parseSeedTodos } from './seed-todos.ts'

/**
 * Reads the todos of a seed file: a JSON array of todos, or json-server's `{ "todos": [...] }`.
 * Each todo is a `POST /todos` body (`id` and `completed` optional). An error names the file
 * and the field, by its JSON Pointer.
 *
 * @example
 * await readSeedFile('todos.json') // → [{ id: 1, content: 'Buy milk', completed: false }, …]
 * // or throws: todos.json: /todos/2/completed: Invalid input: expected boolean, received string
 */
export async function readSeedFile(path: string): Promise<TodoCreateData[]> {
  const text = await readFile(path, 'utf8')
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new Error(`${path}: not valid JSON: ${(error as Error).message}`)
  }
  const wrapped = !Array.isArray(data)
  const todos = wrapped ? (data as { todos?: unknown } | null)?.todos : data
  if (!Array.isArray(todos)) {
    throw new Error(`${path}: expected an array of todos, or an object whose "todos" is one`)
  }
  return parseSeedTodos(todos, (index) => `${path}: ${wrapped ? '/todos' : ''}/${index}`)
}

/**
 * Stores `todos` (from {@link readSeedFile}) in an empty store, all or nothing; a store that
 * already holds todos (a `--data` file from an earlier run) is left alone.
 *
 * @returns whether the todos were stored.
 * @example
 * const store = await SqliteStore.open('todos.db')
 * await seedStore(store, await readSeedFile('sample-todos.json')) // first run only
 */
export async function seedStore(
  store: TodoStore,
  todos: readonly TodoCreateData[],
  maxTodos = DEFAULT_MAX_TODOS,
): Promise<boolean> {
  for await (const _ of store.list()) return false
  // A trial run in memory finds a taken id or too many todos before the real store changes.
  const createAll = (table: TodoTable) => {
    for (const todo of todos) createTodo(table, todo, maxTodos)
  }
  await new MemoryStore().write(createAll)
  await store.write(createAll)
  return true
}
