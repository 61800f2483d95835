import type { Exchange } from '../http/exchange.ts'
import type { Capability, Level } from '../levels.ts'
import { fieldProblem, isObject, type Observation, type ProbeKind } from '../rules/rule.ts'

/** An id as a server hands it out: the contract says integer, but the kit follows any. */
export type Id = number | string

/** A todo as it must be stored. */
export type Expected = { id: Id; content: string; completed: boolean }

/**
 * The last write a record saw; `sent` names the only fields that may differ from before it, and
 * `together` the writes sent at once with it, itself included, as they were answered. `shown`
 * once a read showed what it left: until then, a query that shows otherwise may be the write's
 * failure, not the query's.
 */
export interface LastWrite {
  op: 'create' | 'replace' | 'patch'
  sent: readonly string[]
  exchange: Exchange
  together?: readonly Exchange[]
  shown?: true
}

/** One record the run created: proven its own by the create that answered with it. */
export interface OwnRecord {
  key: string
  expected: Expected
  /** States a read may also show, because a rule was already charged with them. */
  tolerated: Set<string>
  deleted?: boolean
  /** Deleted, and a GET /todos since did not list it: a query that still does is the query's failure. */
  goneFromList?: boolean
  /** A 5xx or a lost answer to a write: what it holds is unknown, so reads are not judged. */
  uncertain?: boolean
  /** Writes to it are under way at once, these answered so far: an answer may show another's fields. */
  concurrent?: Exchange[]
  /** A DELETE, or a write to an id nobody held, left it in doubt: its id may be someone's now. */
  maybeGone?: boolean
  /** Made by a wrongly typed write the server accepted: only that rule judges its fields. */
  untyped?: boolean
  lastWrite: LastWrite
  /** A request that named it out of contract: the rule that answers for what reads show of it. */
  blame?: { rule: string; exchange: Exchange }
}

/** What the run learnt of the server's choices where the contract leaves them open. */
export interface Policy {
  assignsIds?: boolean
  clientIds?: 'stored' | 'ignored' | 'refused'
  completedOptional?: boolean
  trims?: boolean
  idType?: 'integer' | 'other'
}

/** A record of the run that is there, in a state the model knows, with well-typed fields. */
export const isLive = (record?: OwnRecord): record is OwnRecord =>
  record !== undefined && !record.deleted && !record.uncertain && !record.untyped

/** A record a write out of contract that the server accepted may have moved, changed or removed. */
export const displaced = (record?: OwnRecord): boolean =>
  record?.blame !== undefined && record.blame.rule !== 'write.refused-no-trace'

export const keyOf = (id: unknown): string => JSON.stringify(id) ?? 'undefined'

/** An id as the server handed it out, when it is one the kit can address. */
export const idIn = (json: unknown): Id | undefined =>
  isObject(json) && (typeof json.id === 'number' || typeof json.id === 'string')
    ? json.id
    : undefined

/** A todo as an answer showed it, under the id the run names it by. */
export const todoIn = (json: unknown, id: Id): Expected => {
  const { content, completed } = isObject(json) ? json : {}
  return { id, content: String(content), completed: completed === true }
}

/** Probes whose answer alone says what the record now holds. */
const TYPED = new Set<ProbeKind | undefined>(['wrong-type', 'missing-field', 'empty-patch'])

export const stateOf = (todo: { content?: unknown; completed?: unknown }): string =>
  JSON.stringify([todo.content, todo.completed])

