import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { bunConnectionRefused, failingFetch } from '../../test/fetch-failures.ts'
import { aTodo, BASE_URL, server, useMsw } from '../../test/msw.ts'
import { recordWaits } from '../../test/timers.ts'
import {
  AbortError,
  BadRequestError,
  ConflictError,
  NetworkError,
  NotFoundError,
  PreconditionFailedError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  TodoApiError,
  UnprocessableContentError,
} from '../errors/index.ts'
import { TodoClient } from './TodoClient.ts'

useMsw()

// No retries here: retry.test.ts covers them, and one attempt keeps the assertions direct.
const client = new TodoClient({ baseUrl: BASE_URL, retry: 0 })

/** The error a promise rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => expect.unreachable(`resolved with ${JSON.stringify(value)}`),
    (error: unknown) => error,
  )
}

describe('error statuses', () => {
  it.each([
    [400, BadRequestError, 'Bad Request'],
    [401, TodoApiError, 'Unauthorized'],
    [404, NotFoundError, 'Not Found'],
    [409, ConflictError, 'Conflict'],
    [412, PreconditionFailedError, 'Precondition Failed'],
    // msw sends the older phrase; the server's own phrase wins over the standard one.
    [422, UnprocessableContentError, 'Unprocessable Entity'],
    [429, RateLimitError, 'Too Many Requests'],
    [500, ServerError, 'Internal Server Error'],
    [503, ServerError, 'Service Unavailable'],
  ])(
    'throws %i as %o naming the status, reason, method and URL',
    async (status, ErrorClass, reason) => {
      server.use(http.get(`${BASE_URL}/todos/9`, () => new HttpResponse(null, { status })))
      const error = await rejection(client.todos.get(9))
      expect(error).toBeInstanceOf(ErrorClass)
      expect(error).toBeInstanceOf(TodoApiError)
      expect(error).toMatchObject({
        status,
        statusText: reason,
        method: 'GET',
        url: `${BASE_URL}/todos/9`,
        message: `${status} ${reason}: GET ${BASE_URL}/todos/9`,
      })
    },
  )

  it('falls back to the standard reason phrase when the server sends none', async () => {
    // msw always fills in a reason phrase, so a hand-made Response stands in for HTTP/2.
    const http2 = new TodoClient({
      baseUrl: BASE_URL,
      fetch: async () => new Response(null, { status: 404 }),
    })
    const error = await rejection(http2.todos.get(9))
    expect(error).toMatchObject({ status: 404, statusText: 'Not Found' })
    expect((error as Error).message).toBe(`404 Not Found: GET ${BASE_URL}/todos/9`)
  })

  it('reads a problem+json body and adds its detail to the message', async () => {
    const problem = { title: 'Not Found', status: 404, detail: 'No todo has id 9' }
    server.use(
      http.get(`${BASE_URL}/todos/9`, () =>
        HttpResponse.json(problem, {
          status: 404,
          headers: { 'content-type': 'application/problem+json' },
        }),
      ),
    )
    const error = (await rejection(client.todos.get(9))) as NotFoundError
    expect(error.body).toEqual(problem)
    expect(error.problem).toEqual(problem)
    expect(error.message).toBe(`404 Not Found: GET ${BASE_URL}/todos/9 (No todo has id 9)`)
    expect(error.headers.get('content-type')).toBe('application/problem+json')
  })

  it('reads a plain JSON body without treating it as problem details', async () => {
    server.use(
      http.post(`${BASE_URL}/todos`, () =>
        HttpResponse.json({ detail: 'id taken' }, { status: 409 }),
      ),
    )
    const error = (await rejection(client.todos.create({ id: 1, content: 'a' }))) as ConflictError
    expect(error.body).toEqual({ detail: 'id taken' })
    expect(error.problem).toBeUndefined()
    expect(error.message).toBe(`409 Conflict: POST ${BASE_URL}/todos`)
  })

  it('reads a text body as text', async () => {
    server.use(
      http.get(`${BASE_URL}/todos`, () => HttpResponse.text('upstream down', { status: 502 })),
    )
    const error = (await rejection(client.todos.list())) as ServerError
    expect(error).toBeInstanceOf(ServerError)
    expect(error.body).toBe('upstream down')
  })

  it('leaves body undefined when the error response is empty', async () => {
    server.use(http.delete(`${BASE_URL}/todos/1`, () => new HttpResponse(null, { status: 404 })))
    const error = (await rejection(client.todos.delete(1))) as NotFoundError
    expect(error.body).toBeUndefined()
  })
})

describe('success statuses the contract does not name', () => {
  it('treats 204 on DELETE as an error, since the contract names 200 only', async () => {
    server.use(http.delete(`${BASE_URL}/todos/1`, () => new HttpResponse(null, { status: 204 })))
    const error = await rejection(client.todos.delete(1))
    expect(error).toBeInstanceOf(TodoApiError)
    expect(error).toMatchObject({ status: 204, statusText: 'No Content' })
    expect((error as Error).message).toBe(`204 No Content: DELETE ${BASE_URL}/todos/1`)
  })

  it('treats 201 on GET as an error', async () => {
    server.use(http.get(`${BASE_URL}/todos/1`, () => HttpResponse.json(aTodo(), { status: 201 })))
    const error = (await rejection(client.todos.get(1))) as TodoApiError
    expect(error.status).toBe(201)
    expect(error.body).toEqual(aTodo())
  })

  it('treats 202 on POST as an error', async () => {
    server.use(http.post(`${BASE_URL}/todos`, () => HttpResponse.json(aTodo(), { status: 202 })))
    await expect(client.todos.create({ content: 'a' })).rejects.toMatchObject({ status: 202 })
  })
})

describe('transport failures', () => {
  it('throws TimeoutError when no response arrives in time', async () => {
    server.use(
      http.get(`${BASE_URL}/todos`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000))
        return HttpResponse.json([])
      }),
    )
    const error = await rejection(client.todos.list(undefined, { timeout: 20 }))
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({ timeout: 20, method: 'GET', url: `${BASE_URL}/todos` })
    expect((error as Error).message).toBe(`Timeout 20 ms: GET ${BASE_URL}/todos`)
  })

  it('gives each attempt 10 seconds by default', async () => {
    server.use(http.get(`${BASE_URL}/todos`, () => HttpResponse.json([])))
    const waits = recordWaits()
    await new TodoClient({ baseUrl: BASE_URL }).todos.list()
    vi.restoreAllMocks()
    expect(waits).toContain(10_000)
  })

  it('applies the client timeout when the call gives none', async () => {
    server.use(
      http.get(`${BASE_URL}/todos`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000))
        return HttpResponse.json([])
      }),
    )
    const impatient = new TodoClient({ baseUrl: BASE_URL, timeout: 15, retry: 0 })
    await expect(impatient.todos.list()).rejects.toMatchObject({
      name: 'TimeoutError',
      timeout: 15,
    })
  })

  it('throws NetworkError with the cause when the connection fails', async () => {
    server.use(http.get(`${BASE_URL}/todos`, () => HttpResponse.error()))
    const error = await rejection(client.todos.list())
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError)
    expect((error as Error).message).toMatch(`Network error: GET ${BASE_URL}/todos`)
  })

  it.each([
    ['Bun refuses the connection', bunConnectionRefused()],
    ['fetch rejects with a plain Error', Object.assign(new Error('connect'), { code: 'X' })],
    ['fetch rejects with a non-error', 'offline'],
  ])('throws NetworkError with the original cause when %s', async (_, failure) => {
    const { fetch } = failingFetch(() => failure)
    const error = await rejection(
      new TodoClient({ baseUrl: BASE_URL, fetch, retry: 0 }).todos.list(),
    )
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).cause).toBe(failure)
  })

  it("names the runtime's reason in the NetworkError message", async () => {
    const { fetch } = failingFetch(bunConnectionRefused)
    const error = await rejection(
      new TodoClient({ baseUrl: BASE_URL, fetch, retry: 0 }).todos.get(1),
    )
    expect((error as Error).message).toBe(
      `Network error: GET ${BASE_URL}/todos/1 (ECONNREFUSED: Unable to connect. Is the computer able to access the url?)`,
    )
  })

  it('leaves an abort an abort: hooks see its reason, the caller an AbortError', async () => {
    const controller = new AbortController()
    const reason = new Error('user left')
    // Like every fetch, it rejects with the signal's reason once the signal aborts.
    const fetch = async (request: Request) => {
      controller.abort(reason)
      throw request.signal.reason
    }
    const seen: Error[] = []
    const custom = new TodoClient({
      baseUrl: BASE_URL,
      fetch: fetch as typeof globalThis.fetch,
      retry: 0,
      hooks: {
        beforeError: [
          ({ error }) => {
            seen.push(error)
            return error
          },
        ],
      },
    })
    const error = await rejection(custom.todos.list(undefined, { signal: controller.signal }))
    expect(seen).toEqual([reason])
    expect(error).toBeInstanceOf(AbortError)
  })

  it('throws AbortError with the reason when the caller aborts', async () => {
    server.use(
      http.get(`${BASE_URL}/todos`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000))
        return HttpResponse.json([])
      }),
    )
    const controller = new AbortController()
    const pending = client.todos.list(undefined, { signal: controller.signal })
    const reason = new Error('user left')
    setTimeout(() => controller.abort(reason), 10)
    const error = await rejection(pending)
    expect(error).toBeInstanceOf(AbortError)
    expect(error).toMatchObject({ name: 'AbortError', cause: reason, method: 'GET' })
  })

  it('throws AbortError without sending when the signal is already aborted', async () => {
    const error = await rejection(client.todos.get(1, { signal: AbortSignal.abort() }))
    expect(error).toBeInstanceOf(AbortError)
  })

  it('lets an error thrown by a caller hook through unchanged', async () => {
    const mine = new Error('no token')
    const strict = new TodoClient({
      baseUrl: BASE_URL,
      hooks: {
        beforeRequest: [
          () => {
            throw mine
          },
        ],
      },
    })
    await expect(strict.todos.list()).rejects.toBe(mine)
  })
})

describe('conditional requests, as the README describes them', () => {
  it('lets an afterResponse hook read the ETag', async () => {
    server.use(
      http.get(`${BASE_URL}/todos/1`, () =>
        HttpResponse.json(aTodo(), { headers: { etag: '"7"' } }),
      ),
    )
    const etags: (string | null)[] = []
    const reading = new TodoClient({
      baseUrl: BASE_URL,
      hooks: { afterResponse: [({ response }) => void etags.push(response.headers.get('etag'))] },
    })
    expect(await reading.todos.get(1)).toEqual(aTodo())
    expect(etags).toEqual(['"7"'])
  })

  it('throws TodoApiError 304 when If-None-Match hits, since 304 is no success code', async () => {
    server.use(
      http.get(`${BASE_URL}/todos/1`, ({ request }) =>
        request.headers.get('if-none-match') === '"7"'
          ? new HttpResponse(null, { status: 304, headers: { etag: '"7"' } })
          : HttpResponse.json(aTodo()),
      ),
    )
    const error = await rejection(client.todos.get(1, { headers: { 'if-none-match': '"7"' } }))
    expect((error as Error).constructor).toBe(TodoApiError)
    expect(error).toMatchObject({ status: 304, statusText: 'Not Modified', body: undefined })
  })

  it('throws PreconditionFailedError when If-Match no longer matches', async () => {
    server.use(
      http.patch(`${BASE_URL}/todos/1`, ({ request }) =>
        request.headers.get('if-match') === '"8"'
          ? HttpResponse.json(aTodo({ completed: true }))
          : new HttpResponse(null, { status: 412 }),
      ),
    )
    const stale = client.todos.update(1, { completed: true }, { headers: { 'if-match': '"7"' } })
    expect(await rejection(stale)).toBeInstanceOf(PreconditionFailedError)
  })
})

describe('response validation', () => {
  it('throws ResponseValidationError with the zod issues when a 2xx body breaks the contract', async () => {
    const body = { id: '1', content: 'a', completed: 'no' }
    server.use(http.get(`${BASE_URL}/todos/1`, () => HttpResponse.json(body)))
    const error = (await rejection(client.todos.get(1))) as ResponseValidationError
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect(error).not.toBeInstanceOf(TodoApiError)
    expect(error.status).toBe(200)
    expect(error.body).toEqual(body)
    expect(error.issues.map((issue) => issue.path)).toEqual([['id'], ['completed']])
    expect(error.issues).toMatchObject([{ expected: 'number' }, { expected: 'boolean' }])
    expect(error.message).toBe(`Invalid 200 response: GET ${BASE_URL}/todos/1`)
  })

  it('rejects a list with one bad todo, naming its index', async () => {
    server.use(
      http.get(`${BASE_URL}/todos`, () => HttpResponse.json([aTodo(), { id: 2, content: 'b' }])),
    )
    const error = (await rejection(client.todos.list())) as ResponseValidationError
    expect(error.issues[0]?.path).toEqual([1, 'completed'])
  })

  it('rejects a list body that is not an array', async () => {
    server.use(http.get(`${BASE_URL}/todos`, () => HttpResponse.json(aTodo())))
    const error = (await rejection(client.todos.list())) as ResponseValidationError
    expect(error.issues).toMatchObject([{ code: 'invalid_type', expected: 'array', path: [] }])
  })

  it('rejects a created todo sent back as text', async () => {
    server.use(http.post(`${BASE_URL}/todos`, () => HttpResponse.text('ok', { status: 201 })))
    const error = (await rejection(
      client.todos.create({ content: 'a' }),
    )) as ResponseValidationError
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect(error.body).toBe('ok')
  })

  it('returns the body unchecked when validate is false', async () => {
    const body = { id: '1', title: 'legacy' }
    server.use(http.get(`${BASE_URL}/todos/1`, () => HttpResponse.json(body)))
    const trusting = new TodoClient({ baseUrl: BASE_URL, validate: false })
    expect(await trusting.todos.get(1)).toEqual(body)
  })
})

describe('the runtime', () => {
  it('refuses at once, naming the Node version it needs, where AbortSignal.any is missing', () => {
    // As on Node 20.2 and older, which npm installs on with only a warning.
    const any = Object.getOwnPropertyDescriptor(AbortSignal, 'any')
    Object.defineProperty(AbortSignal, 'any', { value: undefined, configurable: true })
    try {
      expect(() => new TodoClient({ baseUrl: BASE_URL })).toThrow(
        'TodoClient needs fetch and AbortSignal.any: Node ≥ 22.13, Deno, Bun or a current browser',
      )
    } finally {
      if (any) Object.defineProperty(AbortSignal, 'any', any)
    }
  })
})

describe('a global Response replaced by a server framework', () => {
  it('still reads bodies where the global Response has a read-only json, as @hono/node-server’s does', async () => {
    const Native = globalThis.Response
    class ReadOnlyJson extends Native {}
    Object.defineProperty(ReadOnlyJson.prototype, 'json', { value: Native.prototype.json })
    vi.stubGlobal('Response', ReadOnlyJson)
    try {
      const client = new TodoClient({
        baseUrl: BASE_URL,
        fetch: async () => Native.json([aTodo()]),
      })
      expect(await client.todos.list()).toEqual([aTodo()])
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
