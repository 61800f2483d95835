import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { aTodo, BASE_URL, server, useMsw } from '../../test/msw.ts'
import { BadRequestError } from '../errors/BadRequestError.ts'
import { NotFoundError } from '../errors/NotFoundError.ts'
import { TodoClient } from './TodoClient.ts'

useMsw()

const client = new TodoClient({ baseUrl: BASE_URL })

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** Answers `method url` with `respond()` and records each request it receives, body read. */
function answer(method: Method, url: string, respond: () => Response) {
  const seen: Array<{ method: string; url: URL; headers: Headers; body: unknown }> = []
  server.use(
    http[method](url, async ({ request }) => {
      const text = await request.text()
      seen.push({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      })
      return respond()
    }),
  )
  return seen
}

describe('todos.list', () => {
  it('resolves with the todos the server returns', async () => {
    server.use(http.get(`${BASE_URL}/todos`, () => HttpResponse.json([aTodo(), aTodo({ id: 2 })])))
    expect(await client.todos.list()).toEqual([aTodo(), aTodo({ id: 2 })])
  })

  it('sends filters, q and order as query parameters, never as path segments', async () => {
    const seen = answer('get', `${BASE_URL}/todos`, () => HttpResponse.json([]))
    await client.todos.list({ completed: false, q: 'milk', order: ['completed', '-id'] })
    const [request] = seen
    expect(request?.url.pathname).toBe('/todos')
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      completed: 'false',
      q: 'milk',
      order: 'completed,-id',
    })
  })

  it('accepts a single order key as well as an array', async () => {
    const seen = answer('get', `${BASE_URL}/todos`, () => HttpResponse.json([]))
    await client.todos.list({ order: '-content', id: 3 })
    expect(seen[0]?.url.search).toBe('?order=-content&id=3')
  })

  it('sends no query string when there are no parameters', async () => {
    const seen = answer('get', `${BASE_URL}/todos`, () => HttpResponse.json([]))
    await client.todos.list({})
    expect(seen[0]?.url.href).toBe(`${BASE_URL}/todos`)
  })
})

describe('todos.get', () => {
  it('GETs /todos/{id} and resolves with the todo', async () => {
    server.use(
      http.get(`${BASE_URL}/todos/:id`, ({ params }) =>
        HttpResponse.json(aTodo({ id: Number(params.id) })),
      ),
    )
    expect(await client.todos.get(7)).toEqual(aTodo({ id: 7 }))
  })

  it('keeps extra fields a server adds', async () => {
    server.use(http.get(`${BASE_URL}/todos/1`, () => HttpResponse.json(aTodo({ owner: 'ada' }))))
    expect(await client.todos.get(1)).toEqual(aTodo({ owner: 'ada' }))
  })
})

describe('todos.create', () => {
  it('POSTs the input as JSON and resolves with the stored todo on 201', async () => {
    const seen = answer('post', `${BASE_URL}/todos`, () =>
      HttpResponse.json(aTodo({ id: 5 }), { status: 201 }),
    )
    expect(await client.todos.create({ content: 'Buy milk' })).toEqual(aTodo({ id: 5 }))
    expect(seen[0]?.method).toBe('POST')
    expect(seen[0]?.headers.get('content-type')).toBe('application/json')
    expect(seen[0]?.body).toEqual({ content: 'Buy milk', completed: false })
  })

  it('sends completed: false when the input leaves it out, as the contract defaults it', async () => {
    const seen = answer('post', `${BASE_URL}/todos`, () =>
      HttpResponse.json(aTodo({ id: 3 }), { status: 201 }),
    )
    await client.todos.create({ id: 3, content: 'Buy milk' })
    await client.todos.create({ content: 'Buy milk', completed: undefined })
    await client.todos.create({ content: 'Buy milk', completed: true })
    expect(seen.map((request) => request.body)).toEqual([
      { id: 3, content: 'Buy milk', completed: false },
      { content: 'Buy milk', completed: false },
      { content: 'Buy milk', completed: true },
    ])
  })

  it('accepts 200 as well as 201', async () => {
    server.use(http.post(`${BASE_URL}/todos`, () => HttpResponse.json(aTodo(), { status: 200 })))
    expect(await client.todos.create({ content: 'Buy milk' })).toEqual(aTodo())
  })
})

describe('todos.replace', () => {
  it('PUTs the complete record to /todos/{id}', async () => {
    const todo = aTodo({ content: 'Buy oat milk', completed: true })
    const seen = answer('put', `${BASE_URL}/todos/1`, () => HttpResponse.json(todo))
    expect(await client.todos.replace(1, todo)).toEqual(todo)
    expect(seen[0]?.body).toEqual(todo)
  })
})

describe('todos.update', () => {
  it('PATCHes only the fields given', async () => {
    const seen = answer('patch', `${BASE_URL}/todos/1`, () =>
      HttpResponse.json(aTodo({ completed: true })),
    )
    expect(await client.todos.update(1, { completed: true })).toEqual(aTodo({ completed: true }))
    expect(seen[0]?.body).toEqual({ completed: true })
  })
})

describe('todos.delete', () => {
  it('resolves on 200 with an empty body', async () => {
    const seen = answer(
      'delete',
      `${BASE_URL}/todos/1`,
      () => new HttpResponse(null, { status: 200 }),
    )
    await expect(client.todos.delete(1)).resolves.toBeUndefined()
    expect(seen[0]?.method).toBe('DELETE')
  })

  it.each([
    ['a JSON object', () => HttpResponse.json({}), {}],
    ['the deleted todo', () => HttpResponse.json(aTodo()), aTodo()],
    ['plain text', () => HttpResponse.text('deleted'), 'deleted'],
  ])('resolves on 200 with %s as the body, as sent', async (_, respond, body) => {
    server.use(http.delete(`${BASE_URL}/todos/1`, respond))
    await expect(client.todos.delete(1)).resolves.toEqual(body)
  })
})

