import { COLLECTION_PATH, Todo, todoPath } from '@todokit/sdk/contract'
import type { Check } from '../check.ts'
import type { HttpResponse } from '../http/client.ts'
import { CheckInconclusive, ensure } from '../run/assert.ts'
import type { CheckContext } from '../run/context.ts'
import {
  expectBody,
  expectFields,
  expectNoServerError,
  expectStatus,
  requestLine,
} from '../run/expect.ts'
import { isSameRecord } from './same-record.ts'

type Method = 'GET' | 'PUT' | 'PATCH' | 'DELETE'

/** What each method sends to a record that does not exist. */
function unknownIdRequest(ctx: CheckContext, method: Method, id: number): Promise<HttpResponse> {
  const body = {
    GET: undefined,
    DELETE: undefined,
    PUT: { id, content: ctx.content('never stored'), completed: false },
    PATCH: { completed: true },
  }[method]
  return ctx.http.request(method, todoPath(id), body === undefined ? {} : { json: body })
}

/**
 * A 404 for an unknown id shows nothing when the method is not routed at all: the same request
 * to a record of the run must succeed first, or the check is inconclusive.
 */
async function expectRouted(ctx: CheckContext, method: Method): Promise<void> {
  if (method === 'GET') return
  const created = await ctx.todos.create({ content: ctx.content('routed') })
  const body = {
    PUT: { ...created, content: ctx.content('routed, replaced') },
    PATCH: { completed: true },
    DELETE: undefined,
  }[method]
  const response = await ctx.http.request(
    method,
    todoPath(created.id),
    body === undefined ? {} : { json: body },
  )
  if (response.status < 200 || response.status >= 300) {
    throw new CheckInconclusive(
      `${method} /todos/${created.id} of an existing record answered ${response.status} ${response.statusText}: the method does not work, so a 404 for an unknown id shows nothing`,
    )
  }
}

function notFoundCheck(method: Method): Check {
  // A PUT may create the record it names: the contract leaves that open (the record carries
  // the run's marker, so cleanup removes it).
  const allowed = method === 'PUT' ? [404, 200, 201] : [404]
  return {
    id: `not-found.${method.toLowerCase()}`,
    title:
      method === 'PUT'
        ? 'PUT /todos/{id} for an unknown id answers 404, or creates the record'
        : `${method} /todos/{id} for an unknown id answers 404`,
    level: 'recommended',
    rule: 'errors.status-codes',
    async run(ctx) {
      await expectRouted(ctx, method)
      expectStatus(await unknownIdRequest(ctx, method, await ctx.todos.unusedId()), allowed)
    },
  }
}

/**
 * Requests a client may get wrong; none of them may earn a 5xx. Every body is an object, so a
 * lax server that stores one anyway answers with an id the run can delete.
 */
function clientMistakes(ctx: CheckContext, id: number, free: number): Array<Promise<HttpResponse>> {
  const send = (method: string, path: string, rawBody: string) =>
    ctx.http.request(method, path, { rawBody })
  // A wrongly typed content still carries the marker (inside an array), and the create
  // proposes an id GET showed free, so a lax server that stores it stores a record the run
  // can prove its own, where the run chose.
  const wrongTypes = { id: free, content: [ctx.content('wrong type')], completed: 'no' }
  return [
    send('POST', COLLECTION_PATH, '{"content": '),
    send('POST', COLLECTION_PATH, JSON.stringify(wrongTypes)),
    send('PUT', todoPath(id), '{"id": '),
    send('PATCH', todoPath(id), 'not json'),
    send('PATCH', todoPath(id), JSON.stringify({ completed: 'yes' })),
    ctx.http.request('GET', `${COLLECTION_PATH}/not-a-number`),
    ctx.http.request('GET', `${COLLECTION_PATH}/1.5`),
    // Never a mutating request to an id the run does not own: a real collection may hold any
    // integer id (-1 included), but no record has a non-integer one.
    ctx.http.request('DELETE', `${COLLECTION_PATH}/not-a-number`),
  ]
}

