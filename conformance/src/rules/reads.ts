import { type Model, type OwnRecord, stateOf } from '../model/model.ts'
import {
  answered,
  held,
  isObject,
  type Judgement,
  type Observation,
  requestLine,
  shown,
} from './rule.ts'

/** One thing a read showed that the model says it must not, and the rule that answers for it. */
export interface ReadFinding {
  charge: string
  record: OwnRecord
  message: string
  expected: string
  actual: string
  /** The state the read showed, tolerated from now on: one cause is charged once. */
  shownState?: string
}

const lastWriteOf = (record: OwnRecord) =>
  record.lastWrite
    ? ` (last write: ${requestLine(record.lastWrite.exchange)} answered ${record.lastWrite.exchange.status})`
    : ''

/** Why a record must be there: the run made it, or a read-only run found it listed. */
const origin = (record: OwnRecord) =>
  record.found
    ? 'which GET /todos listed when the run began'
    : `which the run created and did not delete${lastWriteOf(record)}`

/** Which rule answers for a field a read shows differently from the last write. */
function chargeFor(
  observation: Observation,
  record: OwnRecord,
  field: string,
  shownValue: unknown,
  model: Model,
): string {
  if (record.blame) return record.blame.rule
  // Nothing wrote a found record: a read that differs from the list at the start is the read's fault.
  if (record.found)
    return observation.op === 'get' ? 'get.returns-record' : 'list.holds-live-records'
  const expected = record.expected.content
  if (field === 'content' && typeof shownValue === 'string' && expected !== expected.trim()) {
    if (shownValue === expected.trim()) return 'content.edge-whitespace'
  }
  if (record.lastWrite?.op === 'patch' && !record.lastWrite.sent.includes(field)) {
    return 'patch.keeps-unsent'
  }
  if (field === 'content' && !model.ownsContent(expected)) return 'content.exact'
  return 'read.current'
}

/** Compares what a read shows of a record with what the model holds. */
function compare(
  observation: Observation,
  record: OwnRecord,
  item: Record<string, unknown>,
  model: Model,
): ReadFinding | undefined {
  const state = stateOf({ content: item.content, completed: item.completed })
  if (state === stateOf(record.expected) || record.tolerated.has(state)) return undefined
  // A field whose type is wrong is the type rule's, not this one's.
  if (typeof item.content !== 'string' || typeof item.completed !== 'boolean') return undefined
  const field = item.content !== record.expected.content ? 'content' : 'completed'
  const where = requestLine(observation.exchange)
  return {
    charge: chargeFor(observation, record, field, item[field], model),
    record,
    message: `${where} shows todo ${shown(record.expected.id)} with ${field} ${shown(item[field])} where ${record.found ? 'GET /todos showed' : 'the last write left'} ${shown(record.expected[field])}${lastWriteOf(record)}`,
    expected: shown(record.expected),
    actual: shown(item),
    shownState: state,
  }
}

const findings = new WeakMap<Observation, ReadFinding[]>()

/**
 * What a read of the run's own records shows against the model: a `GET /todos/{id}` of a live
 * record, or an unparametrised `GET /todos`. Each finding names the one rule it is charged to.
 */
export function readFindings(observation: Observation, model: Model): ReadFinding[] {
  const cached = findings.get(observation)
  if (cached) return cached
  const found: ReadFinding[] = []
  const { response, target } = observation
  if (
    observation.op === 'get' &&
    target &&
    !target.deleted &&
    !target.uncertain &&
    !target.untyped &&
    !observation.probe
  ) {
    if (response === undefined || response.status !== 200) {
      found.push({
        charge: target.blame?.rule ?? 'get.returns-record',
        record: target,
        message: `${answered(observation)} for todo ${shown(target.expected.id)}, ${origin(target)}`,
        expected: `200 with ${shown(target.expected)}`,
        actual: response
          ? `${response.status} ${response.statusText}`
          : (observation.error ?? 'no answer'),
      })
    } else if (isObject(response.json)) {
      if (String(response.json.id) !== String(target.expected.id)) {
        found.push({
          charge: 'get.returns-record',
          record: target,
          message: `${requestLine(observation.exchange)} answered todo ${shown(response.json.id)} instead of todo ${shown(target.expected.id)}`,
          expected: shown(target.expected),
          actual: shown(response.json),
        })
      } else {
        const finding = compare(observation, target, response.json, model)
        if (finding) found.push(finding)
      }
    }
  }
  if (
    observation.op === 'list' &&
    !observation.query &&
    response?.status === 200 &&
    Array.isArray(response.json)
  ) {
    const byKey = new Map<string, Record<string, unknown>[]>()
    for (const item of response.json) {
      if (!isObject(item)) continue
      const key = String(item.id)
      byKey.set(key, [...(byKey.get(key) ?? []), item])
    }
    for (const record of model.settled()) {
      const items = byKey.get(String(record.expected.id)) ?? []
      if (items.length === 0) {
        found.push({
          charge: record.blame?.rule ?? 'list.holds-live-records',
          record,
          message: `GET /todos does not list todo ${shown(record.expected.id)}, ${origin(record)}`,
          expected: shown(record.expected),
          actual: `not among the ${response.json.length} records listed`,
        })
      } else if (items.length === 1 && items[0]) {
        const finding = compare(observation, record, items[0], model)
        if (finding) found.push(finding)
      }
    }
    for (const record of model.deleted()) {
      const items = byKey.get(String(record.expected.id)) ?? []
      const same = items.filter(
        (item) =>
          stateOf({ content: item.content, completed: item.completed }) ===
          stateOf(record.expected),
      )
      if (same.length > 0) {
        found.push({
          charge: record.blame?.rule ?? 'delete.removes',
          record,
          message: `GET /todos still lists todo ${shown(record.expected.id)} after DELETE answered success`,
          expected: `no record ${shown(record.expected)}`,
          actual: shown(same[0]),
        })
      }
    }
  }
  findings.set(observation, found)
  return found
}

/**
 * A rule's share of what reads showed: failed when a finding is charged to it, held when the
 * read judged the run's records and charged it nothing.
 */
export function judgeReads(
  rule: string,
  observation: Observation,
  model: Model,
  applies: (record: OwnRecord) => boolean,
): Judgement | undefined {
  const found = readFindings(observation, model).find((finding) => finding.charge === rule)
  if (found)
    return {
      failed: found.message,
      expected: found.expected,
      actual: found.actual,
      ...(found.record.blame
        ? { exchanges: [found.record.blame.exchange, observation.exchange] }
        : {}),
    }
  const judgedSome =
    (observation.op === 'get' && observation.target !== undefined && applies(observation.target)) ||
    (observation.op === 'list' &&
      !observation.query &&
      observation.response?.status === 200 &&
      model.settled().some(applies))
  return judgedSome ? held : undefined
}
