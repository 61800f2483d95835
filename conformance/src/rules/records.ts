import type { Exchange } from '../http/exchange.ts'
import { type Model, type OwnRecord, stateOf } from '../model/model.ts'
import { judgeReads } from './reads.ts'
import {
  actualOf,
  answered,
  fail,
  fieldProblem,
  held,
  isClientError,
  isObject,
  isSuccess,
  type Observation,
  type Rule,
  requestLine,
  sentObject,
  shown,
  status,
  typeProblem,
  unexpected,
} from './rule.ts'

const WRITES: readonly Observation['op'][] = ['create', 'replace', 'patch']

/** A valid write aimed at a live record of the run: the operation's own rules judge it. */
const validOn = (observation: Observation, op: Observation['op']) =>
  observation.op === op &&
  observation.probe === undefined &&
  observation.target !== undefined &&
  !observation.target.deleted

/** The first sent field an answer does not show, allowing the ends of content trimmed. */
function unshownField(body: Record<string, unknown>, sent: Record<string, unknown>) {
  return (['content', 'completed'] as const).find((field) => {
    const value = sent[field]
    const trimmedOnly = typeof value === 'string' && body[field] === value.trim()
    return field in sent && body[field] !== value && !trimmedOnly
  })
}

/** An answer that shows `field` otherwise than it was sent. */
const notAsSent = (observation: Observation, body: Record<string, unknown>, field: string) =>
  fail(
    `${answered(observation)} with ${field} ${shown(body[field])} where ${shown(sentObject(observation)[field])} was sent`,
    shown(observation.sent),
    shown(body),
  )

/** A failure that an earlier accepted exchange explains: both are shown. */
const since = (observation: Observation, earlier: Exchange, expected: string) =>
  fail(
    `${answered(observation)} since ${requestLine(earlier)} ${earlier.requestBody ?? ''} was accepted`,
    expected,
    actualOf(observation),
    [earlier, observation.exchange],
  )

/** A rule judged only by what reads of the run's records show, charged by `reads.ts`. */
const readRule = (
  rule: Omit<Rule, 'judge' | 'level'>,
  applies: (observation: Observation, record: OwnRecord, model: Model) => boolean,
): Rule => ({
  ...rule,
  level: 'required',
  judge: (observation, model) =>
    judgeReads(rule.id, observation, model, (record) => applies(observation, record, model)),
})

/** The answer to a valid PUT or PATCH: 200 with the whole record, the sent fields as sent. */
const writeAnswer =
  (op: 'replace' | 'patch', what: string): Rule['judge'] =>
  (observation) => {
    if (!validOn(observation, op) || observation.target?.uncertain) return undefined
    if (status(observation) !== 200)
      return isClientError(observation) && refusedContent(observation)
        ? undefined
        : unexpected(observation, `200 with ${what}`)
    const body = observation.response?.json
    const problem = fieldProblem(body)
    if (problem || !isObject(body))
      return unexpected(observation, what, ` with a body that is not ${what}: ${problem}`)
    const field = unshownField(body, sentObject(observation))
    if (field) return notAsSent(observation, body, field)
    const id = observation.target?.expected.id
    if (op === 'replace' && String(body.id) !== String(id))
      return fail(
        `${answered(observation)} with id ${shown(body.id)}`,
        `id ${shown(id)}`,
        shown(body),
      )
    return held
  }

