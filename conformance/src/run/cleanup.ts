import { COLLECTION_PATH, type Todo, TodoList, todoPath } from '@todokit/sdk/contract'
import * as z from 'zod/mini'
import type { HttpClient } from '../http/client.ts'
import { RequestTimeoutError } from '../http/errors.ts'
import type { Residue } from '../report.ts'
import type { Ledger } from './ledger.ts'
import { forEachConcurrent } from './pool.ts'

const CLEANUP_CONCURRENCY = 8

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

async function listed(http: HttpClient): Promise<Todo[] | undefined> {
  try {
    const response = await http.request('GET', COLLECTION_PATH)
    const parsed = z.safeParse(TodoList, response.json)
    return response.status === 200 && parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/**
 * Removes every record the run created and returns those it could not. Confirmed records not
 * yet deleted are deleted by id (unless a DELETE of theirs got no clear answer: the server may
 * have deleted it and given the id to someone else); then the list is read once, and any record that carries the
 * run's marker, or the content the ledger holds for a record not yet deleted, is deleted again
 * (a server whose DELETE answered 200 without deleting, or a create whose answer was lost).
 * Records of others are never touched: an id alone, proposed or once confirmed, proves nothing,
 * since a server may give a freed id to someone else's record.
 */
export async function cleanUp(
  http: HttpClient,
  ledger: Ledger,
  marker: string,
): Promise<Residue[]> {
  const failures = new Map<number, string>()
  // Once a DELETE got no answer, the others would most likely wait as long: stop sending them,
  // so a hanging server costs one timeout rather than one per record.
  let hanging: string | undefined
  const remove = async (id: number) => {
    if (hanging) {
      failures.set(id, `not attempted: ${hanging}`)
      return
    }
    try {
      const response = await http.request('DELETE', todoPath(id))
      if (response.status >= 300 && response.status !== 404) {
        failures.set(id, `DELETE answered ${response.status} ${response.statusText}`)
      }
    } catch (error) {
      if (error instanceof RequestTimeoutError) hanging = describeError(error)
      failures.set(id, describeError(error))
    }
  }
  const confirmed = [...ledger.entries.values()].filter(
    (entry) => entry.confirmed && !entry.deleted && !entry.deleteUncertain,
  )
  await forEachConcurrent(confirmed, CLEANUP_CONCURRENCY, (entry) => remove(entry.id))

  // A listed record is the run's only by its content: a deleted record's id may now belong to
  // someone else's record (servers reuse ids), so an id alone proves nothing.
  const ours = (todo: Todo) => {
    if (todo.content.startsWith(marker)) return true
    const entry = ledger.entries.get(todo.id)
    return entry?.confirmed === true && !entry.deleted && entry.content === todo.content
  }
  const before = await listed(http)
  if (before === undefined) {
    return [...failures].map(([id, reason]) => ({
      id,
      content: ledger.entries.get(id)?.content,
      reason: `${reason}; GET /todos is unreadable, so the rest could not be verified`,
    }))
  }
  const leftovers = before.filter(ours)
  if (leftovers.length === 0) return []
  await forEachConcurrent(leftovers, CLEANUP_CONCURRENCY, (todo) => remove(todo.id))
  const after = (await listed(http)) ?? leftovers
  return after.filter(ours).map((todo) => ({
    id: todo.id,
    content: todo.content,
    reason: failures.get(todo.id) ?? 'still listed after DELETE answered success',
  }))
}
