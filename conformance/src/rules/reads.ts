import { type Model, type OwnRecord, stateOf } from '../model/model.ts'
import {
  actualOf,
  answered,
  fieldProblem,
  isObject,
  type Judgement,
  type Observation,
  requestLine,
  shown,
} from './rule.ts'

/** One thing a read showed that the model says it must not, and the one rule charged with it. */
export interface ReadFinding {
  charge: string
  record: OwnRecord
  failed: string
  expected: string
  actual: string
  /** The state the read showed, tolerated from now on: one cause is charged once. */
  shownState?: string
}

const lastWriteOf = ({ lastWrite }: OwnRecord) =>
  lastWrite
    ? ` (last write: ${requestLine(lastWrite.exchange)} answered ${lastWrite.exchange.status})`
    : ''

/** Why a record must be there: the run made it, or a read-only run found it listed. */
const origin = (record: OwnRecord) =>
  record.found
    ? 'which GET /todos listed when the run began'
    : `which the run created and did not delete${lastWriteOf(record)}`

/** Which rule answers for a field a read shows otherwise than the last write left it. */
function chargeFor(
  observation: Observation,
  record: OwnRecord,
  field: 'content' | 'completed',
  value: unknown,
  model: Model,
): string {
  const { blame, found, lastWrite, expected } = record
  if (blame) return blame.rule
  // Nothing wrote a found record: a read that differs from the list at the start is the read's.
  if (found) return observation.op === 'get' ? 'get.returns-record' : 'list.holds-live-records'
  const { content } = expected
  if (field === 'content' && content !== content.trim() && value === content.trim())
    return 'content.edge-whitespace'
  if (lastWrite?.op === 'patch' && !lastWrite.sent.includes(field)) return 'patch.keeps-unsent'
  if (field === 'content' && !model.ownsContent(content)) return 'content.exact'
  return 'read.current'
}

/** Compares what a read shows of a record with what the model holds. */
function compare(
  observation: Observation,
  record: OwnRecord,
  item: Record<string, unknown>,
  model: Model,
): ReadFinding | undefined {
  const state = stateOf(item)
  if (state === stateOf(record.expected) || record.tolerated.has(state)) return undefined
  // A field whose type is wrong is the type rule's, not this one's.
  if (fieldProblem(item)) return undefined
  const field = item.content !== record.expected.content ? 'content' : 'completed'
  const before = record.found ? 'GET /todos showed' : 'the last write left'
  return {
    charge: chargeFor(observation, record, field, item[field], model),
    record,
    failed: `${requestLine(observation.exchange)} shows todo ${shown(record.expected.id)} with ${field} ${shown(item[field])} where ${before} ${shown(record.expected[field])}${lastWriteOf(record)}`,
    expected: shown(record.expected),
    actual: shown(item),
    shownState: state,
  }
}

/** What a read of one of the run's live records by id shows against the model. */
function getFinding(observation: Observation, model: Model): ReadFinding | undefined {
  const { response, target, exchange } = observation
  if (observation.op !== 'get' || observation.probe || !target) return undefined
  if (target.deleted || target.uncertain || target.untyped) return undefined
  if (response?.status !== 200)
    return {
      charge: target.blame?.rule ?? 'get.returns-record',
      record: target,
      failed: `${answered(observation)} for todo ${shown(target.expected.id)}, ${origin(target)}`,
      expected: `200 with ${shown(target.expected)}`,
      actual: actualOf(observation),
    }
  const body = response.json
  if (!isObject(body)) return undefined
  if (String(body.id) === String(target.expected.id))
    return compare(observation, target, body, model)
  return {
    charge: 'get.returns-record',
    record: target,
    failed: `${requestLine(exchange)} answered todo ${shown(body.id)} instead of todo ${shown(target.expected.id)}`,
    expected: shown(target.expected),
    actual: shown(body),
  }
}

/** What an unparametrised `GET /todos` shows of the run's records against the model. */
function listFindings(observation: Observation, model: Model): ReadFinding[] {
  const { response } = observation
  if (observation.op !== 'list' || observation.query || response?.status !== 200) return []
  if (!Array.isArray(response.json)) return []
  const byId = new Map<string, Record<string, unknown>[]>()
  for (const item of response.json.filter(isObject))
    byId.set(String(item.id), [...(byId.get(String(item.id)) ?? []), item])
  const withId = (record: OwnRecord) => byId.get(String(record.expected.id)) ?? []
  const found: ReadFinding[] = []
  for (const record of model.settled()) {
    const [item, ...more] = withId(record)
    if (!item)
      found.push({
        charge: record.blame?.rule ?? 'list.holds-live-records',
        record,
        failed: `GET /todos does not list todo ${shown(record.expected.id)}, ${origin(record)}`,
        expected: shown(record.expected),
        actual: `not among the ${response.json.length} records listed`,
      })
    else if (more.length === 0) {
      const finding = compare(observation, record, item, model)
      if (finding) found.push(finding)
    }
  }
  for (const record of model.deleted()) {
    const same = withId(record).find((item) => stateOf(item) === stateOf(record.expected))
    if (same)
      found.push({
        charge: record.blame?.rule ?? 'delete.removes',
        record,
        failed: `GET /todos still lists todo ${shown(record.expected.id)} after DELETE answered success`,
        expected: `no record ${shown(record.expected)}`,
        actual: shown(same),
      })
  }
  return found
}

const findings = new WeakMap<Observation, ReadFinding[]>()

/**
 * What a read of the run's own records shows against the model: a `GET /todos/{id}` of a live
 * record, or an unparametrised `GET /todos`. Each finding names the one rule it is charged to.
 */
export function readFindings(observation: Observation, model: Model): ReadFinding[] {
  let found = findings.get(observation)
  if (!found) {
    const get = getFinding(observation, model)
    found = [...(get ? [get] : []), ...listFindings(observation, model)]
    findings.set(observation, found)
  }
  return found
}

/** The failure a read charged to `rule`, with the exchange that explains it when one does. */
export function readFailure(
  rule: string,
  observation: Observation,
  model: Model,
): Judgement | undefined {
  const found = readFindings(observation, model).find((finding) => finding.charge === rule)
  if (!found) return undefined
  const { failed, expected, actual, record } = found
  const exchanges = record.blame ? [record.blame.exchange, observation.exchange] : undefined
  return { failed, expected, actual, ...(exchanges && { exchanges }) }
}

/** Whether a read judged some record of the run that `applies` to. */
export function readJudged(
  observation: Observation,
  model: Model,
  applies: (record: OwnRecord) => boolean,
): boolean {
  const { op, target, query, response } = observation
  return (
    (op === 'get' && target !== undefined && applies(target)) ||
    (op === 'list' && !query && response?.status === 200 && model.settled().some(applies))
  )
}