/** The contract's own rules: records, operations, and the errors a client causes. */
export const recordRules: Rule[] = [
  {
    id: 'todo.fields',
    title: 'Todos are JSON objects with an integer id, a string content and a boolean completed',
    level: 'required',
    section: '§2 Todo',
    judge(observation, model) {
      if (observation.probe !== undefined || !isSuccess(observation)) return undefined
      const body = observation.response?.json
      const items =
        observation.op === 'list'
          ? Array.isArray(body)
            ? body
            : []
          : (observation.op === 'get' || observation.op === 'create') && isObject(body)
            ? [body]
            : []
      const untyped = new Set(
        model
          .live()
          .filter((record) => record.untyped)
          .map((record) => String(record.expected.id)),
      )
      for (const item of items) {
        if (isObject(item) && untyped.has(String(item.id))) continue
        const problem = typeProblem(item)
        if (problem)
          return fail(
            `${requestLine(observation.exchange)} answered a todo where ${problem}`,
            'id integer, content string, completed boolean',
            shown(item),
          )
      }
      return items.length > 0 ? held : undefined
    },
  },
  {
    id: 'list.answers-array',
    title: 'GET /todos answers 200 with a JSON array of todos',
    level: 'required',
    section: '§4 GET /todos',
    judge(observation, model) {
      if (observation.op !== 'list' || observation.query) return undefined
      if (model.untypedCreate && !isSuccess(observation)) return undefined
      if (status(observation) !== 200) return unexpected(observation, '200 with a JSON array')
      return Array.isArray(observation.response?.json)
        ? held
        : unexpected(observation, 'a JSON array', ' with a body that is not a JSON array')
    },
  },
  readRule(
    {
      id: 'get.returns-record',
      title:
        'GET /todos/{id} answers 200 with the record of that id, for every record created and not deleted',
      section: '§4 GET /todos/{id}, rule 3',
    },
    (observation) => observation.op === 'get',
  ),
  readRule(
    {
      id: 'list.holds-live-records',
      title: 'GET /todos lists every record created and not deleted',
      section: '§4 GET /todos, rule 3',
    },
    (observation) => observation.op === 'list',
  ),
  readRule(
    {
      id: 'read.current',
      title: 'Reads show each record as its last successful write left it',
      section: '§4 PUT and PATCH',
    },
    (_, record) => record.lastWrite !== undefined,
  ),
  {
    id: 'create.answers-stored',
    title: 'POST /todos answers 200 or 201 with the stored todo',
    level: 'required',
    section: '§4 POST /todos',
    judge(observation, model) {
      const { op, probe } = observation
      if (op !== 'create' || (probe !== undefined && probe !== 'large-id')) return undefined
      const sent = sentObject(observation)
      const code = status(observation)
      const body = observation.response?.json
      if (probe === 'large-id') {
        if (isClientError(observation)) return held
        const stored = model.policy.clientIds === 'stored'
        if (isSuccess(observation) && isObject(body) && body.id !== sent.id && stored)
          return fail(
            `${answered(observation)} with id ${shown(body.id)}: the id sent was not stored exactly`,
            `id ${shown(sent.id)}, or a 4xx`,
            shown(body),
          )
      }
      if (code === 200 || code === 201) {
        if (!isObject(body))
          return unexpected(
            observation,
            'the stored todo',
            ' with a body that is not the stored todo',
          )
        const field = unshownField(body, sent)
        // Content the run did not mark is content.exact's to judge.
        const othersRule =
          field === 'content' &&
          typeof sent.content === 'string' &&
          !model.ownsContent(sent.content)
        return field && !othersRule ? notAsSent(observation, body, field) : held
      }
      // A refusal for a choice the contract leaves open is the server's right: a required
      // field, ids it assigns or wants, content it will not store. The policy says which.
      const allowed = observation.sent !== undefined && isRefusalAllowed(observation, model)
      if (isClientError(observation) && allowed) return undefined
      const broken = code === undefined || code >= 500
      if (model.untypedCreate && broken) return undefined
      if (model.acceptedProbe && broken)
        return since(observation, model.acceptedProbe, '200 or 201 with the stored todo')
      return unexpected(observation, '200 or 201 with the stored todo')
    },
  },
  {
    id: 'replace.answers-replaced',
    title: 'PUT /todos/{id} with the complete record answers 200 with the replaced todo',
    level: 'required',
    section: '§4 PUT /todos/{id}',
    judge: writeAnswer('replace', 'the replaced todo'),
  },
  {
    id: 'patch.answers-updated',
    title: 'PATCH /todos/{id} answers 200 with the whole updated todo, the sent fields changed',
    level: 'required',
    section: '§4 PATCH /todos/{id}, §3',
    judge: writeAnswer('patch', 'the whole updated todo'),
  },
  {
    id: 'patch.keeps-unsent',
    title: 'A PATCH leaves the fields it did not send as they were',
    level: 'required',
    section: '§4 rule 1, §3',
    judge(observation, model) {
      const { target } = observation
      if (
        !validOn(observation, 'patch') ||
        status(observation) !== 200 ||
        !target ||
        target.uncertain
      )
        return judgeReads(
          'patch.keeps-unsent',
          observation,
          model,
          (record) => record.lastWrite?.op === 'patch',
        )
      const body = observation.response?.json
      // A target a probe left blamed differs from the model for a cause already charged.
      if (!isObject(body) || target.concurrent || target.blame) return undefined
      const sent = sentObject(observation)
      for (const field of ['content', 'completed'] as const) {
        if (field in sent || typeof body[field] !== typeof target.expected[field]) continue
        const before = target.expected[field]
        const tolerated = target.tolerated.has(
          stateOf({ ...target.expected, [field]: body[field] }),
        )
        if (body[field] !== before && !tolerated)
          return fail(
            `${answered(observation)} with ${field} ${shown(body[field])}, which it did not send; it was ${shown(before)}`,
            shown({ ...target.expected, ...sent }),
            shown(body),
          )
      }
      return held
    },
  },
  {
    id: 'delete.answers-200',
    title: 'DELETE /todos/{id} of a record answers 200',
    level: 'required',
    section: '§4 DELETE /todos/{id}',
    judge: (observation) =>
      !validOn(observation, 'delete') || observation.target?.uncertain
        ? undefined
        : status(observation) === 200
          ? held
          : unexpected(observation, '200'),
  },
  {
    id: 'delete.removes',
    title: 'After a successful DELETE the record is absent from GET /todos',
    level: 'required',
    section: '§4 rule 4',
    judge: (observation, model) =>
      observation.op === 'list' && !observation.query && model.deleted().length > 0
        ? (judgeReads('delete.removes', observation, model, () => false) ?? held)
        : undefined,
  },
  {
    id: 'ids.unique',
    title: 'No two records share an id: a create never answers an id another record holds',
    level: 'required',
    section: '§2 Todo (id identifies the todo)',
    judge(observation, model) {
      const { op, response } = observation
      if (op === 'create' && isSuccess(observation) && isObject(response?.json)) {
        const id = String(response.json.id)
        if (typeProblem(response.json)?.includes('2^53')) return undefined
        const holder = model.live().find((record) => String(record.expected.id) === id)
        if (holder || [...model.foreign].some((key) => String(JSON.parse(key)) === id))
          return fail(
            `${answered(observation)} with id ${id}, which ${holder ? 'another record of the run' : 'a record listed at the start'} already holds`,
            'an id no other record holds',
            shown(response.json),
          )
        return held
      }
      const found = judgeReads('ids.unique', observation, model, () => false)
      if (op !== 'list' || response?.status !== 200 || !Array.isArray(response.json)) return found
      const seen = new Set<string>()
      const ids = response.json.filter(isObject).map((item) => String(item.id))
      const twice = ids.find((id) => seen.has(id) || !seen.add(id))
      if (twice !== undefined)
        return fail(
          `${requestLine(observation.exchange)} lists two records with id ${twice}`,
          'each id once',
          shown(response.json.filter((item) => isObject(item) && String(item.id) === twice)),
        )
      return found ?? (observation.query ? undefined : held)
    },
  },
  {
    id: 'write.body-id',
    title:
      'A PUT or PATCH whose body id differs from the path is refused, or changes only the record at the path, which keeps its id',
    level: 'required',
    section: '§4 path parameter {id}',
    judge(observation, model) {
      if (observation.probe !== 'body-id')
        return judgeReads('write.body-id', observation, model, () => false)
      const body = observation.response?.json
      const id = observation.target?.expected.id
      return isSuccess(observation) && isObject(body) && String(body.id) !== String(id)
        ? fail(
            `${answered(observation)} and moved the record to id ${shown(body.id)}`,
            `id ${shown(id)} kept, or a 4xx`,
            shown(body),
          )
        : held
    },
  },
  {
    id: 'write.refused-no-trace',
    title: 'A write answered with an error changes nothing: no record appears, none changes',
    level: 'required',
    section: '§7 Errors',
    judge(observation, model) {
      const { response } = observation
      if (
        observation.op === 'list' &&
        !observation.query &&
        response?.status === 200 &&
        Array.isArray(response.json) &&
        model.refusedCreates.length > 0
      ) {
        for (const item of response.json.filter(isObject)) {
          const key = JSON.stringify(item.id)
          if (model.foreign.has(key) || model.records.has(key)) continue
          const refused = model.refusedCreates.find((create) => tracesTo(item, create.sent))
          if (refused)
            return fail(
              `GET /todos lists ${shown(item)}, stored by ${requestLine(refused.exchange)} ${shown(refused.sent)} although it answered ${refused.exchange.status} ${refused.exchange.statusText}`,
              'no record from a refused create',
              shown(item),
              [refused.exchange, observation.exchange],
            )
        }
        return held
      }
      const found = judgeReads(
        'write.refused-no-trace',
        observation,
        model,
        (record) => record.blame?.rule === 'write.refused-no-trace',
      )
      // A write the server accepted left nothing refused to trace: the rule holds of it.
      const { op, probe } = observation
      const acceptedProbe =
        probe !== undefined && op !== 'list' && op !== 'get' && isSuccess(observation)
      return found ?? (acceptedProbe ? held : undefined)
    },
  },
  {
    id: 'write.wrong-types',
    title:
      'A write with a wrongly typed field is refused with a 4xx, or stored as a well-typed todo; never stored as sent',
    level: 'required',
    section: '§2 Todo, §7 Errors',
    judge(observation, model) {
      const { op, query } = observation
      if (observation.probe === 'wrong-type') {
        const code = status(observation)
        if (code === undefined || code >= 500)
          return unexpected(observation, 'a 4xx, or a well-typed todo')
        if (!isSuccess(observation)) return held
        const body = observation.response?.json
        const asSent = storedAsSent(sentObject(observation), body)
        return asSent
          ? fail(
              `${answered(observation)} and stored it as sent: ${asSent}`,
              'a 4xx, or a well-typed todo',
              shown(body),
            )
          : held
      }
      const brokenSince =
        (op === 'list' && !query) || (op === 'create' && observation.probe === undefined)
      if (model.untypedCreate && brokenSince && (status(observation) ?? 500) >= 500)
        return since(observation, model.untypedCreate, '200, or the wrongly typed create refused')
      if ((op === 'get' || (op === 'list' && !query)) && isSuccess(observation)) {
        const body = observation.response?.json
        const items = (Array.isArray(body) ? body : [body]).filter(isObject)
        for (const record of model.live().filter((r) => r.untyped)) {
          const item = items.find(
            (candidate) => String(candidate.id) === String(record.expected.id),
          )
          const problem = item && fieldProblem(item)
          if (problem)
            return fail(
              `${requestLine(observation.exchange)} shows a record stored from a wrongly typed write: ${problem}`,
              'a well-typed todo',
              shown(item),
            )
        }
      }
      return undefined
    },
  },
  {
    id: 'errors.client-mistakes',
    title:
      'A malformed or invalid request gets a 4xx: never a 5xx, and malformed JSON is never accepted',
    level: 'required',
    section: '§7 Errors (400 malformed request, 500 server faults)',
    judge(observation) {
      const { probe } = observation
      const mistakes = ['malformed-json', 'missing-field', 'empty-patch', 'path-id', 'taken-id']
      if (!probe || ![...mistakes, 'canonical-path-id', 'body-id'].includes(probe)) return undefined
      const code = status(observation)
      if (code === undefined)
        return unexpected(observation, 'a 4xx', ': a mistaken request must get an answer')
      if (code >= 500) return unexpected(observation, 'a 4xx')
      if (probe === 'malformed-json' && code < 400)
        return unexpected(observation, '400', ': malformed JSON was accepted')
      return held
    },
  },
  {
    id: 'path.id-integer',
    title: 'A path id that is not an integer (`/todos/7abc`) never reads or changes record 7',
    level: 'required',
    section: '§4 path parameter {id}',
    judge(observation, model) {
      if (observation.probe !== 'path-id') return undefined
      const body = observation.response?.json
      return isSuccess(observation) && isObject(body) && model.records.has(JSON.stringify(body.id))
        ? fail(`${answered(observation)} with todo ${shown(body.id)}`, 'a 4xx', shown(body))
        : held
    },
  },
  {
    id: 'read.atomic',
    title:
      'A read sent while a write is under way shows the record before the write or after it, never half of it',
    level: 'recommended',
    section: '§4 PUT and PATCH (todokit)',
    judge(observation) {
      const body = observation.response?.json
      if (observation.probe !== 'concurrent-read' || !isSuccess(observation) || !isObject(body))
        return undefined
      const state = stateOf({ content: body.content, completed: body.completed })
      return observation.allowed?.includes(state)
        ? held
        : fail(
            `${answered(observation)} with ${shown(body)}, half of a write under way`,
            `one of ${observation.allowed?.join(' or ')}`,
            state,
          )
    },
  },
  {
    id: 'ids.unknown-404',
    title:
      'GET, PUT, PATCH and DELETE of an id nobody holds answer 404; `/todos/07` and `/todos/7.0` are not todo 7',
    level: 'recommended',
    section: '§7 404 (todokit)',
    judge(observation) {
      const { probe, target } = observation
      if (probe !== 'unknown-id' && probe !== 'canonical-path-id') return undefined
      if (status(observation) === 404) return held
      // An id the run freed may have gone to someone else's new record since.
      const body = observation.response?.json
      const freed = target?.deleted && isSuccess(observation) && isObject(body)
      if (freed && body.content !== target.expected.content) return undefined
      // `/todos/07` names no id in canonical form: refusing it as malformed is as good.
      if (probe === 'canonical-path-id' && isClientError(observation)) return held
      // A PUT to a free id may create the record: the contract leaves it open.
      if (observation.op === 'replace' && isSuccess(observation)) return held
      return unexpected(observation, '404')
    },
  },
  {
    id: 'put.complete-record',
    title: 'A PUT that lacks a field is refused with a 4xx',
    level: 'recommended',
    section: '§4 rule 2',
    judge: (observation) =>
      observation.probe !== 'missing-field' || observation.op !== 'replace'
        ? undefined
        : isClientError(observation)
          ? held
          : unexpected(observation, 'a 4xx'),
  },
  {
    id: 'content.exact',
    title: 'Accepted content is stored exactly: no escaping, normalising, stripping or truncating',
    level: 'required',
    section: '§2 Todo (content string)',
    judge(observation, model) {
      const sent = sentObject(observation).content
      const body = observation.response?.json
      if (WRITES.includes(observation.op) && observation.probe === undefined) {
        if (isClientError(observation) && typeof sent === 'string' && mayBeRefused(sent))
          return held
        const judged = typeof sent === 'string' && !model.ownsContent(sent) && isObject(body)
        if (isSuccess(observation) && judged && typeof body.content === 'string')
          return body.content !== sent && body.content !== sent.trim()
            ? fail(
                `${answered(observation)} with content ${shown(body.content)}`,
                shown(sent),
                shown(body.content),
              )
            : held
      }
      return judgeReads(
        'content.exact',
        observation,
        model,
        (record) => !record.found && !model.ownsContent(record.expected.content),
      )
    },
  },
  {
    id: 'content.edge-whitespace',
    title: 'Spaces at the ends of content are kept',
    level: 'recommended',
    section: '§2 Todo (todokit)',
    judge(observation, model) {
      const sent = sentObject(observation).content
      const body = observation.response?.json
      const padded =
        observation.probe === undefined && typeof sent === 'string' && sent !== sent.trim()
      if (padded && isClientError(observation)) return held
      if (padded && isSuccess(observation) && isObject(body))
        return body.content === String(sent).trim()
          ? fail(
              `${answered(observation)} with the content trimmed`,
              shown(sent),
              shown(body.content),
            )
          : held
      return judgeReads('content.edge-whitespace', observation, model, () => false)
    },
  },
  {
    id: 'headers.json',
    title: 'Responses with a todo or a list label their body application/json',
    level: 'recommended',
    section: '§4 Endpoints',
    judge(observation) {
      const { response } = observation
      // The body of a DELETE is not shown by the contract: any will do.
      if (!response || !isSuccess(observation) || !response.text || observation.op === 'delete')
        return undefined
      const type = response.headers.get('content-type') ?? ''
      return /^application\/([\w.+-]*\+)?json\b/i.test(type)
        ? held
        : fail(
            `${answered(observation)} with content-type ${shown(type || undefined)}`,
            'application/json',
            type || 'none',
          )
    },
  },
]

