import {
  type Expected,
  isLive,
  keyOf,
  type Model,
  type OwnRecord,
  stateOf,
} from '../model/model.ts'
import {
  answered,
  type Failure,
  failure,
  fieldProblem,
  held,
  inScope,
  isObject,
  type Judgement,
  type Observation,
  type Rule,
  requestLine,
  sentObject,
  shown,
  unexpected,
} from './rule.ts'

const lastWriteOf = ({ lastWrite: last }: OwnRecord) =>
  last ? ` (last write: ${requestLine(last.exchange)} answered ${last.exchange.status})` : ''

/** Why a record must be there: the run made it, or a read-only run found it listed. */
const origin = (record: OwnRecord) =>
  record.found
    ? 'which GET /todos listed when the run began'
    : `which the run created and did not delete${lastWriteOf(record)}`

/** The rule that answers for what a successful write answered, field by field. */
const ANSWERS = {
  create: 'create.answers-stored',
  replace: 'replace.answers-replaced',
  patch: 'patch.answers-updated',
} as const

/** The rules a read of a record judges beside the read's own rule, and when. */
const READ_RULES: Record<string, (record: OwnRecord, model: Model) => boolean> = {
  'read.current': (record) => record.lastWrite !== undefined,
  'patch.keeps-unsent': (record) => record.lastWrite?.op === 'patch',
  'write.refused-no-trace': (record) => record.blame?.rule === 'write.refused-no-trace',
  'content.exact': (record, model) => !record.found && !model.ownsContent(record.expected.content),
}

/**
 * What an observation shows against what the model predicts, by rule: a read of the run's own
 * records (a `GET /todos/{id}` of a live record, an unparametrised `GET /todos`) and a write's
 * answer. A rule holds when a read judged a record it answers for, and fails with the first
 * difference charged to it. A state a read showed is tolerated since: one cause, one charge.
 */
function predict(observation: Observation, model: Model): Map<string, Judgement> {
  const judgements = new Map<string, Judgement>()
  /** The rule a field shown otherwise than predicted answers to, when not the read's or write's. */
  const chargeFor = (field: keyof Expected, value: unknown, content: unknown, unsent: boolean) => {
    const trimmed = typeof content === 'string' && content !== content.trim()
    if (field === 'content' && trimmed && value === content.trim()) return 'content.edge-whitespace'
    if (unsent) return 'patch.keeps-unsent'
    if (field === 'content' && !model.ownsContent(content)) return 'content.exact'
  }
  const charge = (rule: string, record: OwnRecord | undefined, failed: Failure) => {
    const exchanges = record?.blame && [record.blame.exchange, observation.exchange]
    const before = judgements.get(rule)
    if (!before || 'held' in before)
      judgements.set(rule, { ...failed, ...(exchanges && { exchanges }) })
  }
  const judged = (record: OwnRecord, read: string) => {
    const rules = Object.keys(READ_RULES).filter((id) => READ_RULES[id]?.(record, model))
    for (const rule of [read, ...rules]) if (!judgements.has(rule)) judgements.set(rule, held)
  }
  const compare = (record: OwnRecord, item: Record<string, unknown>) => {
    const state = stateOf(item)
    // A field whose type is wrong is the type rule's.
    if (state === stateOf(record.expected) || record.tolerated.has(state) || fieldProblem(item))
      return
    record.tolerated.add(state)
    const { blame, found, lastWrite, expected } = record
    const field = item.content !== expected.content ? 'content' : 'completed'
    // Nothing wrote a found record: a read that differs from the list at the start is the read's.
    const read = observation.op === 'get' ? 'get.returns-record' : 'list.holds-live-records'
    const unsent = lastWrite?.op === 'patch' && !lastWrite.sent.includes(field)
    const rule =
      blame?.rule ??
      (found ? read : (chargeFor(field, item[field], expected.content, unsent) ?? 'read.current'))
    const before = found ? 'GET /todos showed' : 'the last write left'
    const failed = `${requestLine(observation.exchange)} shows todo ${shown(expected.id)} with ${field} ${shown(item[field])} where ${before} ${shown(expected[field])}${lastWriteOf(record)}`
    charge(rule, record, failure(failed, shown(expected), shown(item)))
  }
  /** A write's answer against the record it must show: the sent fields, and the rest kept. */
  const answer = (op: keyof typeof ANSWERS, body: Record<string, unknown>) => {
    const sent = sentObject(observation)
    const before = op === 'patch' ? target : undefined
    if (op !== 'create' && fieldProblem(body)) return
    for (const field of ['content', 'completed'] as const) {
      const unsent = !(field in sent)
      const was = unsent ? before?.expected[field] : sent[field]
      const value = body[field]
      if (was === undefined || value === was || typeof value !== typeof was) continue
      // Another write under way, a probe's blame, or a state charged already explains it.
      const kept = before && stateOf({ ...before.expected, [field]: value })
      if (unsent && (before?.concurrent || before?.blame || before?.tolerated.has(`${kept}`)))
        continue
      const rule = chargeFor(field, value, sent.content, unsent && op === 'patch') ?? ANSWERS[op]
      const how = unsent
        ? `, which it did not send; it was ${shown(was)}`
        : ` where ${shown(was)} was sent`
      const expected = shown(before ? { ...before.expected, ...sent } : sent)
      const failed = `${answered(observation)} with ${field} ${shown(value)}${how}`
      charge(rule, undefined, failure(failed, expected, shown(body)))
    }
    // A target a probe left blamed differs from the model for a cause already charged.
    const keeps = 'patch.keeps-unsent'
    if (op === 'patch' && !before?.concurrent && !before?.blame && !judgements.has(keeps))
      judgements.set(keeps, held)
  }
  const { op, probe, target, query, response } = observation
  const body = response?.json
  const write = op === 'create' || op === 'replace' || op === 'patch' ? op : undefined
  const answers = write === 'create' ? !probe || probe === 'large-id' : !probe && isLive(target)
  const ok = response?.status === 200 || (response?.status === 201 && write === 'create')
  if (write && answers && isObject(body) && ok) answer(write, body)
  if (op === 'get' && !probe && isLive(target)) {
    judged(target, 'get.returns-record')
    const { id } = target.expected
    const other = response?.status === 200 && isObject(body) && String(body.id) !== String(id)
    if (response?.status !== 200 || other) {
      const why = `${other ? ` with todo ${shown(body.id)}` : ''} for todo ${shown(id)}, ${origin(target)}`
      const rule = other ? 'get.returns-record' : (target.blame?.rule ?? 'get.returns-record')
      charge(rule, target, unexpected(observation, `200 with ${shown(target.expected)}`, why))
    } else if (isObject(body)) compare(target, body)
  }
  if (op !== 'list' || query || response?.status !== 200 || !Array.isArray(body)) return judgements
  const items = body.filter(isObject)
  for (const record of model.settled()) {
    judged(record, 'list.holds-live-records')
    const listed = items.filter((item) => String(item.id) === String(record.expected.id))
    if (listed[0] && listed.length === 1) compare(record, listed[0])
  }
  for (const { failed, record } of differences(observation, items, model)) {
    const rule = record?.deleted ? 'delete.removes' : 'list.holds-live-records'
    charge(record?.blame?.rule ?? rule, record, failed)
  }
  if (model.deleted().length > 0 && !judgements.has('delete.removes'))
    judgements.set('delete.removes', held)
  return judgements
}