/** The run's own records as they must be, the ids listed at the start, and the server's ways. */
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
  /** Capabilities a query needing nothing else showed answering: a mixed query's failure is not theirs. */
  readonly answeredAlone = new Set<Capability>()
  /** Levels with a rule broken so far: a failure they explain is not charged again elsewhere. */
  readonly broken = new Set<Level>()
  /** How many records the last GET /todos that left out records of the run listed: its cut. */
  listCut?: number
  /** Contents the run sent in a write: one shown in place of another is a record’s, no mangling. */
  readonly written = new Set<string>()
  /** Contents of creates that succeeded without naming an id: a record with one may be theirs. */
  readonly unnamed = new Set<unknown>()
  /**
   * A wrongly typed create that was not refused, and the last create sent wrong on purpose that
   * the server accepted: lists and creates failing since are its.
   */
  untypedCreate?: Exchange
  /** The last create sent wrong on purpose (or with a large id) that the server accepted. */
  acceptedProbe?: Exchange
  /** The run stored id 2^53 − 1: ids a server counts on from it are past exact JSON numbers. */
  storedLastExactId = false
  private counter = 0
  /** Starts the content of every record the run creates: `tk` and a short random id. */
  readonly marker = `tk${Math.random().toString(36).slice(2, 8).padEnd(6, '0')}`

  /** A content no other record of the run holds: the marker, a counter and `label`. */
  content(label: string): string {
    this.counter += 1
    return `${this.marker} ${this.counter.toString(36)} ${label}`.trim()
  }

  /** Whether a content carries the marker, at its start or, in the run's awkward contents, its end. */
  marked = (content: unknown): boolean =>
    typeof content === 'string' && content.includes(this.marker)

  live = () => [...this.records.values()].filter((record) => !record.deleted)
  /** Live records whose state is known, so reads of them can be judged. */
  settled = () => [...this.records.values()].filter(isLive)
  deleted = () => [...this.records.values()].filter((record) => record.deleted && !record.uncertain)

  /** Takes a record a write of the run made as the run's own. */
  adopt(expected: Expected, lastWrite: LastWrite): OwnRecord {
    const record: OwnRecord = { key: keyOf(expected.id), expected, tolerated: new Set(), lastWrite }
    this.records.set(record.key, record)
    return record
  }

  /**
   * Moves the model on by what a write's answer says: a create may make a record of the run's; a
   * write to one of its records changes, blames or deletes it; one aimed at `path`, an id no
   * record of the run holds, may make one. `id` is the one the answer (or for a create, the list)
   * named. Answers the record the write made or changed.
   */
  after(observation: Observation & { op: LastWrite['op'] | 'delete' }, path?: string, id?: Id) {
    const { op, probe, target, exchange, response, sent: body } = observation
    const code = response?.status ?? 500
    const [json, fields] = [response?.json, isObject(body) ? body : {}]
    const blame = (rule: string, record?: OwnRecord) => {
      if (record) record.blame = { rule, exchange }
    }
    if (op === 'create' && code < 300) this.maybeStored.delete(String(fields.content))
    // A write to an id nobody holds that says it did something may have done it to any record.
    if (probe === 'unknown-id' && code < 300 && (path !== undefined || target?.deleted))
      for (const record of this.settled()) {
        blame('list.holds-live-records', record)
        record.maybeGone = true
      }
    if (path !== undefined) {
      if (code >= 300) return undefined
      if (probe === 'path-id')
        blame('path.id-integer', this.records.get(keyOf(Number.parseInt(path, 10))))
      // A write to an id nobody held that made a record: the run made it, and removes it.
      if (probe === 'unknown-id' && op !== 'delete' && id !== undefined && String(id) === path)
        this.adopt(todoIn(json, id), { op, sent: [], exchange }).uncertain = true
      return undefined
    }
    // A refusal leaves the blame of a write out of contract that came before it: what reads show
    // since is still that write's doing.
    if (target && code >= 500) {
      target.uncertain = true
      target.maybeGone ||= op === 'delete'
    } else if (code >= 300 && !target?.blame) blame('write.refused-no-trace', target)
    if (!target && code >= 300 && code < 500) this.refusedCreates.push({ sent: body, exchange })
    // Once a DELETE said it removed the record, a list that shows it is that DELETE's failure,
    // unless a write out of contract put another record at its id.
    if (target && code < 300 && op === 'delete') {
      target.deleted = true
      if (!['write.body-id', 'ids.unique'].includes(`${target.blame?.rule}`)) delete target.blame
      // One that answers with another record of the run may have removed that one instead.
      const other = this.records.get(keyOf(idIn(json)))
      if (other && other !== target && !other.deleted) {
        blame('list.holds-live-records', other)
        other.maybeGone = true
      }
    }
    if (op === 'delete' || code >= 300) return undefined
    if (op === 'create' && id === undefined) this.unnamed.add(fields.content)
    const record = target ?? this.created(observation, id)
    if (!record) return undefined
    const answer = isObject(json) ? json : undefined
    const sent = (['content', 'completed'] as const).filter((field) => field in fields)
    const moved = probe === 'body-id' ? idIn(answer) : undefined
    if (probe === 'body-id') {
      blame('write.body-id', this.records.get(keyOf(fields.id)))
      if (answer && String(moved) !== String(record.expected.id)) blame('write.body-id', record)
    }
    // A record it moved to an id nobody held is the run's to remove.
    if (moved !== undefined && !this.records.has(keyOf(moved)) && !this.foreign.has(keyOf(moved)))
      this.adopt(todoIn(answer, moved), { op, sent: [], exchange }).uncertain = true
    // What a write sent wrong on purpose stored is what its answer says, if it says it well.
    const typed = target !== undefined && TYPED.has(probe)
    for (const field of typed ? [] : sent)
      if (typeof fields[field] === typeof record.expected[field])
        Object.assign(record.expected, { [field]: fields[field] })
    const { content } = record.expected
    if (content !== content.trim() && answer?.content === content.trim()) this.policy.trims = true
    // The answer is the record as stored: a difference was charged to the write's own rule, and
    // reads are judged against it from now on.
    const same = !target || String(answer?.id) === String(record.expected.id)
    record.concurrent?.push(exchange)
    if (record.concurrent) {
      // Another write under way may show in the answer, but this one's own fields must, and a
      // content none of them sent must not: such an answer was charged, and leaves the state unknown.
      const stray = !sent.includes('content') && !this.marked(answer?.content)
      if (code !== 200 || stray || sent.some((field) => answer?.[field] !== fields[field]))
        record.uncertain = true
    } else if (same && answer && fieldProblem(answer, typed) === undefined)
      Object.assign(record.expected, { content: answer.content, completed: answer.completed })
    else if (typed && probe === 'wrong-type') record.untyped = true
    else if (typed) record.uncertain = true
    // A second record at its id stays, whatever the write reached.
    if (probe !== 'body-id' && !typed && record.blame?.rule !== 'ids.unique') delete record.blame
    if (!target && probe === 'wrong-type') {
      this.untypedCreate = exchange
      record.untyped = fieldProblem(json) !== undefined
    }
    // Writes at once to one record leave both fields as one of them wrote them.
    const { concurrent: together } = record
    const both = op !== 'patch' || together
    record.lastWrite = { op, sent: both ? ['content', 'completed'] : sent, exchange }
    if (together) record.lastWrite.together = [...together]
    record.tolerated.clear()
    return record
  }

  /**
   * The record a successful create made, when the run may own it: the id the create named,
   * never an id that was someone's already.
   */
  private created({ exchange, probe, response, sent }: Observation, id?: Id) {
    const [json, fields] = [response?.json, isObject(sent) ? sent : {}]
    if (probe) [this.acceptedProbe, this.untypedCreate] = [exchange, undefined]
    if (id === undefined) return undefined
    const holder = this.records.get(keyOf(id))
    const live = holder && !holder.deleted ? holder : undefined
    if (live && !live.maybeGone) live.blame = { rule: 'ids.unique', exchange }
    else if (this.foreign.has(keyOf(id))) this.shared.push({ id, content: fields.content })
    if (live || this.foreign.has(keyOf(id))) return undefined
    if (!probe) {
      // What a successful create says of the server's choices.
      const { policy } = this
      if ('id' in fields) policy.clientIds = String(id) === String(fields.id) ? 'stored' : 'ignored'
      else policy.assignsIds = true
      if (!('completed' in fields)) policy.completedOptional = true
      policy.idType = typeof id === 'number' && Number.isInteger(id) ? 'integer' : 'other'
    }
    if (probe === 'large-id' && String(id) !== String(fields.id)) return undefined
    if (probe === 'large-id') this.storedLastExactId ||= id === Number.MAX_SAFE_INTEGER
    const record = this.adopt(todoIn(json, id), { op: 'create', sent: [], exchange })
    // An id handed out twice before may still hold the other record.
    if (holder?.blame?.rule === 'ids.unique') record.blame = holder.blame
    // A record whose stored fields the type rule already charged, or whose id cannot be named
    // exactly, is read no further: one cause, one charge.
    const completed = isObject(json) && json.completed
    record.uncertain =
      typeof completed !== 'boolean' || (typeof id === 'number' && !Number.isSafeInteger(id))
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
