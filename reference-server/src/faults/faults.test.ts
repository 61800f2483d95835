import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonRequest, MILK } from '../../test/helpers.ts'
import { createApp } from '../app.ts'
import { listen, type RunningServer } from '../http/listen.ts'
import { MemoryStore } from '../store/memory-store.ts'
import { type FaultOptions, FaultPlan } from './faults.ts'

function appWithFaults(faults: FaultOptions = {}) {
  const store = new MemoryStore([MILK])
  return { app: createApp({ store, faults }), store }
}

const servers: RunningServer[] = []
afterEach(async () => {
  vi.useRealTimers()
  for (const server of servers.splice(0)) await server.close()
})

/** A GET over a real socket: its status, or how the connection ended without one. */
function getOverSocket(url: string, headers: Record<string, string>, signal?: AbortSignal) {
  return new Promise<string>((resolve) => {
    const request = httpRequest(url, { headers, signal }, (response) => {
      response.resume()
      resolve(`status ${response.statusCode}`)
    })
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.name))
    request.end()
  })
}

describe('Prefer on a server with faults', () => {
  it('answers code=503 with a problem and Retry-After, before the store is touched', async () => {
    const { app, store } = appWithFaults()
    const prefer = { prefer: 'code=503, retry-after=2' }
    const response = await app.request('/todos', jsonRequest('POST', { content: 'x' }, prefer))
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('2')
    expect(await response.json()).toEqual({
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      detail: 'Prefer: code=503 asked for it',
    })
    expect([...store]).toEqual([MILK])
    expect(store.revision).toBe('0')
  })

  it('answers body=invalid with a 200 whose body breaks the contract', async () => {
    const response = await appWithFaults().app.request('/todos/1', {
      headers: { prefer: 'body=invalid' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ id: 'not-a-number', content: 42 })
  })

  it('ignores preferences it does not know, as RFC 7240 says', async () => {
    const response = await appWithFaults().app.request('/todos/1', {
      headers: { prefer: 'return=minimal, respond-async' },
    })
    expect(response.status).toBe(200)
  })

  it('refuses a fault it cannot honour with a 400 that says why', async () => {
    const { app } = appWithFaults()
    const refusals: [string, string][] = [
      ['code=abc', 'Prefer: code must be an error status from 400 to 599, got "abc"'],
      ['delay=-1', 'Prefer: delay must be a whole number of milliseconds up to 20000, got "-1"'],
      ['retry-after=1', 'Prefer: retry-after goes with code (e.g. "code=503, retry-after=0")'],
      ['hang, drop', 'Prefer: ask for one of code, hang, drop and body=invalid at a time'],
      ['body=valid', 'Prefer: body can only be "invalid", got "valid"'],
    ]
    for (const [prefer, detail] of refusals) {
      const response = await app.request('/todos', { headers: { prefer } })
      expect(response.status, prefer).toBe(400)
      expect((await response.json()).detail).toBe(detail)
    }
  })

  it('is ignored by an app created without faults, and outside /todos', async () => {
    const plain = createApp({ store: new MemoryStore([MILK]) })
    expect((await plain.request('/todos', { headers: { prefer: 'code=503' } })).status).toBe(200)
    const { app } = appWithFaults()
    const openapi = await app.request('/openapi.json', { headers: { prefer: 'code=503' } })
    expect(openapi.status).toBe(200)
  })

  it('leaves CORS preflights alone', async () => {
    const app = createApp({ cors: '*', faults: { failureRate: 1 } })
    const preflight = await app.request('/todos', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
  })

  it('waits delay=MS before answering normally', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const { app } = appWithFaults()
    let answered = false
    const pending = Promise.resolve(app.request('/todos/1', { headers: { prefer: 'delay=300' } }))
    pending.then(() => {
      answered = true
    })
    await vi.advanceTimersByTimeAsync(299)
    expect(answered).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await pending).status).toBe(200)
  })

  it('never stores a write whose client gave up during its delay', async () => {
    const { app, store } = appWithFaults()
    const controller = new AbortController()
    const given = { content: 'given up' }
    const init = jsonRequest('POST', given, { prefer: 'delay=5000' })
    const pending = app.request('/todos', { ...init, signal: controller.signal })
    controller.abort()
    expect((await pending).type).toBe('error')
    expect([...store]).toEqual([MILK])
  })

  it('cuts the connection for drop, with no response on the wire', async () => {
    const server = await listen(appWithFaults().app, { port: 0 })
    servers.push(server)
    expect(await getOverSocket(`${server.url}/todos`, { prefer: 'drop' })).toBe('ECONNRESET')
    expect(await getOverSocket(`${server.url}/todos`, {})).toBe('status 200')
  })

  it('holds a hang until the client gives up, and the server stays healthy', async () => {
    const server = await listen(appWithFaults().app, { port: 0 })
    servers.push(server)
    const controller = new AbortController()
    let ended = ''
    const hanging = getOverSocket(`${server.url}/todos`, { prefer: 'hang' }, controller.signal)
    hanging.then((how) => {
      ended = how
    })
    expect(await getOverSocket(`${server.url}/todos/1`, {})).toBe('status 200')
    expect(ended).toBe('')
    controller.abort()
    expect(await hanging).toBe('ABORT_ERR')
  })
})

describe('latency and failure rate', () => {
  it('fail the same requests for the same seed, and never touch the store', async () => {
    const run = async (seed: number) => {
      const { app, store } = appWithFaults({ failureRate: 0.5, seed })
      const statuses = []
      for (let call = 0; call < 20; call++) {
        const response = await app.request('/todos', jsonRequest('POST', { content: `${call}` }))
        statuses.push(response.status)
      }
      const created = statuses.filter((status) => status === 201).length
      expect([...store]).toHaveLength(1 + created)
      return statuses.join(' ')
    }
    const first = await run(7)
    expect(first).toMatch(/503.*201|201.*503/)
    expect(await run(7)).toBe(first)
    expect(await run(8)).not.toBe(first)
  })

  it('fail exactly the requests the seeded plan picks: one decision per request', async () => {
    const plan = new FaultPlan({ failureRate: 0.5, seed: 5 })
    const { app } = appWithFaults({ failureRate: 0.5, seed: 5 })
    for (const path of ['/todos', '/todos/1', '/todos', '/todos?completed=false', '/todos/1']) {
      const expected = 'fault' in plan.decide('GET', path) ? 503 : 200
      expect((await app.request(path)).status, path).toBe(expected)
    }
  })

  it('answer an injected 503 as a problem with a detail that names the cause', async () => {
    const response = await appWithFaults({ failureRate: 1 }).app.request('/todos')
    expect(response.status).toBe(503)
    expect((await response.json()).detail).toBe(
      'The server failed this request on purpose (its failure rate is set); try again',
    )
  })

  it('delay every answer by the latency', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const { app } = appWithFaults({ latencyMs: 1_000 })
    let answered = false
    const pending = Promise.resolve(app.request('/todos/1'))
    pending.then(() => {
      answered = true
    })
    await vi.advanceTimersByTimeAsync(999)
    expect(answered).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await pending).status).toBe(200)
  })
})
