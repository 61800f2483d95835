import { HttpResponse, http, type JsonBodyType } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bunConnectionRefused, failingFetch } from '../../test/fetch-failures.ts'
import { aTodo, BASE_URL, server, useMsw } from '../../test/msw.ts'
import { recordWaits } from '../../test/timers.ts'
import type { ServerError } from '../errors/ServerError.ts'
import type { TodoClientOptions } from './options.ts'
import { TodoClient } from './TodoClient.ts'

useMsw()
afterEach(() => {
  vi.restoreAllMocks()
})

/** A client with the default policy, except that backoff waits are zero to keep tests fast. */
function clientWith(retry: TodoClientOptions['retry'] = {}) {
  const options = typeof retry === 'number' ? { limit: retry } : retry
  return new TodoClient({ baseUrl: BASE_URL, retry: { delay: () => 0, ...options } })
}

/** Answers `status` (with `headers`) to every request until `failures` have been sent, then 200. */
function flaky(status: number, failures: number, body: JsonBodyType, headers: HeadersInit = {}) {
  let attempts = 0
  return {
    attempts: () => attempts,
    respond: () => {
      attempts += 1
      return attempts <= failures
        ? new HttpResponse(null, { status, headers })
        : HttpResponse.json(body)
    },
  }
}

describe('which requests are retried', () => {
  it.each([408, 429, 502, 503, 504])('retries a GET answered %i', async (status) => {
    const failing = flaky(status, 2, [aTodo()])
    server.use(http.get(`${BASE_URL}/todos`, failing.respond))
    expect(await clientWith().todos.list()).toEqual([aTodo()])
    expect(failing.attempts()).toBe(3)
  })

  it.each([400, 404, 409, 500, 501])('does not retry a GET answered %i', async (status) => {
    const failing = flaky(status, 1, [aTodo()])
    server.use(http.get(`${BASE_URL}/todos`, failing.respond))
    await expect(clientWith().todos.list()).rejects.toMatchObject({ status })
    expect(failing.attempts()).toBe(1)
  })

  it('retries PUT and DELETE', async () => {
    const put = flaky(503, 1, aTodo())
    const del = flaky(503, 1, {})
    server.use(
      http.put(`${BASE_URL}/todos/1`, put.respond),
      http.delete(`${BASE_URL}/todos/1`, del.respond),
    )
    const client = clientWith()
    await client.todos.replace(1, aTodo())
    await client.todos.delete(1)
    expect([put.attempts(), del.attempts()]).toEqual([2, 2])
  })

  it('never retries POST or PATCH by default', async () => {
    const post = flaky(503, 1, aTodo())
    const patch = flaky(503, 1, aTodo())
    server.use(
      http.post(`${BASE_URL}/todos`, post.respond),
      http.patch(`${BASE_URL}/todos/1`, patch.respond),
    )
    const client = clientWith()
    await expect(client.todos.create({ content: 'a' })).rejects.toMatchObject({ status: 503 })
    await expect(client.todos.update(1, { completed: true })).rejects.toMatchObject({ status: 503 })
    expect([post.attempts(), patch.attempts()]).toEqual([1, 1])
  })

  it('retries POST and PATCH when the caller opts in through retry.methods', async () => {
    const post = flaky(503, 1, aTodo())
    const patch = flaky(503, 1, aTodo())
    server.use(
      http.post(`${BASE_URL}/todos`, post.respond),
      http.patch(`${BASE_URL}/todos/1`, patch.respond),
    )
    const client = clientWith({ methods: ['get', 'put', 'delete', 'post', 'patch'] })
    await client.todos.create({ id: 1, content: 'a' })
    await client.todos.update(1, { completed: true })
    expect([post.attempts(), patch.attempts()]).toEqual([2, 2])
  })

  it('retries network errors for GET but not for POST', async () => {
    let gets = 0
    let posts = 0
    server.use(
      http.get(`${BASE_URL}/todos`, () => {
        gets += 1
        return gets === 1 ? HttpResponse.error() : HttpResponse.json([])
      }),
      http.post(`${BASE_URL}/todos`, () => {
        posts += 1
        return HttpResponse.error()
      }),
    )
    const client = clientWith()
    expect(await client.todos.list()).toEqual([])
    await expect(client.todos.create({ content: 'a' })).rejects.toMatchObject({
      name: 'NetworkError',
    })
    expect([gets, posts]).toEqual([2, 1])
  })

  it("retries a GET whose connection failed in Bun's words, which ky does not know", async () => {
    const flakyFetch = failingFetch(bunConnectionRefused, 2)
    const client = new TodoClient({
      baseUrl: BASE_URL,
      fetch: flakyFetch.fetch,
      retry: { delay: () => 0 },
    })
    expect(await client.todos.list()).toEqual([])
    expect(flakyFetch.calls()).toBe(3)
  })

  it("does not retry a POST whose connection failed in Bun's words", async () => {
    const down = failingFetch(bunConnectionRefused)
    const client = new TodoClient({
      baseUrl: BASE_URL,
      fetch: down.fetch,
      retry: { delay: () => 0 },
    })
    await expect(client.todos.create({ content: 'a' })).rejects.toMatchObject({
      name: 'NetworkError',
    })
    expect(down.calls()).toBe(1)
  })

  it('gives up after the limit, throwing the last error', async () => {
    const down = flaky(503, 10, [])
    server.use(http.get(`${BASE_URL}/todos`, down.respond))
    await expect(clientWith(3).todos.list()).rejects.toMatchObject({ status: 503 })
    expect(down.attempts()).toBe(4)
  })

  it('does not retry at all with retry: 0', async () => {
    const down = flaky(503, 10, [])
    server.use(http.get(`${BASE_URL}/todos`, down.respond))
    await expect(new TodoClient({ baseUrl: BASE_URL, retry: 0 }).todos.list()).rejects.toThrow()
    expect(down.attempts()).toBe(1)
  })
})

