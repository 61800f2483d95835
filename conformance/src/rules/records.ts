import type { Exchange } from '../http/exchange.ts'
import { displaced, keyOf, type Model, stateOf } from '../model/model.ts'
import {
  failure,
  fieldProblem,
  held,
  isClientError,
  isObject,
  isSuccess,
  type Judgement,
  type Judges,
  listedItems,
  type Observation,
  PROBES,
  repeatedId,
  requestLine,
  sentObject,
  shown,
  unexpected,
} from './rule.ts'

/** A failure that an earlier accepted exchange explains: both are shown. */
function since(observation: Observation, earlier: Exchange, expected: string): Judgement {
  const why = ` since ${requestLine(earlier)} ${earlier.requestBody ?? ''} was accepted`
  return { ...unexpected(observation, expected, why), exchanges: [earlier, observation.exchange] }
}

/** A valid write's answer: a todo with 200 (201 to a create), or a refusal the contract allows. */
export function writeAnswer(observation: Observation, model: Model): Judgement | undefined {
  const { op, probe, response, target } = observation
  if (op !== 'create' && op !== 'replace' && op !== 'patch') return undefined
  const [sent, code, body] = [sentObject(observation), response?.status, response?.json]
  const create = op === 'create'
  if (probe === 'large-id' && isClientError(observation)) return held
  const moved = isSuccess(observation) && isObject(body) && body.id !== sent.id
  if (probe === 'large-id' && model.policy.clientIds === 'stored' && moved)
    return unexpected(observation, `id ${shown(sent.id)}, or a 4xx`, ': the id was not stored')
  const what = `the ${{ create: 'stored', replace: 'replaced', patch: 'whole updated' }[op]} todo`
  const expected = `${create ? '200 or 201' : '200'} with ${what}`
  if (code === 200 || (create && code === 201)) {
    // A create's answer with ill-typed fields is the field-type rule's.
    const problem = create ? !isObject(body) && 'not a JSON object' : fieldProblem(body)
    if (problem)
      return unexpected(observation, what, ` with a body that is not ${what}: ${problem}`)
    const id = isObject(body) && body.id
    if (op === 'replace' && String(id) !== String(target?.expected.id))
      return unexpected(observation, `id ${shown(target?.expected.id)}`, ` with id ${shown(id)}`)
    return held
  }
  // A refusal for a choice the contract leaves open is the server's right.
  const allowed = mayBeRefused(sent.content) || (create && isRefusalAllowed(sent, model))
  if (isClientError(observation) && allowed) return undefined
  const broken = create && (code === undefined || code >= 500)
  if (broken && model.untypedCreate) return undefined
  if (broken && model.acceptedProbe) return since(observation, model.acceptedProbe, expected)
  return unexpected(observation, expected)
}

/** Holds unless a write answered a todo whose id `strays` from the one the request named. */
const keepsId =
  (expected: string, strays: (id: unknown, observation: Observation, model: Model) => boolean) =>
  (observation: Observation, model: Model) => {
    const body = observation.response?.json
    if (!isSuccess(observation) || !isObject(body) || !strays(body.id, observation, model))
      return held
    return unexpected(observation, expected, ` with todo ${shown(body.id)}`)
  }

/** Holds of a write of a content it `judges` answered with a todo, or a `refusable` refusal. */
const contentWrite =
  (judges: (sent: string, model: Model) => boolean, refusable = (_sent: string) => true) =>
  (observation: Observation, model: Model) => {
    const sent = sentObject(observation).content
    if (typeof sent !== 'string' || !judges(sent, model)) return undefined
    if (isClientError(observation)) return refusable(sent) ? held : undefined
    return isSuccess(observation) && isObject(observation.response?.json) ? held : undefined
  }

/** The first ill-typed todo a read shows: of a record a wrongly typed write made, or not. */
function illTyped(observation: Observation, model: Model, untyped: boolean) {
  const body = observation.response?.json
  const items = observation.op === 'list' ? body : isObject(body) ? [body] : undefined
  if (!isSuccess(observation) || !Array.isArray(items)) return undefined
  const made = new Set(model.live().flatMap((record) => (record.untyped ? [record.key] : [])))
  const [seen, expected] = untyped
    ? ['shows a record stored from a wrongly typed write', 'a well-typed todo']
    : ['answered a todo', 'id integer, content string, completed boolean']
  for (const item of items) {
    const madeUntyped = isObject(item) && made.has(keyOf(item.id))
    // An id past 2^53 − 1 that a server counted on from the one the run stored is the run's doing.
    const countedOn = model.storedLastExactId && Number.isInteger(item.id)
    const problem = madeUntyped === untyped && fieldProblem(item, !untyped && !countedOn)
    const failed = `${requestLine(observation.exchange)} ${seen} where ${problem}`
    if (problem) return failure(failed, expected, shown(item))
  }
  return untyped || items.length === 0 ? undefined : held
}

