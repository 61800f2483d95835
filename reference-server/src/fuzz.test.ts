import { ProblemDetails, type Todo } from '@todokit/sdk/contract'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { appWith } from '../test/helpers.ts'
import { listen } from './http/listen.ts'

/** Bounded so the suite stays fast; the totals are printed after the run. */
const REQUEST_RUNS = 500
const SOCKET_RUNS = 200
const SEQUENCE_RUNS = 150
const statuses = new Map<number, number>()
let requestsSent = 0

afterAll(() => {
  const seen = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
  console.log(
    `fuzz: ${REQUEST_RUNS} arbitrary requests in-process + ${SOCKET_RUNS} over a socket + ${SEQUENCE_RUNS} write sequences = ${requestsSent} requests; statuses ${seen.join(' ')}`,
  )
})

const SEED: Todo[] = [
  { id: 1, content: 'Buy milk', completed: false },
  { id: 2, content: 'Walk the dog', completed: true },
  { id: 5, content: 'buy bread', completed: false },
]

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND']
const CONTENT_TYPES = [
  'application/json',
  'application/merge-patch+json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  undefined,
]

/** Id-like path segments: valid, out of range, fractional, signed, padded, text. */
const idSegment = fc.oneof(
  fc.integer({ min: 1, max: 8 }).map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.double().map(String),
  fc.string(),
  fc.constantFrom('01', '+1', '1e3', '0x10', ' 1', '9007199254740992', '__proto__'),
)

const path = fc.oneof(
  fc.constant('/todos'),
  idSegment.map((segment) => `/todos/${encodeURIComponent(segment)}`),
  fc
    .array(fc.string(), { maxLength: 4 })
    .map((segments) => `/${segments.map(encodeURIComponent).join('/')}`),
  fc.constantFrom('/todos/', '/openapi.json', '/todos/1/extra', '//todos'),
)

const queryKey = fc.oneof(
  fc.constantFrom('id', 'content', 'completed', 'q', 'order', '_sort', '__proto__', 'constructor'),
  fc.string(),
)
const queryValue = fc.oneof(
  fc.constantFrom('true', 'false', '1', '-id', 'content,-id', 'id,id', 'title', ''),
  fc.string(),
)
const query = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 4 })
  .map((pairs) => (pairs.length === 0 ? '' : `?${new URLSearchParams(pairs)}`))

/** Bodies near the schema (so validation paths run) and far from it. */
const fieldValue = fc.oneof(
  fc.jsonValue(),
  fc.string(),
  fc.boolean(),
  fc.integer({ min: -3, max: 10 }),
  fc.double(),
)
const nearTodo = fc.dictionary(
  fc.constantFrom('id', 'content', 'completed', '__proto__', 'constructor', 'done'),
  fieldValue,
  { maxKeys: 4 },
)
const body = fc.oneof(
  nearTodo.map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc.constantFrom('', '{', '{"content":"x","__proto__":{"polluted":1}}', 'null', '[]'),
  fc.constant(undefined),
)

/** Conditional headers, valid and not: `*`, tags, weak tags, junk. */
const condition = fc.option(
  fc.record({
    name: fc.constantFrom('if-match', 'if-none-match'),
    value: fc.oneof(
      fc.constantFrom('*', '"x"', 'W/"x"', '"a", "b"'),
      fc.stringMatching(/^[!-~ ]{0,12}$/),
    ),
  }),
  { nil: undefined },
)

/** One arbitrary request. */
const request = fc.record({
  method: fc.constantFrom(...METHODS),
  target: path,
  search: query,
  text: body,
  contentType: fc.constantFrom(...CONTENT_TYPES),
  condition,
})

type Fetcher = (url: string, init: RequestInit) => Response | Promise<Response>

interface ArbitraryRequest {
  method: string
  target: string
  search?: string
  text?: string | undefined
  contentType?: string | undefined
  condition?: { name: string; value: string } | undefined
}

