import { PROBLEM_TYPES } from '@todokit/sdk/contract'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTodoApi, createTodoHandlers } from './msw.ts'

const MILK = { id: 1, content: 'Buy milk', completed: false }
const api = createTodoApi({ baseUrl: 'https://api.example.test/v1', initial: [MILK] })
const V1 = 'https://api.example.test/v1'
const rootHandlers = createTodoHandlers({ baseUrl: 'https://root.example.test' })
const server = setupServer(...api.handlers, ...rootHandlers)
beforeAll(() => server.listen({ onUnhandledFrame: api.onUnhandledFrame }))
afterEach(() => {
  api.reset()
  vi.useRealTimers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

const post = (content: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ content }),
})

/** Settles to 'answered' or 'failed', or stays 'pending', without waiting for it. */
function track(promise: Promise<unknown>) {
  const state = { now: 'pending' as 'pending' | 'answered' | 'failed' }
  promise.then(
    () => {
      state.now = 'answered'
    },
    () => {
      state.now = 'failed'
    },
  )
  return state
}

it('refuses at once, naming the Node it needs, where msw cannot intercept requests', () => {
  const { withResolvers } = Promise as unknown as { withResolvers: unknown }
  Reflect.deleteProperty(Promise, 'withResolvers')
  try {
    expect(() => createTodoApi({ baseUrl: 'https://api.example.com' })).toThrow(
      /^@todokit\/reference-server\/msw needs Node \^22\.13\.0 \|\| >=23\.4\.0 /,
    )
  } finally {
    Object.assign(Promise, { withResolvers })
  }
})

describe('createTodoHandlers', () => {
  it('answers fetch under the base URL with the reference server', async () => {
    const response = await fetch(`${V1}/todos/1`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(MILK)
  })

  it('puts the base path into Location', async () => {
    const response = await fetch(`${V1}/todos`, post('Walk'))
    expect(response.status).toBe(201)
    expect(response.headers.get('location')).toBe('/v1/todos/2')
  })

  it('gives the same errors as the server', async () => {
    const response = await fetch(`${V1}/todos?_sort=id`)
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect((await response.json()).errors[0].pointer).toBe('/_sort')
  })

  it('serves a base URL without a path, each handler set with its own store', async () => {
    expect(await (await fetch('https://root.example.test/todos')).json()).toEqual([])
    const created = await fetch('https://root.example.test/todos', post('x'))
    expect(created.headers.get('location')).toBe('/todos/1')
  })
})

describe('the store handle', () => {
  it('reads the stored todos after the application’s writes', async () => {
    await fetch(`${V1}/todos`, post('Walk the dog'))
    expect(api.todos()).toEqual([MILK, { id: 2, content: 'Walk the dog', completed: false }])
  })

  it('resets to the initial todos, or to the todos given, with ids counting on from them', async () => {
    await fetch(`${V1}/todos`, post('Walk the dog'))
    api.reset()
    expect(api.todos()).toEqual([MILK])
    api.reset([{ id: 7, content: 'Call mum', completed: true }])
    expect(await (await fetch(`${V1}/todos`)).json()).toEqual([
      { id: 7, content: 'Call mum', completed: true },
    ])
    expect((await (await fetch(`${V1}/todos`, post('next'))).json()).id).toBe(8)
    api.reset([])
    expect(api.todos()).toEqual([])
  })

  it('records what the application sent, faulted requests included, until the reset', async () => {
    api.inject({ kind: 'status', status: 503 }, { route: 'create', times: 1 })
    await fetch(`${V1}/todos`, post('Buy bread', { 'x-trace': 'a' }))
    await fetch(`${V1}/todos/1?x=1`, { method: 'DELETE' })
    const sent = api.requests()
    expect(sent.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'POST /v1/todos',
      'DELETE /v1/todos/1',
    ])
    expect(sent[0]?.body).toEqual({ content: 'Buy bread' })
    expect(sent[0]?.headers.get('x-trace')).toBe('a')
    expect(sent[1]?.body).toBeUndefined()
    api.reset()
    expect(api.requests()).toEqual([])
  })
})

