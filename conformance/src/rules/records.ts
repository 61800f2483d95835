import { type Model, stateOf } from '../model/model.ts'
import { judgeReads } from './reads.ts'
import {
  answered,
  fieldProblem,
  held,
  isClientError,
  isObject,
  isSuccess,
  type Judgement,
  type Observation,
  type Rule,
  requestLine,
  shown,
  status,
  typeProblem,
} from './rule.ts'

const fail = (failed: string, expected?: string, actual?: string): Judgement => ({
  failed,
  ...(expected === undefined ? {} : { expected }),
  ...(actual === undefined ? {} : { actual }),
})

const actualOf = (observation: Observation) =>
  observation.response
    ? `${observation.response.status} ${observation.response.statusText}${observation.response.text ? ` ${shown(observation.response.json ?? observation.response.text)}` : ''}`
    : (observation.error ?? 'no answer')

/** A valid write aimed at a live record of the run: the operation's own rules judge it. */
const validOn = (observation: Observation, op: Observation['op']) =>
  observation.op === op &&
  observation.probe === undefined &&
  observation.target !== undefined &&
  !observation.target.deleted

/** The body a write sent, as an object. */
const sentObject = (observation: Observation): Record<string, unknown> =>
  isObject(observation.sent) ? observation.sent : {}

/** Whether an answer shows the sent fields, allowing the ends of content trimmed. */
function showsSent(
  body: Record<string, unknown>,
  sent: Record<string, unknown>,
): string | undefined {
  for (const field of ['content', 'completed'] as const) {
    if (!(field in sent)) continue
    const value = sent[field]
    const trimmedOnly = typeof value === 'string' && body[field] === value.trim()
    if (body[field] !== value && !trimmedOnly) return field
  }
  return undefined
}