async function send(
  fetcher: Fetcher,
  { method, target, search = '', text, contentType, condition }: ArbitraryRequest,
): Promise<Response> {
  const hasBody = text !== undefined && method !== 'GET' && method !== 'HEAD'
  const headers: Record<string, string> = {}
  if (contentType !== undefined) headers['content-type'] = contentType
  if (condition !== undefined) headers[condition.name] = condition.value
  const response = await fetcher(target + search, {
    method,
    headers,
    ...(hasBody ? { body: text } : {}),
  })
  requestsSent++
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
  return response
}

/** Every error is a well-formed problem whose status matches the response's. */
async function expectClientSafe(response: Response, method: string): Promise<void> {
  expect(response.status).toBeLessThan(500)
  if (response.status >= 400 && method !== 'HEAD') {
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    const problem = ProblemDetails.parse(await response.json())
    expect(problem.status).toBe(response.status)
    expect(JSON.stringify(problem)).not.toMatch(/\n\s+at /)
  }
}

describe('arbitrary requests', () => {
  it('never get a 5xx, and every error is problem+json', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (arbitrary) => {
        const { app } = appWith(SEED)
        const response = await send((url, init) => app.request(url, init), arbitrary)
        await expectClientSafe(response, arbitrary.method)
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      }),
      { numRuns: REQUEST_RUNS },
    )
  })

  it('never get a 5xx over a socket either, where Node’s own headers and body are read', async () => {
    const server = await listen(appWith(SEED).app, { port: 0 })
    try {
      await fc.assert(
        fc.asyncProperty(request, async (arbitrary) => {
          const response = await send((url, init) => fetch(server.url + url, init), arbitrary)
          await expectClientSafe(response, arbitrary.method)
        }),
        { numRuns: SOCKET_RUNS },
      )
    } finally {
      await server.close()
    }
  })
})

/** A write to the API with a body near the schema and an id from a small range, so they collide. */
const write = fc.oneof(
  fc.record({
    method: fc.constant('POST'),
    url: fc.constant('/todos'),
    body: fc.record(
      {
        id: fc.integer({ min: 1, max: 8 }),
        content: fc.string({ maxLength: 8 }),
        completed: fc.boolean(),
      },
      { requiredKeys: ['content'] },
    ),
  }),
  fc.record({
    method: fc.constantFrom('PUT', 'PATCH'),
    url: fc.integer({ min: 1, max: 8 }).map((id) => `/todos/${id}`),
    body: nearTodo,
  }),
  fc.record({
    method: fc.constant('DELETE'),
    url: fc.integer({ min: 1, max: 8 }).map((id) => `/todos/${id}`),
    body: fc.constant(undefined),
  }),
)

describe('sequences of writes', () => {
  it('keep the store consistent, and failed writes change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 25 }), async (writes) => {
        const { app, store } = appWith(SEED)
        const everAssigned = new Set(SEED.map((todo) => todo.id))
        for (const { method, url, body } of writes) {
          const before = JSON.stringify([...store])
          const text = body === undefined ? undefined : JSON.stringify(body)
          const response = await send((target, init) => app.request(target, init), {
            method,
            target: url,
            text,
            contentType: 'application/json',
          })
          await expectClientSafe(response, method)
          if (response.status >= 400) {
            expect(JSON.stringify([...store])).toBe(before)
          } else if (method === 'POST') {
            const created = (await response.json()) as Todo
            if ((body as { id?: number }).id === undefined) {
              expect(everAssigned.has(created.id)).toBe(false)
            }
            everAssigned.add(created.id)
          }

          const listed = (await (await app.request('/todos')).json()) as Todo[]
          const ids = listed.map((todo) => todo.id)
          expect(ids).toEqual([...ids].sort((a, b) => a - b))
          expect(new Set(ids).size).toBe(ids.length)
          for (const todo of listed) {
            expect(await (await app.request(`/todos/${todo.id}`)).json()).toEqual(todo)
          }
        }
      }),
      { numRuns: SEQUENCE_RUNS },
    )
  })
})
