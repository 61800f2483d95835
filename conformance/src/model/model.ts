import type { Exchange } from '../http/exchange.ts'
import type { Capability } from '../levels.ts'

/** An id as a server hands it out: the contract says integer, but the kit follows any. */
export type Id = number | string

/** A todo as the contract says it must be stored. */
export type Expected = { id: Id; content: string; completed: boolean }

/** The last write a record saw; `sent` names the only fields that may differ from before it. */
export interface LastWrite {
  op: 'create' | 'replace' | 'patch'
  sent: readonly string[]
  exchange: Exchange
}

/** One record the run created: proven its own by the create that answered with it. */
export interface OwnRecord {
  key: string
  expected: Expected
  /** States a read may also show, because a rule was already charged with them. */
  tolerated: Set<string>
  deleted?: boolean
  /** A 5xx or a lost answer to a write: what it holds is unknown, so reads are not judged. */
  uncertain?: boolean
  /** Writes to it are under way at once: an answer may show another's fields. */
  concurrent?: boolean
  /** A DELETE got a 5xx or no answer: the id may be free, and someone else's by now. */
  maybeGone?: boolean
  /** Made by a wrongly typed write the server accepted: only that rule judges its fields. */
  untyped?: boolean
  /** Listed when a read-only run began: not the run's, and must show what that list showed. */
  found?: boolean
  lastWrite?: LastWrite
  /** A request that named it out of contract: the rule that answers for what reads show of it. */
  blame?: { rule: string; exchange: Exchange }
}

/** What the run learnt of the server's own choices where the contract leaves them open. */
export interface Policy {
  assignsIds?: boolean
  /** What a create does with an id the client chose. */
  clientIds?: 'stored' | 'ignored' | 'refused'
  completedOptional?: boolean
  trims?: boolean
  idType?: 'integer' | 'other'
}

/**
 * A record of the run that is there, in a state the model knows, with well-typed fields: one a
 * wrongly typed write left ill-typed is that write's rule's alone.
 */
export const isLive = (record?: OwnRecord): record is OwnRecord =>
  record !== undefined && !record.deleted && !record.uncertain && !record.untyped

export const keyOf = (id: unknown): string => JSON.stringify(id) ?? 'undefined'

/** The fields reads compare, as one string. */
export const stateOf = (todo: { content?: unknown; completed?: unknown }): string =>
  JSON.stringify([todo.content, todo.completed])

/**
 * The one executable model of the contract: the run's own records as they must be, the ids it
 * found at the start (never written to), and what it learnt of the server.
 */
export class Model {
  readonly records = new Map<string, OwnRecord>()
  /** Ids listed before the run wrote anything: other people's records. */
  readonly foreign = new Set<string>()
  readonly policy: Policy = {}
  /** Creates the server refused: nothing of them may appear afterwards. */
  readonly refusedCreates: Array<{ sent: unknown; exchange: Exchange }> = []
  /** Contents of creates that got no answer, a 5xx or a refusal: a record with one is the run's. */
  readonly maybeStored = new Set<string>()
  /** Records a create answered with an id listed at the start: named, never written. */
  readonly shared: Array<{ id: Id; content: unknown }> = []
  claims: readonly Capability[] = []
  /** A wrongly typed create that was not refused: lists and creates failing since are its. */
  untypedCreate?: Exchange
  /** The last create sent wrong on purpose (or with a large id) that the server accepted. */
  acceptedProbe?: Exchange
  private counter = 0
  /** Starts the content of every record the run creates. */
  readonly marker: string

  constructor(marker: string) {
    this.marker = marker
  }

  /** A content no other record of the run holds: the marker, a counter and `label`. */
  content(label: string): string {
    this.counter += 1
    return `${this.marker} ${this.counter.toString(36)} ${label}`.trim()
  }

  ownsContent = (content: unknown): boolean =>
    typeof content === 'string' && content.startsWith(`${this.marker} `)

  live = () => [...this.records.values()].filter((record) => !record.deleted)
  /** Live records whose state is known, so reads of them can be judged. */
  settled = () => [...this.records.values()].filter(isLive)
  /** Records the run deleted, with an answer that said so. */
  deleted = () => [...this.records.values()].filter((record) => record.deleted && !record.uncertain)

  /** Records a new create answered with, or (without a write) a record a read-only run found. */
  adopt(expected: Expected, lastWrite?: LastWrite): OwnRecord {
    const origin = lastWrite ? { lastWrite } : { found: true }
    const record: OwnRecord = { key: keyOf(expected.id), expected, tolerated: new Set(), ...origin }
    this.records.set(record.key, record)
    return record
  }

  /** An id nobody seen holds: ten digits, far above a real collection's, below 2^31; or nine. */
  unusedId(digits: 9 | 10 = 10): number {
    const [from, span] = digits === 9 ? [900_000_000, 99_000_000] : [1e9, 1e9]
    for (;;) {
      const id = from + Math.floor(Math.random() * span)
      if (!this.foreign.has(keyOf(id)) && !this.records.has(keyOf(id))) return id
    }
  }
}
