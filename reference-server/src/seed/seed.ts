import { TodoCreate, type TodoCreateData } from '@todokit/sdk/contract'
import { parseFields } from '../http/problem.ts'
import { MemoryStore } from '../store/memory-store.ts'
import { createTodo, DEFAULT_MAX_TODOS, type TodoStore, type TodoTable } from '../store/store.ts'

/**
 * Checks seed todos as the server would take them: each a valid `POST /todos` body, ids distinct.
 * An error names the todo, as `locate` places it, and the field.
 */
export function parseSeedTodos(
  todos: readonly unknown[],
  locate: (index: number) => string = (index) => `/${index}`,
): TodoCreateData[] {
  const seen = new Set<number>()
  return todos.map((todo, index) => {
    const where = locate(index)
    const { data, errors: [first] = [] } = parseFields(TodoCreate, todo)
    if (data === undefined) throw new Error(`${where}${first?.pointer}: ${first?.detail}`)
    const { id } = data
    if (id !== undefined && seen.has(id)) throw new Error(`${where}/id: the id ${id} appears twice`)
    if (id !== undefined) seen.add(id)
    return data
  })
}

/**
 * Reads the todos of a seed file: a JSON array of `POST /todos` bodies, or json-server's
 * `{ "todos": [...] }`. An error names the file and the field, by its JSON Pointer.
 */
export async function readSeedFile(path: string): Promise<TodoCreateData[]> {
  // Not imported: the msw kit checks its todos with this module in browsers, which have no node:fs.
  const text = await process.getBuiltinModule('node:fs/promises').readFile(path, 'utf8')
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
  for await (const batch of store.list()) if (batch.length > 0) return false
  // A trial run in memory finds a taken id or too many todos before the real store changes.
  const createAll = (table: TodoTable) => {
    for (const todo of todos) createTodo(table, todo, maxTodos)
  }
  await new MemoryStore().write(createAll)
  await store.write(createAll)
  return true
}
