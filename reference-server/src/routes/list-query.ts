import {
  LIST_QUERY_PARAMETERS,
  OrderKey,
  TodoListQuery,
  type TodoListQuery as TodoListQueryValue,
} from '@todokit/sdk/contract'
import * as z from 'zod/mini'
import { fieldErrors, PARSE_OPTIONS } from '../http/field-errors.ts'
import { type FieldError, fail } from '../http/problem.ts'
import { PROBLEMS } from '../http/problems.ts'

const KNOWN = LIST_QUERY_PARAMETERS.join(', ')
const SORT_KEYS = OrderKey.options.join(', ')

/**
 * Decodes the query string of `GET /todos` (without the `?`) with the contract's codec, or
 * throws a 400 that names every problem: an unknown or repeated parameter, a bad value, an
 * unknown sort field. A list parameter may come comma-separated, repeated, or both; its
 * values are read in the order sent.
 *
 * @example
 * parseListQuery('completed=false&order=-id') // → { completed: false, order: ['-id'] }
 * parseListQuery('order=completed&order=-id') // → { order: ['completed', '-id'] }
 */
export function parseListQuery(search: string): TodoListQueryValue {
  // No prototype: a parameter named `__proto__` must become an own key (and so an unknown
  // parameter) rather than a silently ignored write to the prototype.
  // A repeated parameter becomes an array, which the codec takes where a list belongs (order).
  const raw: Record<string, string | string[]> = Object.create(null)
  for (const [name, value] of new URLSearchParams(search)) {
    const earlier = raw[name]
    raw[name] = earlier === undefined ? value : [earlier, value].flat()
  }
  const decoded = z.safeDecode(TodoListQuery, raw as z.input<typeof TodoListQuery>, PARSE_OPTIONS)
  if (decoded.success) return decoded.data
  const describe = (issue: z.core.$ZodIssue): string => {
    const [name, index] = issue.path
    if (name === 'order' && typeof index === 'number') {
      const key = [raw.order ?? []].flat().join(',').split(',')[index]
      return `Unknown sort key "${key}" in order; use ${SORT_KEYS}`
    }
    if (issue.code === 'invalid_type' && Array.isArray(raw[String(name)])) {
      return `The query parameter "${String(name)}" is repeated; send it once`
    }
    return `${issue.message} (query parameter ${String(name)})`
  }
  return invalidQuery(
    fieldErrors(decoded.error.issues, {
      unknown: (name) => `Unknown query parameter "${name}"; known: ${KNOWN}`,
      describe,
      depth: 1,
    }),
  )
}

function invalidQuery(errors: FieldError[]): never {
  return fail(PROBLEMS.invalidQuery(errors))
}