type Item = Record<string, unknown>

/** What a list must hold (every record of the run unless told), may not (and why), and `where`. */
export type Listing = {
  must?: (todo: Expected) => boolean
  mayNot?: (todo: Item) => string | undefined
  where?: string
}

/**
 * How listed `items` differ from the model, with the record of the run each concerns: a todo no
 * correct server lists (`mayNot` says why), as listed or as the run's record is now; a deleted
 * record; a record that `must` be listed and is not. The caller picks the rule charged, and
 * which records are judged at all.
 */
export function differences(observation: Observation, items: Item[], model: Model, listing = {}) {
  const { must = () => true, mayNot = () => undefined }: Listing = listing
  const { where = requestLine(observation.exchange) }: Listing = listing
  const found: Array<{ failed: Failure; record?: OwnRecord }> = []
  const add = (what: string, expected: string, actual: string, record?: OwnRecord) =>
    found.push({ failed: failure(`${where} ${what}`, expected, actual), record })
  for (const item of items) {
    // An ill-typed item is the field-type rule's alone, which judges every list.
    if (fieldProblem(item)) continue
    const why = mayNot(item)
    const record = model.records.get(keyOf(item.id))
    if (why)
      add(`returned ${shown(item)}, which ${why}`, 'only records the query matches', shown(item))
    else if (isLive(record) && mayNot(record.expected)) {
      const was = `as it was before its last write: it now holds ${shown(record.expected)}`
      const what = `returned todo ${shown(record.expected.id)} ${was}`
      add(what, 'records as they are now', shown(item), record)
    }
  }
  const byId = new Map(items.map((item) => [String(item.id), item]))
  for (const record of model.deleted()) {
    const { id, content } = record.expected
    // A freed id may hold someone else's record: only the run's own content shows it stale.
    const item = byId.get(String(id))
    const what = `still lists todo ${shown(id)} after DELETE answered success`
    if (item?.content === content) add(what, 'no deleted record', shown(item), record)
  }
  for (const record of model.settled())
    if (must(record.expected) && !byId.has(String(record.expected.id))) {
      const what = `does not list todo ${shown(record.expected.id)}, ${origin(record)}`
      add(what, shown(record.expected), `not among the ${items.length} records listed`, record)
    }
  return found
}

/**
 * How every rule judges one observation: a failure the model's prediction charged to it first,
 * then its own judge on the observations in its scope, then whether the prediction judged it.
 * The prediction is made once, here, as it moves the model on (a state it charged is tolerated).
 */
export function judging(observation: Observation, model: Model) {
  const byModel = predict(observation, model)
  return ({ id, on, judge }: Rule) => {
    const predicted = byModel.get(id)
    if (predicted && 'failed' in predicted) return predicted
    const inView = judge && (!on || inScope(on, observation))
    return (inView ? judge(observation, model) : undefined) ?? predicted
  }
}
