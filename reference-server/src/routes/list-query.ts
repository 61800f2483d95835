import {
  LIST_QUERY_PARAMETERS,
  OrderKey,
  TodoListQuery,
  type TodoListQuery as TodoListQueryValue,
} from '@todokit/sdk/contract'
import * as z from 'zod/mini'
import { fieldErrors, PARSE_OPTIONS } from '../http/field-errors.ts'
import { type FieldError, fail, jsonPointer } from '../http/problem.ts'

const KNOWN = LIST_QUERY_PARAMETERS.join(', ')
const SORT_KEYS = OrderKey.options.join(', ')

/** Parameters whose decoded value is a list, so they may be repeated (`order=a&order=b`). */
const LIST_PARAMETERS: ReadonlySet<string> = new Set(
  Object.entries(z.toJSONSchema(TodoListQuery, { io: 'output' }).properties ?? {})
    .filter(([, schema]) => typeof schema === 'object' && schema.type === 'array')
    .map(([name]) => name),
)

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
  const raw: Record<string, string | string[]> = Object.create(null)
  const errors: FieldError[] = []
  for (const [name, value] of new URLSearchParams(search)) {
    const earlier = raw[name]
    if (earlier === undefined) {
      raw[name] = LIST_PARAMETERS.has(name) ? [value] : value
    } else if (Array.isArray(earlier)) {
      earlier.push(value)
    } else {
      errors.push({
        pointer: jsonPointer([name]),
        detail: `The query parameter "${name}" is repeated; send it once`,
      })
    }
  }
  if (errors.length > 0) invalidQuery(errors)
  const decoded = z.safeDecode(TodoListQuery, raw as z.input<typeof TodoListQuery>, PARSE_OPTIONS)
  if (decoded.success) return decoded.data
  const describe = (issue: z.core.$ZodIssue): string => {
    const [name, index] = issue.path
    if (name === 'order' && typeof index === 'number') {
      const key = [raw.order ?? []].flat().join(',').split(',')[index]
      return `Unknown sort key "${key}" in order; use ${SORT_KEYS}`
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
  return fail(400, 'The query is invalid; see errors', { errors })
}
