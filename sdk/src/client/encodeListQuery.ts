import * as z from 'zod/mini'
import { TodoListQuery } from '../contract/index.ts'
import { invalidInput } from './invalidInput.ts'
import type { TodoListParams } from './options.ts'

/**
 * Turns typed list parameters into a query string (`?completed=false&order=-id`, or `''`) with
 * the contract's codec, so the wire format is defined in one place. A query the contract rejects
 * (the same field twice in `order`, an unknown parameter) throws a `TypeError` before any request.
 */
export function encodeListQuery(params: TodoListParams = {}): string {
  const { order } = params
  const query = { ...params, order: typeof order === 'string' ? [order] : order?.slice() }
  const result = z.safeEncode(TodoListQuery, query)
  if (!result.success) throw invalidInput('list query', result.error)
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(result.data)) {
    if (value !== undefined) search.set(name, String(value))
  }
  const text = search.toString()
  return text && `?${text}`
}
