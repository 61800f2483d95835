import { COLLECTION_PATH } from '@todokit/sdk/contract'
import type { HttpResponse } from '../http/client.ts'
import type { Exchange } from '../http/exchange.ts'

/** A record the kit created, or may have created, and must remove. */
export interface LedgerEntry {
  id: number
  /** The content the kit sent, when known. */
  content?: string
  /** `true` when a response confirmed the record exists; `false` when only its creation was attempted. */
  confirmed: boolean
  /** `true` once a DELETE of it answered 2xx or 404 (the cleanup's list sweep still verifies it). */
  deleted?: boolean
  /**
   * `true` when a DELETE of it got no answer or an error status: the server may have deleted it
   * anyway, and its id may now be someone else's, so cleanup finds it by content only.
   */
  deleteUncertain?: boolean
  /** `true` once a DELETE of it was sent: from then on, the server may give its id to another record. */
  deleteSent?: boolean
}

/** A create that answered an id another record held: the server hands out ids in use. */
export interface DuplicateId {
  id: number
  /** What held the id, as a sentence. */
  heldBy: string
  exchange: Exchange
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The id at the end of a record path, `NaN` for any other path. */
function idInPath(path: string): number {
  return Number(path.slice(path.lastIndexOf('/') + 1))
}

function sentObject(exchange: Exchange): Record<string, unknown> | undefined {
  if (exchange.requestBody === undefined) return undefined
  try {
    const value: unknown = JSON.parse(exchange.requestBody)
    return isRecord(value) ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * Every record the run created, learned from the exchanges themselves, so that no check can
 * forget to register one: a 2xx answer to POST, PUT or PATCH that names an id is a record of
 * ours (an upserting PUT or PATCH to an unknown id creates one); a
 * POST that got no clear answer (timeout, 5xx) may have created the id it proposed.
 */
export class Ledger {
  readonly entries = new Map<number, LedgerEntry>()
  /**
   * Ids of the records listed when the run started, none of them the run's: the kit never
   * sends PUT, PATCH or DELETE to them, whatever a create answers.
   */
  readonly foreignIds = new Set<number>()
  /** Creates that answered an id another record held. */
  readonly duplicates: DuplicateId[] = []

  /** Whether `id` may belong to someone else: listed at the start, or handed out twice. */
  isShared(id: number): boolean {
    return this.foreignIds.has(id) || this.duplicates.some((duplicate) => duplicate.id === id)
  }

  /** Notes a DELETE as it is sent: its answer may arrive after a create that reuses the id. */
  sending = (method: string, url: string): void => {
    if (method !== 'DELETE') return
    const entry = this.entries.get(idInPath(new URL(url).pathname))
    if (entry) entry.deleteSent = true
  }

  /** Records what an exchange tells about the records the run owns. */
  observe = (exchange: Exchange, response?: HttpResponse): void => {
    const path = new URL(exchange.url).pathname
    const isCollection = path.endsWith(COLLECTION_PATH)
    const sent = sentObject(exchange)
    const sentContent = typeof sent?.content === 'string' ? sent.content : undefined
    if (exchange.method === 'POST' && isCollection) {
      const created = response && response.status >= 200 && response.status < 300
      const body = response?.json
      if (created && isRecord(body) && typeof body.id === 'number' && Number.isFinite(body.id)) {
        const id = body.id as number
        const known = this.entries.get(id)
        const heldBy = this.foreignIds.has(id)
          ? 'a record listed when the run started'
          : known?.confirmed && !known.deleted && !known.deleteUncertain && !known.deleteSent
            ? 'a record this run created earlier and has not deleted'
            : undefined
        if (heldBy) this.duplicates.push({ id, heldBy, exchange })
        this.add({ id, content: sentContent, confirmed: true })
      } else if (
        Number.isInteger(sent?.id) &&
        (response === undefined || response.status >= 500 || created)
      ) {
        this.add({ id: sent?.id as number, content: sentContent, confirmed: false })
      }
    }
    const deletedEntry = exchange.method === 'DELETE' ? this.entries.get(idInPath(path)) : undefined
    if (deletedEntry && response && (response.status < 300 || response.status === 404)) {
      deletedEntry.deleted = true
    } else if (deletedEntry) {
      deletedEntry.deleteUncertain = true
    }
    // A 2xx PUT or PATCH means a record exists at the id: the run's own, or one an upserting
    // server just created for a not-found probe. Either way the run must remove it.
    const written = exchange.method === 'PUT' || exchange.method === 'PATCH'
    if (written && response && response.status >= 200 && response.status < 300) {
      const id = idInPath(path)
      const body = response.json
      const answeredContent =
        isRecord(body) && typeof body.content === 'string' ? body.content : undefined
      if (Number.isInteger(id)) {
        this.add({ id, content: sentContent ?? answeredContent, confirmed: true })
      }
    }
  }

  private add(entry: LedgerEntry): void {
    const known = this.entries.get(entry.id)
    if (known?.confirmed && !entry.confirmed) return
    this.entries.set(entry.id, { ...entry, content: entry.content ?? known?.content })
  }
}
