import { TodoCreate, type TodoCreateData } from '@todokit/sdk/contract'
import * as z from 'zod/mini'
import { fieldErrors, PARSE_OPTIONS } from '../http/problem.ts'
import { LONE_SURROGATE } from '../http/request.ts'

/**
 * Checks seed todos as the server would take them: each a valid `POST /todos` body, ids distinct.
 * An error names the todo, as `locate` places it, and the field. Apart from seed.ts, which reads
 * files: the msw kit runs this in browsers, where node:fs does not exist.
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
    if (id !== undefined && seen.has(id)) throw new Error(`${where}/id: the id ${id} appears twice`)
    if (id !== undefined) seen.add(id)
    return result.data
  })
}