describe('Retry-After', () => {
  it('waits as long as Retry-After asks', async () => {
    const limited = flaky(429, 1, [], { 'retry-after': '2' })
    server.use(http.get(`${BASE_URL}/todos`, limited.respond))
    const waits = recordWaits(2000)
    await new TodoClient({ baseUrl: BASE_URL }).todos.list()
    expect(limited.attempts()).toBe(2)
    expect(waits).toContain(2000)
  })

  it('does not retry when Retry-After asks for longer than maxRetryAfter', async () => {
    const limited = flaky(503, 1, [], { 'retry-after': '6' })
    server.use(http.get(`${BASE_URL}/todos`, limited.respond))
    const client = new TodoClient({ baseUrl: BASE_URL, retry: { maxRetryAfter: 5000 } })
    const error = await client.todos.list().catch((error: unknown) => error)
    expect(error).toMatchObject({ status: 503 })
    expect((error as ServerError).headers.get('retry-after')).toBe('6')
    expect(limited.attempts()).toBe(1)
  })

  it('still asks the caller’s shouldRetry about a wait within maxRetryAfter', async () => {
    const limited = flaky(503, 1, [], { 'retry-after': '0' })
    server.use(http.get(`${BASE_URL}/todos`, limited.respond))
    const client = new TodoClient({ baseUrl: BASE_URL, retry: { shouldRetry: () => false } })
    await expect(client.todos.list()).rejects.toMatchObject({ status: 503 })
    expect(limited.attempts()).toBe(1)
  })

  it('retries at once when Retry-After is 0, instead of backing off', async () => {
    const unavailable = flaky(503, 2, [], { 'retry-after': '0' })
    server.use(http.get(`${BASE_URL}/todos`, unavailable.respond))
    const waits = recordWaits()
    await new TodoClient({ baseUrl: BASE_URL }).todos.list()
    expect(unavailable.attempts()).toBe(3)
    // Without Retry-After the backoff waits 300 ms, then 600 ms.
    expect(waits).not.toContain(300)
    expect(waits).not.toContain(600)
  })

  it('waits up to 30 seconds by default, and not at all for longer', async () => {
    const within = flaky(503, 1, [], { 'retry-after': '30' })
    server.use(http.get(`${BASE_URL}/todos`, within.respond))
    const waits = recordWaits(30_000)
    await new TodoClient({ baseUrl: BASE_URL }).todos.list()
    expect(waits).toContain(30_000)
    const beyond = flaky(503, 1, [], { 'retry-after': '31' })
    server.use(http.get(`${BASE_URL}/todos`, beyond.respond))
    await expect(new TodoClient({ baseUrl: BASE_URL }).todos.list()).rejects.toMatchObject({
      status: 503,
    })
    expect(beyond.attempts()).toBe(1)
  })
})