/** Whether a record may have come from a refused create: its fields are what was sent, or that coerced. */
function tracesTo(item: Record<string, unknown>, sent: unknown): boolean {
  if (!isObject(sent)) return false
  if (sent.id !== undefined && String(item.id) === String(sent.id)) return true
  const { content } = sent
  if (typeof content === 'string') return item.content === content
  if (content === undefined) return false
  return (
    item.content === content ||
    JSON.stringify(item.content) === JSON.stringify(content) ||
    [JSON.stringify(content), String(content)].includes(String(item.content))
  )
}

/** Whether a 4xx answer to a create is a refusal the contract allows (the learnt policy). */
function isRefusalAllowed(observation: Observation, model: Model): boolean {
  const sent = sentObject(observation)
  if (refusedContent(observation)) return true
  const { assignsIds, clientIds, completedOptional } = model.policy
  if ('id' in sent) {
    if (clientIds === 'refused' || (clientIds === undefined && assignsIds !== false)) return true
  } else if (assignsIds !== true && clientIds !== undefined) return true
  if (!('completed' in sent) && completedOptional !== true) return true
  // Learning: until a create with every field was tried, a refusal says only what is asked.
  return assignsIds === undefined && clientIds === undefined
}

/** Whether a refused write carried content a server may refuse. */
function refusedContent(observation: Observation): boolean {
  const content = sentObject(observation).content
  return typeof content === 'string' && mayBeRefused(content)
}

