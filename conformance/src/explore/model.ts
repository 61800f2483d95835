import type { OrderKey, Todo } from '@todokit/sdk/contract'

/** The run's own records as the contract says they must be, after what the run sent. */
export interface Model {
  /** Live records by id. */
  readonly live: Map<number, Todo>
  /** Records the run deleted: they must not be read again (their id may be reused). */
  readonly deleted: Todo[]
}

/** A list query the exploration sends. */
export interface ListQuery {
  id?: number
  content?: string
  completed?: boolean
  q?: string
  order?: OrderKey[]
  /** Page size of a paged walk: the list is read page by page, following `rel="next"`. */
  limit?: number
}

/** The query as URL parameters, in a stable order. */
export function queryParameters(query: ListQuery): Record<string, string> {
  const parameters: Record<string, string> = {}
  if (query.id !== undefined) parameters.id = String(query.id)
  if (query.content !== undefined) parameters.content = query.content
  if (query.completed !== undefined) parameters.completed = String(query.completed)
  if (query.q !== undefined) parameters.q = query.q
  if (query.order !== undefined) parameters.order = query.order.join(',')
  if (query.limit !== undefined) parameters.limit = String(query.limit)
  return parameters
}

/**
 * The ways a correct server may fold text for `q` (the contract fixes no case rule) and may
 * compare strings for `order` (it fixes no collation): an expectation holds only when every one
 * of them agrees.
 */
const FOLDINGS: Array<(text: string) => string> = [
  (text) => text,
  (text) => text.toLowerCase(),
  (text) => text.toUpperCase(),
  (text) => text.normalize('NFC').toLowerCase(),
  (text) => text.normalize('NFKC').toLowerCase(),
]

/** Whether a record must match `q`: its content contains it exactly. */
export function mustMatchSearch(todo: Todo, q: string): boolean {
  return todo.content.includes(q)
}

/**
 * Whether a record may match `q` on a correct server: some folding of some field's text
 * contains some folding of q (json-server, for one, searches every field).
 */
export function mayMatchSearch(todo: Todo, q: string): boolean {
  const texts = [todo.content, String(todo.id), String(todo.completed)]
  return FOLDINGS.some((fold) => texts.some((text) => fold(text).includes(fold(q))))
}

/** Whether a record passes the field filters of a query (exact match, all of them). */
export function passesFilters(todo: Todo, query: ListQuery): boolean {
  return (
    (query.id === undefined || todo.id === query.id) &&
    (query.content === undefined || todo.content === query.content) &&
    (query.completed === undefined || todo.completed === query.completed)
  )
}

const COLLATIONS: Array<(a: string, b: string) => number> = [
  (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  (a, b) => {
    const x = [...a].map((c) => c.codePointAt(0)!)
    const y = [...b].map((c) => c.codePointAt(0)!)
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!
    return x.length - y.length
  },
  (a, b) => a.localeCompare(b),
  (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }),
  (a, b) => {
    const x = a.toLowerCase()
    const y = b.toLowerCase()
    return x < y ? -1 : x > y ? 1 : 0
  },
]

/**
 * How `a` and `b` compare under one sort key: a sign, or `undefined` when correct servers may
 * disagree (strings that plausible collations order differently).
 */
function compareBy(key: OrderKey, a: Todo, b: Todo): number | undefined {
  const descending = key.startsWith('-')
  const field = (descending ? key.slice(1) : key) as 'id' | 'content' | 'completed'
  let sign: number | undefined
  if (field === 'id') sign = Math.sign(a.id - b.id)
  else if (field === 'completed') sign = Number(a.completed) - Number(b.completed)
  else {
    const signs = new Set(COLLATIONS.map((compare) => Math.sign(compare(a.content, b.content))))
    sign = signs.size === 1 ? [...signs][0] : undefined
  }
  return sign === undefined ? undefined : descending ? -sign : sign
}

/**
 * Whether `order` requires `a` before `b`: `true`, `false` (b before a) or `undefined` (either
 * is correct: a tie, or strings whose order depends on the collation).
 */
export function mustPrecede(order: readonly OrderKey[], a: Todo, b: Todo): boolean | undefined {
  for (const key of order) {
    const sign = compareBy(key, a, b)
    if (sign === undefined) return undefined
    if (sign !== 0) return sign < 0
  }
  return undefined
}