/** How the contract's own rules judge: records, operations, and the errors a client causes. */
export const recordJudges: Judges = {
  'todo.fields': {
    on: { op: ['list', 'get', 'create'], probe: ['none'] },
    judge: (observation, model) => illTyped(observation, model, false),
  },
  'list.answers-array': {
    on: { op: ['list'], query: false },
    judge(observation, model) {
      const { response } = observation
      if (response?.status === 200 && Array.isArray(response.json)) return held
      if (model.untypedCreate && !isSuccess(observation)) return undefined
      return unexpected(observation, '200 with a JSON array')
    },
  },
  'delete.answers-200': {
    on: { op: ['delete'], probe: ['none'], live: true },
    judge(observation) {
      if (displaced(observation.target)) return undefined
      return observation.response?.status === 200 ? held : unexpected(observation, '200')
    },
  },
  'ids.unique': {
    judge(observation, model) {
      const { op, response } = observation
      const body = response?.json
      if (op === 'create' && isSuccess(observation) && isObject(body)) {
        if (Number.isInteger(body.id) && !Number.isSafeInteger(body.id)) return undefined
        const id = String(body.id)
        // A record that may be gone leaves its id free again.
        const holder = model.live().find((record) => String(record.expected.id) === id)
        if (holder?.maybeGone) return undefined
        const listed = [...model.foreign].some((key) => String(JSON.parse(key)) === id)
        if (!holder && !listed) return held
        const who = holder ? 'another record of the run' : 'a record listed at the start'
        const why = ` with id ${id}, which ${who} already holds`
        return unexpected(observation, 'an id no other record holds', why)
      }
      if (op !== 'list' || response?.status !== 200 || !Array.isArray(body)) return undefined
      const [twice] = repeatedId(listedItems(body))
      if (twice === undefined) return observation.query ? undefined : held
      const items = body.filter((item) => isObject(item) && String(item.id) === twice)
      const failed = `${requestLine(observation.exchange)} lists two records with id ${twice}`
      return failure(failed, 'each id once', shown(items))
    },
  },
  'write.body-id': {
    on: { probe: ['body-id'] },
    judge: keepsId(
      'its own id kept, or a 4xx',
      (id, { target }) => String(id) !== String(target?.expected.id),
    ),
  },
  'write.refused-no-trace': {
    judge(observation, model) {
      const { op, probe, query, response } = observation
      const listed = op === 'list' && !query && response?.status === 200 ? response.json : undefined
      if (!Array.isArray(listed) || model.refusedCreates.length === 0)
        // A write the server accepted left nothing refused to trace: the rule holds of it.
        return probe && op !== 'list' && op !== 'get' && isSuccess(observation) ? held : undefined
      for (const item of listed.filter(isObject)) {
        const key = keyOf(item.id)
        if (model.foreign.has(key) || model.records.has(key)) continue
        // A content a create that named no id sent may be its record: only an id traces it then.
        const unnamed = model.unnamed.has(item.content)
        const refused = model.refusedCreates.find((create) => tracesTo(item, create.sent, unnamed))
        if (!refused) continue
        const { exchange } = refused
        const failed = `GET /todos lists ${shown(item)}, stored by ${requestLine(exchange)} ${shown(refused.sent)} although it answered ${exchange.status} ${exchange.statusText}`
        const shows = [exchange, observation.exchange]
        return failure(failed, 'no record from a refused create', shown(item), shows)
      }
      return held
    },
  },
  'write.wrong-types': {
    judge(observation, model) {
      const { op, probe, query, response } = observation
      const expected = 'a 4xx, or a well-typed todo'
      if (probe === 'wrong-type') {
        const asSent = isSuccess(observation) && storedAsSent(observation, response?.json)
        if (response && response.status < 500 && !asSent) return held
        return unexpected(observation, expected, asSent ? ` and stored it as sent: ${asSent}` : '')
      }
      const plainList = op === 'list' && !query
      const broken = (response?.status ?? 500) >= 500
      if (model.untypedCreate && broken && (plainList || (op === 'create' && !probe)))
        return since(observation, model.untypedCreate, '200, or the wrongly typed create refused')
      return op === 'get' || plainList ? illTyped(observation, model, true) : undefined
    },
  },
  'errors.client-mistakes': {
    judge(observation) {
      if (!observation.probe || !PROBES[observation.probe]) return undefined
      const code = observation.response?.status ?? 500
      const malformed = observation.probe === 'malformed-json'
      if (code < 500 && (code >= 400 || !malformed)) return held
      return unexpected(observation, malformed ? 'a 4xx, never a success' : 'a 4xx, never a 5xx')
    },
  },
  'path.id-integer': {
    on: { probe: ['path-id'] },
    judge: keepsId('a 4xx', (id, _, model) => model.records.has(keyOf(id))),
  },
  'read.atomic': {
    on: { probe: ['concurrent-read'] },
    judge(observation) {
      const { response, allowed = [] } = observation
      if (!isSuccess(observation) || !isObject(response?.json)) return undefined
      if (allowed.includes(stateOf(response.json))) return held
      const expected = `one of ${allowed.join(' or ')}`
      return unexpected(observation, expected, ', half of a write under way')
    },
  },
  'ids.unknown-404': {
    on: { probe: ['unknown-id', 'canonical-path-id'] },
    judge(observation) {
      const { probe, target, op, response } = observation
      if (response?.status === 404) return held
      // An id the run freed may have gone to someone else's new record since.
      const body = response?.json
      const freed = target?.deleted && isSuccess(observation) && isObject(body)
      if (freed && body.content !== target.expected.content) return undefined
      // `/todos/07` names no id in canonical form: refusing it as malformed is as good.
      if (probe === 'canonical-path-id' && isClientError(observation)) return held
      // A PUT to a free id may create the record: the contract leaves it open.
      if (op === 'replace' && isSuccess(observation)) return held
      return unexpected(observation, '404')
    },
  },
  'put.complete-record': {
    on: { op: ['replace'], probe: ['missing-field'] },
    judge: (observation) => (isClientError(observation) ? held : unexpected(observation, 'a 4xx')),
  },
  'content.exact': {
    on: { op: ['create', 'replace', 'patch'], probe: ['none'] },
    judge: contentWrite((sent, model) => !model.marked(sent), mayBeRefused),
  },
  'content.edge-whitespace': {
    on: { probe: ['none'] },
    judge: contentWrite((sent) => sent !== sent.trim()),
  },
  'headers.json': {
    // The body of a DELETE is not shown by the contract: any will do.
    on: { op: ['list', 'walk', 'get', 'create', 'replace', 'patch'] },
    judge(observation) {
      const { response } = observation
      if (!response?.text || !isSuccess(observation)) return undefined
      const type = response.headers.get('content-type') ?? ''
      if (/^application\/([\w.+-]*\+)?json\b/i.test(type)) return held
      const why = ` with content-type ${shown(type || undefined)}`
      return unexpected(observation, 'application/json', why)
    },
  },
}

