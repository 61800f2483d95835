import { COLLECTION_PATH, todoPath } from '@todokit/sdk/contract'
import { isErrorType } from '@todokit/sdk/internal'
import type { HttpClient } from '../http/client.ts'
import { RequestTimeoutError } from '../http/errors.ts'
import type { CleanupOutcome, Residue } from '../report.ts'
import type { Ledger } from './ledger.ts'
import { type LenientRecord, provesOurs, readLeniently } from './lenient.ts'
import { forEachConcurrent } from './pool.ts'

const CLEANUP_CONCURRENCY = 8

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The list read leniently, or why it could not be read. */
async function listed(http: HttpClient): Promise<LenientRecord[] | string> {
  try {
    const response = await http.request('GET', COLLECTION_PATH)
    const records = response.status === 200 ? readLeniently(response.json) : undefined
    return records ?? `GET /todos answered ${response.status} ${response.statusText} without a list`
  } catch (error) {
    return `GET /todos failed: ${describeError(error)}`
  }
}

function contentOf(value: unknown): string | undefined {
  if (value === undefined) return undefined
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * Removes the records the run created and says what it could not remove or could not check.
 * A record is deleted only after `GET /todos/{id}` shows it with the run's marker: an id alone,
 * proposed or answered by a create, proves nothing (servers reuse ids, and some hand out ids in
 * use). Ids another record held when the run started are never sent a DELETE. The list is read
 * leniently (id and content), so one malformed record cannot stop the sweep; whatever could
 * not be read back or whose DELETE got no clear answer is reported as possible residue, and the
 * outcome is `verified` only when the final list shows none of the run's records.
 */
export async function cleanUp(
  http: HttpClient,
  ledger: Ledger,
  marker: string,
): Promise<CleanupOutcome> {
  const residue = new Map<number, Residue>()
  const unverified: string[] = []
  const possible = (id: number, reason: string, content?: unknown) => {
    residue.set(id, { id, content: contentOf(content), reason, possible: true })
  }
  // Once a DELETE got no answer the others would most likely wait as long: stop sending them,
  // so a hanging server costs one timeout rather than one per record.
  let hanging: string | undefined

  const before = await listed(http)
  const listedIds = typeof before === 'string' ? [] : before.map((record) => record.id)
  const shared = new Set(listedIds.filter((id, i) => listedIds.indexOf(id) !== i))
  const candidates = new Set<number>()
  for (const entry of ledger.entries.values()) if (!entry.deleted) candidates.add(entry.id)
  if (typeof before === 'string') unverified.push(before)
  else {
    for (const record of before) {
      if (
        typeof record.id === 'number' &&
        Number.isFinite(record.id) &&
        provesOurs(record.content, marker)
      ) {
        candidates.add(record.id as number)
      }
    }
  }

  const remove = async (id: number) => {
    const entry = ledger.entries.get(id)
    if (ledger.isShared(id) || shared.has(id)) {
      possible(id, 'not deleted: another record holds the same id', entry?.content)
      return
    }
    let read: Awaited<ReturnType<HttpClient['request']>>
    try {
      read = await http.request('GET', todoPath(id))
    } catch (error) {
      unverified.push(`GET /todos/${id} failed`)
      possible(id, `could not be read back: ${describeError(error)}`, entry?.content)
      return
    }
    if (read.status === 404 || read.status === 410) return
    const record = read.status === 200 ? readLeniently([read.json])?.[0] : undefined
    if (record === undefined) {
      unverified.push(`GET /todos/${id} answered ${read.status}`)
      possible(id, `read back answered ${read.status} ${read.statusText}`, entry?.content)
      return
    }
    if (record.id !== id || !provesOurs(record.content, marker)) {
      // Someone else's record at an id a create of the run answered: never delete it.
      if (entry?.confirmed && !entry.deleteUncertain) {
        possible(
          id,
          `not deleted: GET /todos/${id} shows a record without the run's marker, although a create answered this id`,
          entry.content,
        )
      }
      return
    }
    if (hanging) {
      possible(id, `not attempted: ${hanging}`, record.content)
      return
    }
    try {
      const response = await http.request('DELETE', todoPath(id))
      if (response.status >= 300 && response.status !== 404) {
        possible(id, `DELETE answered ${response.status} ${response.statusText}`, record.content)
      }
    } catch (error) {
      if (isErrorType(error, RequestTimeoutError)) hanging = describeError(error)
      possible(id, `DELETE got no answer: ${describeError(error)}`, record.content)
    }
  }
  await forEachConcurrent([...candidates], CLEANUP_CONCURRENCY, remove)

  const after = await listed(http)
  if (typeof after === 'string') unverified.push(after)
  else {
    for (const record of after) {
      const id = record.id as number
      if (!provesOurs(record.content, marker) || residue.has(id)) continue
      residue.set(id, {
        id,
        content: contentOf(record.content),
        reason: 'still listed after DELETE answered success',
      })
    }
  }
  return {
    residue: [...residue.values()],
    verified: unverified.length === 0,
    ...(unverified.length > 0 ? { unverifiedBecause: unverified.slice(0, 3).join('; ') } : {}),
  }
}