describe('withResponse', () => {
  it('gives the data with the response it came from: status and headers', async () => {
    server.use(
      http.post(`${BASE_URL}/todos`, () =>
        HttpResponse.json(aTodo({ id: 7 }), {
          status: 201,
          headers: { etag: '"v1"', location: '/todos/7' },
        }),
      ),
    )
    const { data, response } = await client.todos.create({ content: 'Buy milk' }).withResponse()
    expect(data).toEqual(aTodo({ id: 7 }))
    expect(response.status).toBe(201)
    expect(response.headers.get('etag')).toBe('"v1"')
    expect(response.headers.get('location')).toBe('/todos/7')
  })

  it('gives a deleted record with the response', async () => {
    server.use(http.delete(`${BASE_URL}/todos/1`, () => HttpResponse.json(aTodo())))
    const { data, response } = await client.todos.delete(1).withResponse()
    expect(data).toEqual(aTodo())
    expect(response.status).toBe(200)
  })

  it('gives a page with the response that carried its Link header', async () => {
    const link = '</todos?limit=1&cursor=abc>; rel="next"'
    server.use(
      http.get(`${BASE_URL}/todos`, () => HttpResponse.json([aTodo()], { headers: { link } })),
    )
    const { data, response } = await client.todos.page({ limit: 1 }).withResponse()
    expect(data).toEqual({ todos: [aTodo()], nextCursor: 'abc' })
    expect(response.headers.get('link')).toBe(link)
  })

  it('rejects with the same error as awaiting the call', async () => {
    server.use(http.get(`${BASE_URL}/todos/9`, () => new HttpResponse(null, { status: 404 })))
    await expect(client.todos.get(9).withResponse()).rejects.toBeInstanceOf(NotFoundError)
    await expect(client.todos.get(9)).rejects.toBeInstanceOf(NotFoundError)
  })

  it('sends one request, however the call is consumed', async () => {
    const seen = answer('get', `${BASE_URL}/todos/1`, () => HttpResponse.json(aTodo()))
    const call = client.todos.get(1)
    expect(await call).toEqual(aTodo())
    expect((await call.withResponse()).data).toEqual(aTodo())
    await expect(call.then((todo) => todo.id)).resolves.toBe(1)
    await expect(call.finally(() => {})).resolves.toEqual(aTodo())
    expect(seen).toHaveLength(1)
  })
})

describe('inputs', () => {
  it('sends an input the contract rejects as it is, for the server to answer', async () => {
    const problem = { status: 400, detail: 'content is empty' }
    const seen = answer('post', `${BASE_URL}/todos`, () =>
      HttpResponse.json(problem, {
        status: 400,
        headers: { 'content-type': 'application/problem+json' },
      }),
    )
    const error = await client.todos.create({ content: '' }).catch((error: unknown) => error)
    expect(seen[0]?.body).toEqual({ content: '', completed: false })
    expect(error).toBeInstanceOf(BadRequestError)
    expect(error).toMatchObject({ status: 400, problem })
  })
})

describe('request options', () => {
  it('sends the client headers, per-call headers over them, and accepts JSON and problem details', async () => {
    const seen = answer('get', `${BASE_URL}/todos/1`, () => HttpResponse.json(aTodo()))
    const withAuth = new TodoClient({
      baseUrl: BASE_URL,
      headers: { authorization: 'Bearer a', 'x-app': 'demo' },
    })
    await withAuth.todos.get(1, { headers: { authorization: 'Bearer b' } })
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer b')
    expect(seen[0]?.headers.get('x-app')).toBe('demo')
    expect(seen[0]?.headers.get('accept')).toBe('application/json, application/problem+json')
  })

  it('sends the accept header the application chose instead of its own', async () => {
    const seen = answer('get', `${BASE_URL}/todos/1`, () => HttpResponse.json(aTodo()))
    await new TodoClient({ baseUrl: BASE_URL, headers: { Accept: 'application/json' } }).todos.get(
      1,
    )
    expect(seen[0]?.headers.get('accept')).toBe('application/json')
  })

  it('keeps a path prefix in baseUrl, with or without a trailing slash', async () => {
    server.use(http.get(`${BASE_URL}/api/v1/todos/1`, () => HttpResponse.json(aTodo())))
    for (const baseUrl of [`${BASE_URL}/api/v1`, `${BASE_URL}/api/v1/`]) {
      expect(await new TodoClient({ baseUrl }).todos.get(1)).toEqual(aTodo())
    }
  })

  it('leaves a relative baseUrl to fetch, which rejects it where there is no page', async () => {
    await expect(new TodoClient({ baseUrl: '/api' }).todos.get(1)).rejects.toThrow(TypeError)
  })

  it('uses the fetch it is given', async () => {
    const requests: string[] = []
    const fake = new TodoClient({
      baseUrl: 'http://fake.test',
      fetch: async (input) => {
        requests.push(input instanceof Request ? `${input.method} ${input.url}` : String(input))
        return Response.json([aTodo()])
      },
    })
    expect(await fake.todos.list()).toEqual([aTodo()])
    expect(requests).toEqual(['GET http://fake.test/todos'])
  })

  it('runs the ky hooks it is given', async () => {
    server.use(
      http.get(`${BASE_URL}/todos/1`, ({ request }) =>
        HttpResponse.json(aTodo({ content: request.headers.get('x-trace') })),
      ),
    )
    const traced = new TodoClient({
      baseUrl: BASE_URL,
      hooks: { beforeRequest: [({ request }) => request.headers.set('x-trace', 'abc')] },
    })
    expect((await traced.todos.get(1)).content).toBe('abc')
  })
})