/** Whether a record may come from a refused create: its id, or what was sent, or that coerced. */
export function tracesTo(item: Record<string, unknown>, sent: unknown, byIdOnly = false): boolean {
  if (!isObject(sent)) return false
  if (sent.id !== undefined && String(item.id) === String(sent.id)) return true
  if (byIdOnly) return false
  const { content } = sent
  if (typeof content === 'string') return item.content === content
  if (content === undefined) return false
  return [JSON.stringify(content), String(content)].includes(String(item.content))
}

/** Whether a 4xx answer to a create of `sent` is a refusal the policy learnt allows. */
function isRefusalAllowed(sent: Record<string, unknown>, model: Model): boolean {
  const { assignsIds, clientIds, completedOptional } = model.policy
  if ('id' in sent) {
    if (clientIds === 'refused' || (clientIds === undefined && assignsIds !== false)) return true
  } else if (assignsIds !== true && clientIds !== undefined) return true
  if (!('completed' in sent) && completedOptional !== true) return true
  // Until a create with every field was tried, a refusal says only what is asked.
  return assignsIds === undefined && clientIds === undefined
}

/** Contents a server may refuse: empty, spaces at the ends, control characters, beyond the BMP. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const REFUSABLE = /^$|^\s|\s$|[\u0000-\u001f\u007f]|[\u{10000}-\u{10ffff}]/u

function mayBeRefused(content: unknown): boolean {
  return typeof content === 'string' && ([...content].length > 50 || REFUSABLE.test(content))
}

/** How an answer shows a wrongly typed value stored as sent, as its JSON text, or turned round. */
function storedAsSent(observation: Observation, body: unknown): string | undefined {
  // An answer that is no todo at all is the write's own answer rule's.
  if (!isObject(body)) return undefined
  const problem = fieldProblem(body)
  if (problem) return problem
  const sent = sentObject(observation)
  const { content, completed, id } = sent
  // A record that held true already may have ignored a falsy `completed`.
  const wasTrue = observation.target?.expected.completed === true
  // A number stored as its decimal text is a well-typed todo of the same meaning.
  const asText = typeof content !== 'string' && typeof content !== 'number'
  if ('content' in sent && asText && body.content === (JSON.stringify(content) ?? String(content)))
    return `content ${shown(content)} became its JSON text ${shown(body.content)}`
  const falsy = ['false', 0, '0'].includes(completed as string)
  if ('completed' in sent && falsy && body.completed && !wasTrue)
    return `completed ${shown(completed)} became true`
  const oddId =
    (typeof id !== 'number' && id !== null && String(body.id) === String(id)) ||
    (typeof id === 'number' && !Number.isInteger(id) && body.id === id)
  return 'id' in sent && oddId ? `id ${shown(id)} kept as sent` : undefined
}