/** Recommended checks: status codes for mistakes, as section 7 gives them meaning. */
export const errorChecks: readonly Check[] = [
  notFoundCheck('GET'),
  notFoundCheck('PUT'),
  notFoundCheck('PATCH'),
  notFoundCheck('DELETE'),
  {
    id: 'not-found.delete-twice',
    title: 'A second DELETE of the same todo answers 404',
    level: 'recommended',
    rule: 'errors.status-codes',
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('deleted twice') })
      await ctx.todos.remove(created.id)
      // A server may give the freed id to the next record, someone else's: send the second
      // DELETE only when GET shows the id free, or still holding this very record.
      const read = await ctx.http.request('GET', todoPath(created.id))
      const stillOurs = read.status === 200 && isSameRecord(created)(read.json)
      if (read.status !== 404 && !stillOurs) {
        throw new CheckInconclusive(
          `GET /todos/${created.id} after DELETE answered ${read.status} ${read.statusText}${read.status === 200 ? ' with another record (the id was reused)' : ''}, so a second DELETE could remove a record that is not the run's`,
        )
      }
      expectStatus(await ctx.http.request('DELETE', todoPath(created.id)), [404])
    },
  },
  {
    id: 'bad-request.malformed-json',
    sendsInvalidData: true,
    title: 'POST /todos with malformed JSON answers 400',
    level: 'recommended',
    rule: 'errors.status-codes',
    alsoVerifies: ['endpoint.json'],
    async run(ctx) {
      const rawBody = `{"content": "${ctx.content('malformed')}", "completed": fals`
      expectStatus(await ctx.http.request('POST', COLLECTION_PATH, { rawBody }), [400])
    },
  },
  {
    id: 'bad-request.wrong-types',
    sendsInvalidData: true,
    title: 'POST and PATCH with a wrongly typed field answer 400',
    level: 'recommended',
    rule: 'errors.status-codes',
    alsoVerifies: ['todo.fields'],
    async run(ctx) {
      const posted = await ctx.http.request('POST', COLLECTION_PATH, {
        json: {
          id: await ctx.todos.unusedId(),
          content: ctx.content('wrong type'),
          completed: 'yes',
        },
      })
      expectStatus(posted, [400])
      const created = await ctx.todos.create({ content: ctx.content('patched wrongly') })
      const patched = await ctx.http.request('PATCH', todoPath(created.id), {
        json: { completed: 'yes' },
      })
      expectStatus(patched, [400])
    },
  },
  {
    id: 'bad-request.put-incomplete',
    sendsInvalidData: true,
    title: 'PUT without the complete record answers 400 and leaves the record as it was',
    level: 'recommended',
    rule: 'rule.put-complete-record',
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('complete'), completed: true })
      const response = await ctx.http.request('PUT', todoPath(created.id), {
        json: { id: created.id, content: ctx.content('incomplete') },
      })
      expectStatus(response, [400])
      expectFields(await ctx.todos.get(created.id), created, 'the rejected PUT changed the record')
    },
  },
  {
    id: 'todo.stays-complete',
    sendsInvalidData: true,
    title: 'An incomplete PUT, accepted or not, never leaves a record without one of its fields',
    level: 'required',
    rule: 'todo.fields',
    alsoVerifies: ['rule.put-complete-record'],
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('complete'), completed: true })
      await ctx.http.request('PUT', todoPath(created.id), {
        json: { id: created.id, content: ctx.content('incomplete') },
      })
      const read = await ctx.http.request('GET', todoPath(created.id))
      expectStatus(read, [200])
      expectBody(read, Todo, 'a todo object with all three fields')
    },
  },
  {
    id: 'bad-request.non-integer-id',
    sendsInvalidData: true,
    title: 'A create with a non-integer id never stores a record with that id',
    level: 'required',
    rule: 'todo.fields',
    async run(ctx) {
      const id = (await ctx.todos.unusedId()) + 0.5
      const response = await ctx.http.request('POST', COLLECTION_PATH, {
        json: { id, content: ctx.content('non-integer id'), completed: false },
      })
      if (response.status < 200 || response.status >= 300) return
      const body = response.json as { id?: unknown } | undefined
      ensure(
        Number.isInteger(body?.id),
        `${requestLine(response)} stored the id ${String(body?.id)}`,
        {
          expected: 'a 400, or an integer id of the server’s choosing',
          actual: `${response.status} ${response.statusText} with id ${String(body?.id)}`,
        },
      )
    },
  },
  {
    id: 'errors.no-5xx-for-client-mistakes',
    sendsInvalidData: true,
    title: 'Malformed bodies, wrong types and non-integer ids never earn a 5xx',
    level: 'recommended',
    rule: 'errors.status-codes',
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('target of mistakes') })
      const free = await ctx.todos.unusedId()
      for (const response of await Promise.all(clientMistakes(ctx, created.id, free))) {
        expectNoServerError(response)
      }
    },
  },
  {
    id: 'headers.json-content-type',
    title: 'Responses with a todo body are labelled content-type application/json',
    level: 'recommended',
    rule: 'endpoint.json',
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('labelled') })
      const responses = [
        await ctx.http.request('GET', COLLECTION_PATH),
        await ctx.http.request('GET', todoPath(created.id)),
        await ctx.http.request('PATCH', todoPath(created.id), { json: { completed: true } }),
      ]
      for (const response of responses) {
        const type = response.headers.get('content-type') ?? '(none)'
        ensure(
          /^application\/([\w.-]+\+)?json\b/i.test(type),
          `${response.exchange.method} ${new URL(response.exchange.url).pathname} is labelled ${type}`,
          { expected: 'content-type: application/json', actual: `content-type: ${type}` },
        )
      }
    },
  },
]
