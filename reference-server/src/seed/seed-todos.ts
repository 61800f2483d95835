import { TodoCreate, type TodoCreateData } from '@todokit/sdk/contract'
import * as z from 'zod/mini'
import { fieldErrors, PARSE_OPTIONS } from '../http/problem.ts'
import { LONE_SURROGATE } from '../http/request.ts'

// Apart from the seed file's reader (seed.ts): the msw kit checks its starting todos with this,
// in browsers too, where node:fs does not exist.

/**
 * Checks seed todos as the server would take them: each a valid `POST /todos` body (`id` and
 * `completed` optional, `id` at most `MAX_CLIENT_ID`), ids distinct. An error names the
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
    if (id !== undefined && seen.has(id)) throw new Error(`${where}/id: the id ${id} appears twice`)
    if (id !== undefined) seen.add(id)
    return result.data
  })
}
