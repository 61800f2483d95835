import { readFile } from 'node:fs/promises'
import type { TodoCreateData } from '@todokit/sdk/contract'
import { MemoryStore } from '../store/memory-store.ts'
import { createTodo, DEFAULT_MAX_TODOS, type TodoStore, type TodoTable } from '../store/store.ts'
import { parseSeedTodos } from './seed-todos.ts'

/**
 * Reads the todos of a seed file: a JSON array of `POST /todos` bodies, or json-server's
 * `{ "todos": [...] }`. An error names the file and the field, by its JSON Pointer.
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
 * Stores `todos` in an empty store, all or nothing, and says whether it did: a store that holds
 * todos (a `--data` file from an earlier run) is left alone.
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