/**
 * Whether a server may refuse a content: empty, longer than a short limit, with control
 * characters, characters beyond the BMP, or spaces at the ends.
 */
export function mayBeRefused(content: string): boolean {
  return (
    content === '' ||
    [...content].length > 50 ||
    content !== content.trim() ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
    /[\u0000-\u001f\u007f]|[\u{10000}-\u{10ffff}]/u.test(content)
  )
}

/**
 * How an answer shows a wrongly typed value stored as sent: the value itself, its JSON text, or
 * a coercion that turns its meaning round (`"false"` or `0` into `true`). `undefined` when the
 * answer is a well-typed todo that keeps to what was meant.
 */
function storedAsSent(sent: Record<string, unknown>, body: unknown): string | undefined {
  const problem = fieldProblem(body)
  if (problem || !isObject(body)) return problem
  const { content, completed, id } = sent
  const contentText = JSON.stringify(content) ?? String(content)
  if ('content' in sent && typeof content !== 'string' && body.content === contentText)
    return `content ${shown(content)} became its JSON text ${shown(body.content)}`
  if ('completed' in sent && ['false', 0, '0'].includes(completed as string) && body.completed)
    return `completed ${shown(completed)} became true`
  const oddId =
    (typeof id !== 'number' && id !== null && String(body.id) === String(id)) ||
    (typeof id === 'number' && !Number.isInteger(id) && body.id === id)
  return 'id' in sent && oddId ? `id ${shown(id)} kept as sent` : undefined
}
