import { COLLECTION_PATH, todoPath } from '@todokit/sdk/contract'
import type { Check } from '../check.ts'
import type { HttpResponse } from '../http/client.ts'
import { CheckInconclusive, ensure } from '../run/assert.ts'
import type { CheckContext } from '../run/context.ts'
import { expectFields, expectNoServerError, expectStatus } from '../run/expect.ts'
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

function notFoundCheck(method: Method): Check {
  return {
    id: `not-found.${method.toLowerCase()}`,
    title: `${method} /todos/{id} for an unknown id answers 404`,
    level: 'recommended',
    rule: 'errors.status-codes',
    async run(ctx) {
      expectStatus(await unknownIdRequest(ctx, method, await ctx.todos.unusedId()), [404])
    },
  }
}

/**
 * Requests a client may get wrong; none of them may earn a 5xx. Every body is an object, so a
 * lax server that stores one anyway answers with an id the run can delete.
 */
function clientMistakes(ctx: CheckContext, id: number): Array<Promise<HttpResponse>> {
  const send = (method: string, path: string, rawBody: string) =>
    ctx.http.request(method, path, { rawBody })
  return [
    send('POST', COLLECTION_PATH, '{"content": '),
    send('POST', COLLECTION_PATH, JSON.stringify({ content: 42, completed: 'no' })),
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
        json: { content: ctx.content('wrong type'), completed: 'yes' },
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
    id: 'errors.no-5xx-for-client-mistakes',
    sendsInvalidData: true,
    title: 'Malformed bodies, wrong types and non-integer ids never earn a 5xx',
    level: 'recommended',
    rule: 'errors.status-codes',
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('target of mistakes') })
      for (const response of await Promise.all(clientMistakes(ctx, created.id))) {
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
