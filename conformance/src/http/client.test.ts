import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { listen } from '@todokit/reference-server'
import {
  NetworkError,
  RedirectError,
  ResponseTooLargeError,
  TimeoutError,
} from '@todokit/sdk/internal'
import { describe, expect, it } from 'vitest'
import { createHttpClient, type FetchLike } from './client.ts'
import type { Exchange } from './exchange.ts'

const BASE = 'http://api.test'

/** A URL nothing listens on: a port the system just handed out and took back. */
async function closedPortUrl(): Promise<string> {
  const server = await listen({ fetch: () => new Response() }, { port: 0 })
  await server.close()
  return server.url
}

const client = (fetch: FetchLike, timeout = 1_000) =>
  createHttpClient({ baseUrl: BASE, fetch, headers: { authorization: 'Bearer t' }, timeout })

/** The exchange a failed request carries. */
const exchangeOf = (error: unknown) => (error as { exchange?: Exchange }).exchange

describe('createHttpClient', () => {
  it('records method, URL, headers (secrets redacted), body, status and a standard status text', async () => {
    const http = client(() => new Response('{"id":1}', { status: 201 }))
    const response = await http.request('POST', '/todos', { json: { content: 'a' } })
    expect(response.json).toEqual({ id: 1 })
    expect(response.exchange).toEqual(
      expect.objectContaining({
        method: 'POST',
        url: `${BASE}/todos`,
        requestBody: '{"content":"a"}',
        requestHeaders: expect.objectContaining({
          authorization: '<redacted>',
          'content-type': 'application/json',
        }),
        status: 201,
        statusText: 'Created',
        responseBody: '{"id":1}',
      }),
    )
  })

  it('fails a request that gets no answer within the timeout, even if the handler ignores the signal', async () => {
    const http = client(() => new Promise<Response>(() => {}), 50)
    const error = await http.request('GET', '/todos').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(exchangeOf(error)?.error).toBe(`Timeout 50 ms: GET ${BASE}/todos`)
  })

  it('refuses a body whose announced length passes the cap without waiting to read it', async () => {
    const neverEnds = new ReadableStream({ pull: () => new Promise<void>(() => {}) })
    const huge = { 'content-length': String(64 * 1024 * 1024) }
    const http = client(() => new Response(neverEnds, { headers: huge }), 5_000)
    const error = await http.request('GET', '/todos').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect(exchangeOf(error)?.error).toBe(`Response body over 16777216 bytes: GET ${BASE}/todos`)
  })

  it('times out a handler that never answers when nothing else keeps the process alive', async () => {
    const script = `
      import { createHttpClient } from ${JSON.stringify(new URL('./client.ts', import.meta.url).href)}
      const fetch = () => new Promise(() => {})
      const http = createHttpClient({ baseUrl: '${BASE}', fetch, headers: {}, timeout: 50 })
      await http.request('GET', '/todos').catch((error) => console.log(error.name))`
    const args = ['--conditions=@todokit/source', '--input-type=module', '-e', script]
    const { stdout } = await promisify(execFile)(process.execPath, args)
    expect(stdout).toBe('TimeoutError\n')
  })

  it('reports a refused connection as a network error naming the cause', async () => {
    const baseUrl = await closedPortUrl()
    const http = createHttpClient({ baseUrl, fetch, headers: {}, timeout: 2_000 })
    const error = await http.request('GET', '/todos').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as Error).message).toBe(
      `Network error: GET ${baseUrl}/todos (connect ECONNREFUSED ${baseUrl.slice(7)})`,
    )
  })

  it('follows a redirect within the same origin', async () => {
    const seen: string[] = []
    const http = client((request) => {
      seen.push(request.url)
      return request.url.endsWith('/old')
        ? new Response(null, { status: 308, headers: { location: '/todos' } })
        : Response.json([])
    })
    const response = await http.request('GET', '/old')
    expect(response.status).toBe(200)
    expect(seen).toEqual([`${BASE}/old`, `${BASE}/todos`])
  })

  it('does not follow a redirect to another host, and fails the exchange saying where it led', async () => {
    const seen: string[] = []
    const http = client((request) => {
      seen.push(request.url)
      return new Response(null, { status: 302, headers: { location: 'http://evil.test/todos' } })
    })
    const error = await http.request('GET', '/todos').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RedirectError)
    expect(seen).toEqual([`${BASE}/todos`])
    expect(exchangeOf(error)?.error).toBe(
      `Redirect not followed: GET ${BASE}/todos (to http://evil.test/todos)`,
    )
  })

  it('stops at once when the run is aborted', async () => {
    const controller = new AbortController()
    const http = createHttpClient({
      baseUrl: BASE,
      fetch: () => new Promise<Response>(() => {}),
      headers: {},
      timeout: 10_000,
      signal: controller.signal,
    })
    const pending = http.request('GET', '/todos')
    controller.abort()
    await expect(pending).rejects.toThrow(/interrupted/)
  })
})