/** The contract's own rules: records, operations, and the errors a client causes. */
export const recordRules: Rule[] = [
  {
    id: 'todo.fields',
    title: 'Todos are JSON objects with an integer id, a string content and a boolean completed',
    level: 'required',
    section: '§2 Todo',
    judge(observation, model) {
      const body = observation.response?.json
      if (
        observation.probe !== undefined ||
        observation.response?.status === undefined ||
        !isSuccess(observation)
      )
        return undefined
      let items: unknown[] = []
      if (observation.op === 'list' && Array.isArray(body)) items = body
      else if (observation.op === 'get' || observation.op === 'create')
        items = isObject(body) ? [body] : []
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
      if (status(observation) !== 200)
        return fail(answered(observation), '200 with a JSON array', actualOf(observation))
      if (!Array.isArray(observation.response?.json))
        return fail(
          `GET /todos answered a body that is not a JSON array`,
          'a JSON array',
          actualOf(observation),
        )
      return held
    },
  },
  {
    id: 'get.returns-record',
    title:
      'GET /todos/{id} answers 200 with the record of that id, for every record created and not deleted',
    level: 'required',
    section: '§4 GET /todos/{id}, rule 3',
    judge: (observation, model) =>
      judgeReads('get.returns-record', observation, model, () => observation.op === 'get'),
  },
  {
    id: 'list.holds-live-records',
    title: 'GET /todos lists every record created and not deleted',
    level: 'required',
    section: '§4 GET /todos, rule 3',
    judge: (observation, model) =>
      judgeReads('list.holds-live-records', observation, model, () => observation.op === 'list'),
  },
  {
    id: 'read.current',
    title: 'Reads show each record as its last successful write left it',
    level: 'required',
    section: '§4 PUT and PATCH',
    judge: (observation, model) =>
      judgeReads('read.current', observation, model, (record) => record.lastWrite !== undefined),
  },
  {
    id: 'create.answers-stored',
    title: 'POST /todos answers 200 or 201 with the stored todo',
    level: 'required',
    section: '§4 POST /todos',
    judge(observation, model) {
      if (
        observation.op !== 'create' ||
        (observation.probe !== undefined && observation.probe !== 'large-id')
      )
        return undefined
      const sent = sentObject(observation)
      const code = status(observation)
      if (observation.probe === 'large-id') {
        if (isClientError(observation)) return held
        const body = observation.response?.json
        if (
          isSuccess(observation) &&
          isObject(body) &&
          body.id !== sent.id &&
          model.policy.clientIds === 'stored'
        ) {
          return fail(
            `${answered(observation)} with id ${shown(body.id)}: the id sent was not stored exactly`,
            `id ${shown(sent.id)}, or a 4xx`,
            shown(body),
          )
        }
      }
      if (code === 200 || code === 201) {
        const body = observation.response?.json
        if (!isObject(body))
          return fail(
            `${answered(observation)} with a body that is not the stored todo`,
            'the stored todo',
            actualOf(observation),
          )
        const differs = showsSent(body, sent)
        if (
          differs &&
          !(
            differs === 'content' &&
            typeof sent.content === 'string' &&
            !model.ownsContent(sent.content)
          )
        ) {
          return fail(
            `${answered(observation)} with ${differs} ${shown(body[differs])} where ${shown(sent[differs])} was sent`,
            shown(sent),
            shown(body),
          )
        }
        return held
      }
      // A refusal for a choice the contract leaves open is the server's right: a required
      // field, ids it assigns or wants, content it will not store. The policy says which.
      if (
        code !== undefined &&
        code >= 400 &&
        code < 500 &&
        observation.sent !== undefined &&
        isRefusalAllowed(observation, model)
      )
        return undefined
      if (model.untypedCreate && (code === undefined || code >= 500)) return undefined
      const since =
        model.acceptedProbe && (code === undefined || code >= 500) ? model.acceptedProbe : undefined
      if (since)
        return {
          failed: `${answered(observation)}, since ${requestLine(since)} ${since.requestBody ?? ''} was accepted`,
          expected: '200 or 201 with the stored todo',
          actual: actualOf(observation),
          exchanges: [since, observation.exchange],
        }
      return fail(answered(observation), '200 or 201 with the stored todo', actualOf(observation))
    },
  },
  {
    id: 'replace.answers-replaced',
    title: 'PUT /todos/{id} with the complete record answers 200 with the replaced todo',
    level: 'required',
    section: '§4 PUT /todos/{id}',
    judge(observation, model) {
      if (!validOn(observation, 'replace') || observation.target?.uncertain) return undefined
      if (status(observation) !== 200) {
        if (isClientError(observation) && refusedContent(observation, model)) return undefined
        return fail(answered(observation), '200 with the replaced todo', actualOf(observation))
      }
      const body = observation.response?.json
      if (!isObject(body) || fieldProblem(body))
        return fail(
          `${answered(observation)} with a body that is not the replaced todo`,
          shown(observation.sent),
          actualOf(observation),
        )
      const differs = showsSent(body, sentObject(observation))
      if (differs)
        return fail(
          `${answered(observation)} with ${differs} ${shown(body[differs])} where ${shown(sentObject(observation)[differs])} was sent`,
          shown(observation.sent),
          shown(body),
        )
      if (String(body.id) !== String(observation.target?.expected.id))
        return fail(
          `${answered(observation)} with id ${shown(body.id)}`,
          `id ${shown(observation.target?.expected.id)}`,
          shown(body),
        )
      return held
    },
  },
  {
    id: 'patch.answers-updated',
    title: 'PATCH /todos/{id} answers 200 with the whole updated todo, the sent fields changed',
    level: 'required',
    section: '§4 PATCH /todos/{id}, §3',
    judge(observation, model) {
      if (!validOn(observation, 'patch') || observation.target?.uncertain) return undefined
      if (status(observation) !== 200) {
        if (isClientError(observation) && refusedContent(observation, model)) return undefined
        return fail(answered(observation), '200 with the updated todo', actualOf(observation))
      }
      const body = observation.response?.json
      const problem = fieldProblem(body)
      if (problem || !isObject(body))
        return fail(
          `${answered(observation)} with a body that is not the whole updated todo: ${problem}`,
          'the whole updated todo',
          actualOf(observation),
        )
      const differs = showsSent(body, sentObject(observation))
      if (differs)
        return fail(
          `${answered(observation)} with ${differs} ${shown(body[differs])}: the sent value was not applied`,
          shown(observation.sent),
          shown(body),
        )
      return held
    },
  },
  {
    id: 'patch.keeps-unsent',
    title: 'A PATCH leaves the fields it did not send as they were',
    level: 'required',
    section: '§4 rule 1, §3',
    judge(observation, model) {
      if (
        validOn(observation, 'patch') &&
        status(observation) === 200 &&
        observation.target &&
        !observation.target.uncertain
      ) {
        const body = observation.response?.json
        if (!isObject(body) || observation.target.concurrent) return undefined
        const sent = sentObject(observation)
        for (const field of ['content', 'completed'] as const) {
          if (field in sent || typeof body[field] !== typeof observation.target.expected[field])
            continue
          const before = observation.target.expected[field]
          const tolerated = observation.target.tolerated.has(
            stateOf({ ...observation.target.expected, [field]: body[field] }),
          )
          if (body[field] !== before && !tolerated) {
            return fail(
              `${answered(observation)} with ${field} ${shown(body[field])}, which it did not send; it was ${shown(before)}`,
              shown({ ...observation.target.expected, ...sent }),
              shown(body),
            )
          }
        }
        return held
      }
      return judgeReads(
        'patch.keeps-unsent',
        observation,
        model,
        (record) => record.lastWrite?.op === 'patch',
      )
    },
  },
  {
    id: 'delete.answers-200',
    title: 'DELETE /todos/{id} of a record answers 200',
    level: 'required',
    section: '§4 DELETE /todos/{id}',
    judge(observation) {
      if (!validOn(observation, 'delete') || observation.target?.uncertain) return undefined
      return status(observation) === 200
        ? held
        : fail(answered(observation), '200', actualOf(observation))
    },
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
      if (
        observation.op === 'create' &&
        isSuccess(observation) &&
        isObject(observation.response?.json)
      ) {
        const id = String(observation.response.json.id)
        if (typeProblem(observation.response.json)?.includes('2^53')) return undefined
        const holder = model.live().find((record) => String(record.expected.id) === id)
        if (holder || [...model.foreign].some((key) => String(JSON.parse(key)) === id)) {
          return fail(
            `${answered(observation)} with id ${id}, which ${holder ? 'another record of the run' : 'a record listed at the start'} already holds`,
            'an id no other record holds',
            shown(observation.response.json),
          )
        }
        return held
      }
      if (
        observation.op === 'list' &&
        observation.response?.status === 200 &&
        Array.isArray(observation.response.json)
      ) {
        const seen = new Set<string>()
        for (const item of observation.response.json) {
          if (!isObject(item)) continue
          const id = String(item.id)
          if (seen.has(id))
            return fail(
              `${requestLine(observation.exchange)} lists two records with id ${id}`,
              'each id once',
              shown(
                observation.response.json.filter(
                  (other) => isObject(other) && String(other.id) === id,
                ),
              ),
            )
          seen.add(id)
        }
        const found = judgeReads('ids.unique', observation, model, () => false)
        return found ?? (observation.query ? undefined : held)
      }
      return judgeReads('ids.unique', observation, model, () => false)
    },
  },
  {
    id: 'write.body-id',
    title:
      'A PUT or PATCH whose body id differs from the path is refused, or changes only the record at the path, which keeps its id',
    level: 'required',
    section: '§4 path parameter {id}',
    judge(observation, model) {
      if (observation.probe === 'body-id') {
        if (!isSuccess(observation)) return held
        const body = observation.response?.json
        if (isObject(body) && String(body.id) !== String(observation.target?.expected.id)) {
          return fail(
            `${answered(observation)} and moved the record to id ${shown(body.id)}`,
            `id ${shown(observation.target?.expected.id)} kept, or a 4xx`,
            shown(body),
          )
        }
        return held
      }
      return judgeReads('write.body-id', observation, model, () => false)
    },
  },
  {
    id: 'write.refused-no-trace',
    title: 'A write answered with an error changes nothing: no record appears, none changes',
    level: 'required',
    section: '§7 Errors',
    judge(observation, model) {
      if (
        observation.op === 'list' &&
        !observation.query &&
        observation.response?.status === 200 &&
        Array.isArray(observation.response.json) &&
        model.refusedCreates.length > 0
      ) {
        for (const item of observation.response.json) {
          if (
            !isObject(item) ||
            model.foreign.has(JSON.stringify(item.id)) ||
            model.records.has(JSON.stringify(item.id))
          )
            continue
          const refused = model.refusedCreates.find((create) => tracesTo(item, create.sent))
          if (refused) {
            return {
              failed: `GET /todos lists ${shown(item)}, stored by ${requestLine(refused.exchange)} ${shown(refused.sent)} although it answered ${refused.exchange.status} ${refused.exchange.statusText}`,
              expected: 'no record from a refused create',
              actual: shown(item),
              exchanges: [refused.exchange, observation.exchange],
            }
          }
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
      return (
        found ??
        (observation.probe !== undefined &&
        observation.op !== 'list' &&
        observation.op !== 'get' &&
        isSuccess(observation)
          ? held
          : undefined)
      )
    },
  },
  {
    id: 'write.wrong-types',
    title:
      'A write with a wrongly typed field is refused with a 4xx, or stored as a well-typed todo; never stored as sent',
    level: 'required',
    section: '§2 Todo, §7 Errors',
    judge(observation, model) {
      if (observation.probe === 'wrong-type') {
        if (
          observation.op !== 'create' &&
          isSuccess(observation) === false &&
          isClientError(observation)
        )
          return held
        const code = status(observation)
        if (code === undefined || code >= 500)
          return fail(answered(observation), 'a 4xx, or a well-typed todo', actualOf(observation))
        if (!isSuccess(observation)) return held
        const body = observation.response?.json
        const asSent = storedAsSent(sentObject(observation), body)
        if (asSent)
          return fail(
            `${answered(observation)} and stored it as sent: ${asSent}`,
            'a 4xx, or a well-typed todo',
            shown(body),
          )
        return held
      }
      const brokenSince =
        (observation.op === 'list' && !observation.query) ||
        (observation.op === 'create' && observation.probe === undefined)
      if (model.untypedCreate && brokenSince && (status(observation) ?? 500) >= 500) {
        return {
          failed: `${answered(observation)} since ${requestLine(model.untypedCreate)} ${model.untypedCreate.requestBody ?? ''} was accepted`,
          expected: '200, or the wrongly typed create refused',
          actual: actualOf(observation),
          exchanges: [model.untypedCreate, observation.exchange],
        }
      }
      if (
        (observation.op === 'get' || (observation.op === 'list' && !observation.query)) &&
        isSuccess(observation)
      ) {
        const body = observation.response?.json
        const items = Array.isArray(body) ? body : [body]
        for (const record of model.live().filter((r) => r.untyped)) {
          const item = items.find(
            (candidate) =>
              isObject(candidate) && String(candidate.id) === String(record.expected.id),
          )
          const problem = item === undefined ? undefined : fieldProblem(item)
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
      const probes = [
        'malformed-json',
        'missing-field',
        'empty-patch',
        'path-id',
        'canonical-path-id',
        'taken-id',
        'body-id',
      ]
      if (observation.probe === undefined || !probes.includes(observation.probe)) return undefined
      const code = status(observation)
      if (code === undefined)
        return fail(
          `${answered(observation)}: a mistaken request must get an answer`,
          'a 4xx',
          actualOf(observation),
        )
      if (code >= 500) return fail(answered(observation), 'a 4xx', actualOf(observation))
      if (observation.probe === 'malformed-json' && code < 400)
        return fail(
          `${answered(observation)}: malformed JSON was accepted`,
          '400',
          actualOf(observation),
        )
      return held
    },
  },
  {
    id: 'path.id-integer',
    title: 'A path id that is not an integer (`/todos/7abc`) never reads or changes record 7',
    level: 'required',
    section: '§4 path parameter {id}',
    judge(observation, model) {
      if (observation.probe !== 'path-id' || !isSuccess(observation))
        return observation.probe === 'path-id' ? held : undefined
      const body = observation.response?.json
      if (isObject(body) && model.records.has(JSON.stringify(body.id)))
        return fail(`${answered(observation)} with todo ${shown(body.id)}`, 'a 4xx', shown(body))
      return held
    },
  },
  {
    id: 'read.atomic',
    title:
      'A read sent while a write is under way shows the record before the write or after it, never half of it',
    level: 'recommended',
    section: '§4 PUT and PATCH (todokit)',
    judge(observation) {
      if (
        observation.probe !== 'concurrent-read' ||
        !isSuccess(observation) ||
        !isObject(observation.response?.json)
      )
        return undefined
      const state = stateOf({
        content: observation.response.json.content,
        completed: observation.response.json.completed,
      })
      return observation.allowed?.includes(state)
        ? held
        : fail(
            `${answered(observation)} with ${shown(observation.response.json)}, half of a write under way`,
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
      if (observation.probe !== 'unknown-id' && observation.probe !== 'canonical-path-id')
        return undefined
      if (status(observation) === 404) return held
      // An id the run freed may have gone to someone else's new record since.
      const body = observation.response?.json
      if (
        observation.target?.deleted &&
        isSuccess(observation) &&
        isObject(body) &&
        body.content !== observation.target.expected.content
      )
        return undefined
      // `/todos/07` names no id in canonical form: refusing it as malformed is as good.
      if (observation.probe === 'canonical-path-id' && isClientError(observation)) return held
      // A PUT to a free id may create the record: the contract leaves it open.
      if (observation.op === 'replace' && isSuccess(observation)) return held
      return fail(answered(observation), '404', actualOf(observation))
    },
  },
  {
    id: 'put.complete-record',
    title: 'A PUT that lacks a field is refused with a 4xx',
    level: 'recommended',
    section: '§4 rule 2',
    judge(observation) {
      if (observation.probe !== 'missing-field' || observation.op !== 'replace') return undefined
      return isClientError(observation)
        ? held
        : fail(answered(observation), 'a 4xx', actualOf(observation))
    },
  },
  {
    id: 'content.exact',
    title: 'Accepted content is stored exactly: no escaping, normalising, stripping or truncating',
    level: 'required',
    section: '§2 Todo (content string)',
    judge(observation, model) {
      const edge = sentObject(observation).content
      if (
        ['create', 'replace', 'patch'].includes(observation.op) &&
        observation.probe === undefined &&
        isClientError(observation) &&
        typeof edge === 'string' &&
        mayBeRefused(edge)
      )
        return held
      if (
        ['create', 'replace', 'patch'].includes(observation.op) &&
        observation.probe === undefined &&
        isSuccess(observation)
      ) {
        const sent = sentObject(observation).content
        const body = observation.response?.json
        if (
          typeof sent === 'string' &&
          !model.ownsContent(sent) &&
          isObject(body) &&
          typeof body.content === 'string'
        ) {
          if (body.content !== sent && body.content !== sent.trim())
            return fail(
              `${answered(observation)} with content ${shown(body.content)}`,
              shown(sent),
              shown(body.content),
            )
          return held
        }
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
      if (
        observation.probe === undefined &&
        isClientError(observation) &&
        typeof sent === 'string' &&
        sent !== sent.trim()
      )
        return held
      if (
        observation.probe === undefined &&
        isSuccess(observation) &&
        typeof sent === 'string' &&
        sent !== sent.trim() &&
        isObject(observation.response?.json)
      ) {
        const content = observation.response.json.content
        return content === sent.trim()
          ? fail(`${answered(observation)} with the content trimmed`, shown(sent), shown(content))
          : held
      }
      return judgeReads('content.edge-whitespace', observation, model, () => false)
    },
  },
  {
    id: 'headers.json',
    title: 'Responses with a todo or a list label their body application/json',
    level: 'recommended',
    section: '§4 Endpoints',
    judge(observation) {
      const response = observation.response
      // The body of a DELETE is not shown by the contract: any will do.
      if (
        !response ||
        !isSuccess(observation) ||
        response.text === '' ||
        observation.op === 'delete'
      )
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
  const content = sent.content
  if (typeof content === 'string') return item.content === content
  if (content === undefined) return false
  const forms = [JSON.stringify(content), String(content)]
  return (
    item.content === content ||
    JSON.stringify(item.content) === JSON.stringify(content) ||
    forms.includes(String(item.content))
  )
}

/** Whether a 4xx answer to a create is a refusal the contract allows (the learnt policy). */
function isRefusalAllowed(observation: Observation, model: Model): boolean {
  const sent = sentObject(observation)
  if (refusedContent(observation, model)) return true
  const { policy } = model
  if ('id' in sent) {
    if (policy.clientIds === 'refused') return true
    if (policy.clientIds === undefined && policy.assignsIds !== false) return true
  } else if (policy.assignsIds !== true && policy.clientIds !== undefined) return true
  if (!('completed' in sent) && policy.completedOptional !== true) return true
  // Learning: until a create with every field was tried, a refusal says only what is asked.
  return policy.assignsIds === undefined && policy.clientIds === undefined
}

/**
 * Whether a refused write carried content a server may refuse: empty, longer than a short limit,
 * with control characters, characters beyond the BMP, or spaces at the ends.
 */
function refusedContent(observation: Observation, _model: Model): boolean {
  const content = sentObject(observation).content
  return typeof content === 'string' && mayBeRefused(content)
}

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
  if (
    'content' in sent &&
    typeof sent.content !== 'string' &&
    body.content === (JSON.stringify(sent.content) ?? String(sent.content))
  ) {
    return `content ${shown(sent.content)} became its JSON text ${shown(body.content)}`
  }
  if (
    'completed' in sent &&
    ['false', 0, '0'].includes(sent.completed as string) &&
    body.completed === true
  ) {
    return `completed ${shown(sent.completed)} became true`
  }
  if (
    'id' in sent &&
    typeof sent.id !== 'number' &&
    sent.id !== null &&
    String(body.id) === String(sent.id)
  )
    return `id ${shown(sent.id)} kept as sent`
  if (
    'id' in sent &&
    typeof sent.id === 'number' &&
    !Number.isInteger(sent.id) &&
    body.id === sent.id
  )
    return `id ${shown(sent.id)} kept as sent`
  return undefined
}
