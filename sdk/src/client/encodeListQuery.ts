import { defined } from './defined.ts'
import type { TodoListParams } from './options.ts'

/**
 * Turns list parameters into a query string (`?completed=false&order=-id`, or `''`): each defined
 * value as a string, in the order given. An array of order keys becomes its keys joined with `,`,
 * the contract's wire form. Values are not checked here: the types guide callers and the server
 * rejects a query it does not accept.
 */
export function encodeListQuery(params: TodoListParams = {}): string {
  const entries = Object.entries(defined(params)).map(([name, value]) => [name, `${value}`])
  const query = new URLSearchParams(entries).toString()
  return query === '' ? '' : `?${query}`
}
