import { readFile } from 'node:fs/promises'
import { TodoCreate, type TodoCreateData } from '@todokit/sdk/contract'
import * as z from 'zod/mini'
import { fieldErrors, PARSE_OPTIONS } from '../http/field-errors.ts'
import { LONE_SURROGATE } from '../http/request.ts'
import { MemoryStore } from './memory-store.ts'
import {
  createTodo,
  DEFAULT_MAX_TODOS,
  MAX_CLIENT_ID,
  type TodoStore,
  type TodoTable,
} from './store.ts'

/**
 * The 1-based line on which each element of the todos array starts: the top-level array, or
 * the array under the top-level key `todos` when `wrapped`.
 */
function elementLines(text: string, wrapped: boolean): number[] {
  const lines: number[] = []
  let line = 1
  let depth = 0
  let arrayDepth = -1
  let awaitingElement = false
  let stringStart = -1
  let key = ''
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string
    if (char === '\n') line++
    if (stringStart !== -1) {
      if (char === '\\') index++
      else if (char === '"') {
        if (depth === 1) key = text.slice(stringStart + 1, index)
        stringStart = -1
      }
      continue
    }
    if (char === ' ' || char === '\n' || char === '\r' || char === '\t') continue
    if (depth === arrayDepth && awaitingElement && char !== ']') {
      lines.push(line)
      awaitingElement = false
    }
    if (char === '"') stringStart = index
    else if (char === '{' || char === '[') {
      depth++
      const isTodos = wrapped ? depth === 2 && key === 'todos' : depth === 1
      if (char === '[' && arrayDepth === -1 && isTodos) {
        arrayDepth = depth
        awaitingElement = true
      }
    } else if (char === '}' || char === ']') depth--
    else if (char === ',' && depth === arrayDepth) awaitingElement = true
  }
  return lines
}

/**
 * Reads the todos of a seed file: a JSON array of todos, or json-server's `{ "todos": [...] }`.
 * Each todo is a `POST /todos` body (`id` and `completed` optional). An error names the file,
 * the line and the field.
 *
 * @example
 * await readSeedFile('todos.json') // → [{ id: 1, content: 'Buy milk', completed: false }, …]
 * // or throws: todos.json:7: /todos/2/completed: Invalid input: expected boolean, received string
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
  const lines = elementLines(text, wrapped)
  return parseSeedTodos(
    todos,
    (index) => `${path}:${lines[index]}: ${wrapped ? '/todos' : ''}/${index}`,
  )
}

/**
 * Checks seed todos as the server would take them: each a valid `POST /todos` body (`id` and
 * `completed` optional), ids distinct and at most {@link MAX_CLIENT_ID}. An error names the
 * todo, as `locate` places it, and the field.
 *
 * @example
 * parseSeedTodos([{ content: 'Buy milk' }]) // → [{ content: 'Buy milk', completed: false }]
 * parseSeedTodos([{ id: 1, content: '' }]) // throws: /0/content: Too small: expected string to have >=1 characters
 */
export function parseSeedTodos(
  todos: readonly unknown[],
  locate: (index: number) => string = (index) => `/${index}`,
): TodoCreateData[] {
  const seen = new Set<number>()
  return todos.map((todo, index) => {
    const where = locate(index)
    const result = z.safeParse(TodoCreate, todo, PARSE_OPTIONS)
    if (!result.success) {
      const [first] = fieldErrors(result.error.issues)
      throw new Error(`${where}${first?.pointer}: ${first?.detail}`)
    }
    if (LONE_SURROGATE.test(result.data.content)) {
      throw new Error(`${where}/content: contains a lone surrogate; use well-formed Unicode`)
    }
    const { id } = result.data
    if (id !== undefined && id > MAX_CLIENT_ID) {
      throw new Error(`${where}/id: ids above ${MAX_CLIENT_ID} are left for the server to assign`)
    }
    if (id !== undefined && seen.has(id)) throw new Error(`${where}/id: the id ${id} appears twice`)
    if (id !== undefined) seen.add(id)
    return result.data
  })
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
  for (const _ of store.list()) return false
  // A trial run in memory finds a taken id or too many todos before the real store changes.
  const createAll = (table: TodoTable) => {
    for (const todo of todos) createTodo(table, todo, maxTodos)
  }
  await new MemoryStore().write(createAll)
  await store.write(createAll)
  return true
}
