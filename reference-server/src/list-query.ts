import {
  LIST_QUERY_PARAMETERS,
  OrderKey,
  type Todo,
  TodoListQuery,
  type TodoListQuery as TodoListQueryValue,
} from '@todokit/sdk/contract'
import * as z from 'zod/mini'
import { fieldErrors, PARSE_OPTIONS } from './field-errors.ts'
import { type FieldError, jsonPointer } from './problem.ts'

export type ListQueryResult =
  | { ok: true; query: TodoListQueryValue }
  | { ok: false; errors: FieldError[] }

const KNOWN = LIST_QUERY_PARAMETERS.join(', ')
const SORT_KEYS = OrderKey.options.join(', ')

/**
 * Decodes the query string of `GET /todos` (without the `?`) with the contract's codec. Every
 * problem is named: an unknown or repeated parameter, a bad value, an unknown sort field.
 *
 * @example
 * parseListQuery('completed=false&order=-id') // → { ok: true, query: { completed: false, order: ['-id'] } }
 */
export function parseListQuery(search: string): ListQueryResult {
  // No prototype: a parameter named `__proto__` must become an own key (and so an unknown
  // parameter) rather than a silently ignored write to the prototype.
  const raw: Record<string, string> = Object.create(null)
  const errors: FieldError[] = []
  for (const [name, value] of new URLSearchParams(search)) {
    if (Object.hasOwn(raw, name)) {
      errors.push({
        pointer: jsonPointer([name]),
        detail: `The query parameter "${name}" is repeated; send it once`,
      })
    }
    raw[name] = value
  }
  if (errors.length > 0) return { ok: false, errors }
  const decoded = z.safeDecode(TodoListQuery, raw as z.input<typeof TodoListQuery>, PARSE_OPTIONS)
  if (decoded.success) return { ok: true, query: decoded.data }
  const describe = (issue: z.core.$ZodIssue): string => {
    const [name, index] = issue.path
    if (name === 'order' && typeof index === 'number') {
      const key = (raw.order ?? '').split(',')[index]
      return `Unknown sort key "${key}" in order; use ${SORT_KEYS}`
    }
    return `${issue.message} (query parameter ${String(name)})`
  }
  return {
    ok: false,
    errors: fieldErrors(decoded.error.issues, {
      unknown: (name) => `Unknown query parameter "${name}"; known: ${KNOWN}`,
      describe,
      depth: 1,
    }),
  }
}

type Compare = (a: Todo, b: Todo) => number

const COMPARE: Record<string, Compare> = {
  id: (a, b) => a.id - b.id,
  content: (a, b) => (a.content < b.content ? -1 : a.content > b.content ? 1 : 0),
  completed: (a, b) => Number(a.completed) - Number(b.completed),
}

/** A comparator for sort keys such as `['completed', '-id']`: earlier keys first. */
function comparator(order: readonly OrderKey[]): Compare {
  const steps = order.map((key) => {
    const descending = key.startsWith('-')
    const compare = COMPARE[descending ? key.slice(1) : key] as Compare
    return descending ? (a: Todo, b: Todo) => compare(b, a) : compare
  })
  return (a, b) => {
    for (const step of steps) {
      const result = step(a, b)
      if (result !== 0) return result
    }
    return 0
  }
}

/**
 * The todos a decoded query selects, in its order. `todos` is in ascending id order and the sort
 * is stable, so ties keep id order. Content sorts by UTF-16 code units, `false` before `true`.
 */
export function selectTodos(todos: readonly Todo[], query: TodoListQueryValue): readonly Todo[] {
  const { id, content, completed, q, order } = query
  const needle = q?.toLowerCase()
  let selected = todos
  if (id !== undefined || content !== undefined || completed !== undefined || needle) {
    selected = todos.filter(
      (todo) =>
        (id === undefined || todo.id === id) &&
        (content === undefined || todo.content === content) &&
        (completed === undefined || todo.completed === completed) &&
        (!needle || todo.content.toLowerCase().includes(needle)),
    )
  }
  if (order === undefined) return selected
  return (selected === todos ? [...todos] : (selected as Todo[])).sort(comparator(order))
}