describe('injected faults', () => {
  it('answers a status with a problem body and Retry-After, leaving the store as it was', async () => {
    api.inject({ kind: 'status', status: 503, retryAfter: 0 }, { route: 'create' })
    const response = await fetch(`${V1}/todos`, post('never stored'))
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('0')
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect(await response.json()).toMatchObject({ status: 503, title: 'Service Unavailable' })
    expect(api.todos()).toEqual([MILK])
  })

  it('fails the first N matching calls, then answers normally', async () => {
    api.inject({ kind: 'status', status: 500 }, { route: 'GET /todos/{id}', times: 2 })
    const statuses = []
    for (let call = 0; call < 3; call++) statuses.push((await fetch(`${V1}/todos/1`)).status)
    expect(statuses).toEqual([500, 500, 200])
  })

  it('applies a rule only to its route: an operation name or METHOD /path', async () => {
    api.inject({ kind: 'status', status: 404, detail: 'gone' }, { route: 'GET /todos/1' })
    api.inject({ kind: 'status', status: 409 }, { route: 'update' })
    expect((await fetch(`${V1}/todos/1`)).status).toBe(404)
    expect((await fetch(`${V1}/todos/1`, { method: 'HEAD' })).status).toBe(404)
    expect((await fetch(`${V1}/todos`)).status).toBe(200)
    const patch = { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{}' }
    expect((await fetch(`${V1}/todos/1`, patch)).status).toBe(409)
    expect((await fetch(`${V1}/todos/1`, { method: 'DELETE' })).status).toBe(200)
  })

  it('drops the connection: the fetch rejects with no response', async () => {
    api.inject({ kind: 'drop' }, { route: 'list' })
    await expect(fetch(`${V1}/todos`)).rejects.toThrow(TypeError)
  })

  it('hangs until the client aborts', async () => {
    api.inject({ kind: 'hang' }, { route: 'get' })
    const controller = new AbortController()
    const hanging = fetch(`${V1}/todos/1`, { signal: controller.signal })
    const state = track(hanging)
    // Another request comes and goes while the first still has no answer.
    expect((await fetch(`${V1}/todos`)).status).toBe(200)
    expect(state.now).toBe('pending')
    controller.abort()
    await expect(hanging).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('delays the answer by the latency, then answers normally', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    api.inject({ kind: 'latency', ms: 5_000 }, { route: 'list' })
    const state = track(fetch(`${V1}/todos`))
    await vi.advanceTimersByTimeAsync(4_990)
    expect(state.now).toBe('pending')
    await vi.advanceTimersByTimeAsync(20)
    await vi.waitFor(() => expect(state.now).toBe('answered'))
  })

  it('answers a body that breaks the contract', async () => {
    api.inject({ kind: 'body', body: { id: 'seven' } }, { route: 'get', times: 1 })
    const response = await fetch(`${V1}/todos/1`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ id: 'seven' })
  })

  it('fails the same requests for the same seed, on every run and after every reset', async () => {
    const pattern = async () => {
      api.inject({ kind: 'status', status: 503 }, { rate: 0.5 })
      const statuses = []
      for (let call = 0; call < 16; call++) statuses.push((await fetch(`${V1}/todos`)).status)
      api.reset()
      return statuses.join(' ')
    }
    const first = await pattern()
    expect(first).toContain('503')
    expect(first).toContain('200')
    expect(await pattern()).toBe(first)

    const other = createTodoApi({ baseUrl: 'https://other.example.test', seed: 99 })
    server.use(...other.handlers)
    other.inject({ kind: 'status', status: 503 }, { rate: 0.5 })
    const statuses = []
    for (let call = 0; call < 16; call++) {
      statuses.push((await fetch('https://other.example.test/todos')).status)
    }
    expect(statuses.join(' ')).not.toBe(first)
    server.resetHandlers()
  })

  it('honours the Prefer header as todokit-server does', async () => {
    const asked = await fetch(`${V1}/todos`, { headers: { prefer: 'code=429, retry-after=3' } })
    expect(asked.status).toBe(429)
    expect(asked.headers.get('retry-after')).toBe('3')
    const broken = await fetch(`${V1}/todos/1`, { headers: { prefer: 'body=invalid' } })
    expect(await broken.json()).toEqual({ id: 'not-a-number', content: 42 })
    await expect(fetch(`${V1}/todos`, { headers: { prefer: 'drop' } })).rejects.toThrow(TypeError)
    const bad = await fetch(`${V1}/todos`, { headers: { prefer: 'code=200' } })
    expect(bad.status).toBe(400)
    expect((await bad.json()).detail).toBe(
      'Prefer: code must be an error status from 400 to 599, got "200"',
    )
  })

  it('refuses a rule it could never apply, saying what it takes', () => {
    const fault = { kind: 'drop' } as const
    expect(() => api.inject(fault, { route: 'lists' as 'list' })).toThrow(
      'Unknown route "lists": use an operation (list, get, create, replace, update, delete) or "METHOD /path"',
    )
    expect(() => api.inject(fault, { route: 'GET /todo/7' })).toThrow(
      'Route "GET /todo/7" matches no path of the API (/todos, /todos/{id}); give the path relative to the base URL, without a query',
    )
    expect(() => api.inject(fault, { route: 'GET /v1/todos' })).toThrow(
      'matches no path of the API',
    )
    expect(() => api.inject(fault, { route: 'GET /todos?completed=false' })).toThrow(
      'matches no path of the API',
    )
    expect(() => api.inject(fault, { route: 'FETCH /todos' as 'GET /todos' })).toThrow(
      'Unknown route "FETCH /todos"',
    )
    expect(() => api.inject(fault, { times: 0 })).toThrow('times must be at least 1, got 0')
    expect(() => api.inject(fault, { rate: 1.5 })).toThrow('rate must be from 0 to 1, got 1.5')
  })

  it('refuses a fault it could not honour, as Prefer does', () => {
    expect(() => api.inject({ kind: 'status', status: 200 })).toThrow(
      "A status fault's status must be an error status from 400 to 599, got 200",
    )
    expect(() => api.inject({ kind: 'status', status: 503, retryAfter: -1 })).toThrow(
      "A status fault's retryAfter must be 0 or more seconds, got -1",
    )
    expect(() => api.inject({ kind: 'latency', ms: -5 })).toThrow(
      "A latency fault's ms must be 0 or more, got -5",
    )
  })

  it('are all gone after a reset', async () => {
    api.inject({ kind: 'status', status: 503 })
    expect((await fetch(`${V1}/todos`)).status).toBe(503)
    api.reset()
    expect((await fetch(`${V1}/todos`)).status).toBe(200)
  })
})

describe('a request still waiting when its test ends', () => {
  it('is answered by the store it came to: a reset during its delay leaves the fresh one alone', async () => {
    api.inject({ kind: 'latency', ms: 50 }, { route: 'create' })
    const late = fetch(`${V1}/todos`, post('from the test before'))
    await vi.waitFor(() => expect(api.requests()).toHaveLength(1))
    api.reset() // the next test starts
    expect((await late).status).toBe(201)
    expect(api.todos()).toEqual([MILK])
  })

  it('is never stored when its client gave up during the delay', async () => {
    api.inject({ kind: 'latency', ms: 50 }, { route: 'create' })
    const controller = new AbortController()
    const given = fetch(`${V1}/todos`, { ...post('given up'), signal: controller.signal })
    await vi.waitFor(() => expect(api.requests()).toHaveLength(1))
    controller.abort()
    await expect(given).rejects.toThrow()
    // The handler wakes after its 50 ms delay; by 250 ms a write would have landed.
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(api.todos()).toEqual([MILK])
  })
})

describe('the handlers’ reach', () => {
  it('ends at the todos paths: the application’s own handlers under the same base still answer', async () => {
    const me = http.get(`${V1}/me`, () => HttpResponse.json({ name: 'Ann' }))
    server.resetHandlers(...api.handlers, me, ...rootHandlers)
    try {
      expect(await (await fetch(`${V1}/me`)).json()).toEqual({ name: 'Ann' })
      expect(api.requests()).toEqual([])
    } finally {
      server.resetHandlers(...api.handlers, ...rootHandlers)
    }
  })
})

describe('the todos a fake API starts from', () => {
  it('must be todos the server could store, or creating or resetting it says which is not', () => {
    expect(() => api.reset([{ id: 1, content: '', completed: false }])).toThrow(
      'A starting todo is invalid: /0/content: Too small: expected string to have >=1 characters',
    )
    expect(() => api.reset([MILK, { ...MILK, content: 'again' }])).toThrow(
      'A starting todo is invalid: /1/id: the id 1 appears twice',
    )
    expect(() => createTodoApi({ baseUrl: V1, initial: [{ ...MILK, id: 1.5 }] })).toThrow('/0/id')
  })

  it('are copied out: changing what api.todos() gave changes nothing behind the API', async () => {
    const [read] = api.todos()
    if (read) read.content = 'changed by the test'
    expect(await (await fetch(`${V1}/todos/1`)).json()).toEqual(MILK)
  })
})

describe('two fake APIs on one origin', () => {
  it('each serve their own base path, neither shadowing the other', async () => {
    const v2 = createTodoApi({ baseUrl: 'https://api.example.test/v2' })
    server.resetHandlers(...api.handlers, ...v2.handlers) // v2 after v1, as an app lists them
    try {
      expect(await (await fetch(`${V1}/todos`)).json()).toEqual([MILK])
      expect(await (await fetch('https://api.example.test/v2/todos')).json()).toEqual([])
    } finally {
      server.resetHandlers(...api.handlers, ...rootHandlers)
    }
  })
})

describe('a request no handler serves', () => {
  it('is answered 404 naming its URL and the base, and logged, on another host too', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await fetch('http://localhost:3000/todos/1')
    expect(response.status).toBe(404)
    const detail =
      'No msw handler serves GET http://localhost:3000/todos/1; the todokit handlers serve https://api.example.test/v1/ (check the application’s base URL)'
    const problem = await response.json()
    expect(problem.detail).toBe(detail)
    // The SDK reads this type as NotFoundError.missing === 'route', not a missing todo.
    expect(problem.type).toBe(PROBLEM_TYPES.routeNotFound)
    expect(logged).toHaveBeenCalledWith(`[todokit msw] ${detail}`)
  })
})
