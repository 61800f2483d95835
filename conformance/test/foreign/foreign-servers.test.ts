import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it, type TestContext } from 'vitest'
import { type Category, catalogue, type Stack } from './catalogue.ts'
import { type ForeignServerOptions, foreignServerCommand, startForeignServer } from './servers.ts'

const MAX_ID = 2 ** 53 - 1
const STACKS: Stack[] = ['python', 'go']

interface Answer {
  status: number
  body: unknown
}
type Call = (method: string, path: string, body?: unknown) => Promise<Answer>

/** Sends one request; a string body is sent as it is, anything else as JSON. */
function client(baseUrl: string): Call {
  return async (method, path, body) => {
    const init: RequestInit = { method }
    if (body !== undefined) {
      init.headers = { 'content-type': 'application/json' }
      init.body = typeof body === 'string' ? body : JSON.stringify(body)
    }
    const response = await fetch(baseUrl + path, init)
    const text = await response.text()
    try {
      return { status: response.status, body: text === '' ? '' : JSON.parse(text) }
    } catch {
      return { status: response.status, body: text }
    }
  }
}

/** Starts a server that stops when the test ends (the test's own hook, so tests may run at once). */
async function start(options: ForeignServerOptions, test: TestContext): Promise<Call> {
  const server = await startForeignServer(options)
  test.onTestFinished(() => server.close())
  return client(server.baseUrl)
}

const create = (call: Call, body: object) => call('POST', '/todos', body)
const ids = (answer: Answer) => (answer.body as { id: unknown }[]).map((todo) => todo.id)
const count = async (call: Call, query = '') => {
  const answer = await call('GET', `/todos${query}`)
  return Array.isArray(answer.body) ? answer.body.length : answer
}

/**
 * For every switch, a short exchange whose outcome differs between the base server and the
 * server with that switch on: proof that the switch does something, and a replay of what.
 */
/** A probe that creates a todo with `content`, then counts what the list `query` returns. */
const createThenCount = (content: string, query: string) => async (call: Call) => {
  await create(call, { content })
  return count(call, query)
}

const probes: Record<string, (call: Call) => Promise<unknown>> = {
  // edge values
  'empty-content-refused-silently': (call) => create(call, { content: '' }),
  'numeric-content-coerced': (call) => create(call, { content: '42' }),
  'q-regex': async (call) => {
    await create(call, { content: 'a+b' })
    return [await count(call, '?q=%2B'), await count(call, '?q=a.b')]
  },
  'q-plus-as-space': createThenCount('a+b', '?q=a%2Bb'),
  'content-filter-ignores-case': createThenCount('Case', '?content=case'),
  'content-filter-ignores-trailing-spaces': createThenCount('pad ', '?content=pad'),
  'content-filter-numeric': createThenCount('042', '?content=42'),
  'id-int32': (call) => create(call, { id: 2 ** 31, content: 'x' }),
  'filter-value-typed': createThenCount('42', '?content=42'),
  'filter-percent-decoded-twice': createThenCount('a%41', '?content=a%2541'),
  'id-2p53-breaks-create': async (call) => {
    await create(call, { id: MAX_ID, content: 'last' })
    return (await create(call, { content: 'next' })).status
  },
  'content-html-escaped': (call) => create(call, { content: `<a & 'b'>` }),
  // parameters combined
  'filter-drops-order': async (call) => {
    await create(call, { content: 'a' })
    await create(call, { content: 'b' })
    return ids(await call('GET', '/todos?completed=false&order=-id'))
  },
  'q-ignores-filter': async (call) => {
    await create(call, { content: 'ab', completed: true })
    await create(call, { content: 'ab' })
    return count(call, '?q=a&completed=true')
  },
  'q-drops-order': async (call) => {
    await create(call, { content: 'a1' })
    await create(call, { content: 'a2' })
    return ids(await call('GET', '/todos?q=a&order=-id'))
  },
  'order-drops-filter': async (call) => {
    await create(call, { content: 'a', completed: true })
    await create(call, { content: 'b' })
    return count(call, '?completed=true&order=id')
  },
  // caches and indexes
  'stale-get-after-patch': async (call) => {
    await create(call, { id: 1, content: 'old' })
    await call('GET', '/todos/1')
    await call('PATCH', '/todos/1', { content: 'new' })
    return call('GET', '/todos/1')
  },
  'stale-get-after-put': async (call) => {
    await create(call, { id: 1, content: 'old' })
    await call('GET', '/todos/1')
    await call('PUT', '/todos/1', { content: 'new', completed: true })
    return call('GET', '/todos/1')
  },
  'stale-filtered-list-after-write': async (call) => {
    await create(call, { content: 'a' })
    await call('GET', '/todos?completed=false')
    await create(call, { content: 'b' })
    return count(call, '?completed=false')
  },
  'stale-list-after-delete': async (call) => {
    await create(call, { id: 1, content: 'a' })
    await call('GET', '/todos')
    await call('DELETE', '/todos/1')
    return count(call)
  },
  // path ids
  'path-id-parseint': async (call) => {
    await create(call, { id: 1, content: 'a' })
    return (await call('GET', '/todos/1abc')).status
  },
  'path-id-float': async (call) => {
    await create(call, { id: 1, content: 'a' })
    return (await call('GET', '/todos/1.0')).status
  },
  'path-id-python-int': async (call) => {
    await create(call, { id: 1, content: 'a' })
    return (await call('GET', '/todos/0_1')).status
  },
  'path-id-atoi': async (call) => {
    await create(call, { id: 1, content: 'a' })
    return [(await call('GET', '/todos/01')).status, (await call('GET', '/todos/+1')).status]
  },
  'path-id-leading-zero-500': async (call) => {
    await create(call, { id: 1, content: 'a' })
    return (await call('GET', '/todos/01')).status
  },
  // writes the contract does not allow
  'post-taken-id-duplicates': async (call) => {
    await create(call, { id: 5, content: 'a' })
    await create(call, { id: 5, content: 'b' })
    return call('GET', '/todos')
  },
  'post-taken-id-overwrites': async (call) => {
    await create(call, { id: 5, content: 'a' })
    await create(call, { id: 5, content: 'b' })
    return call('GET', '/todos')
  },
  'put-body-id-moves': async (call) => {
    await create(call, { id: 1, content: 'a' })
    await create(call, { id: 2, content: 'b' })
    await call('PUT', '/todos/1', { id: 2, content: 'c', completed: true })
    return call('GET', '/todos')
  },
  'patch-body-id-renames': async (call) => {
    await create(call, { id: 1, content: 'a' })
    await call('PATCH', '/todos/1', { id: 3 })
    return call('GET', '/todos')
  },
  'put-body-id-duplicates': async (call) => {
    await create(call, { id: 1, content: 'a' })
    await create(call, { id: 2, content: 'b' })
    await call('PUT', '/todos/1', { id: 2, content: 'c', completed: true })
    return call('GET', '/todos')
  },
  'patch-body-id-moves': async (call) => {
    await create(call, { id: 1, content: 'a' })
    await create(call, { id: 2, content: 'b' })
    await call('PATCH', '/todos/1', { id: 2, content: 'c' })
    await call('PATCH', '/todos/1', { id: 3 })
    return call('GET', '/todos')
  },
  // refused writes that leave a trace
  'refused-create-stored': async (call) => {
    await create(call, { content: 'a', completed: 'yes' })
    return count(call)
  },
  'refused-create-stored-blank': async (call) => {
    await create(call, { content: 5 })
    return count(call)
  },
  'refused-patch-applied': async (call) => {
    await create(call, { id: 1, content: 'old' })
    await call('PATCH', '/todos/1', { content: 'new', completed: 'yes' })
    return call('GET', '/todos/1')
  },
  'refused-put-applied': async (call) => {
    await create(call, { id: 1, content: 'old' })
    await call('PUT', '/todos/1', { content: 'new' })
    return call('GET', '/todos/1')
  },
  // wrong types accepted
  'null-content-stored': (call) => create(call, { content: null }),
  'object-content-stringified': (call) => create(call, { content: true }),
  'truthy-completed': (call) => create(call, { content: 'a', completed: {} }),
  'wrong-type-breaks-list': async (call) => {
    await create(call, { content: 'a', completed: 'yes' })
    return (await call('GET', '/todos')).status
  },
  'array-completed-stored': (call) => create(call, { content: 'a', completed: [] }),
  'float-id-stored': (call) => create(call, { id: 1.5, content: 'a' }),
  'string-completed-stored-as-sent': (call) => create(call, { content: 'a', completed: 'true' }),
  // collections larger than an internal page
  'list-truncated-at-100': async (call) => {
    for (let i = 0; i < 101; i++) await create(call, { content: `n${i}` })
    return count(call)
  },
  'filtered-list-scans-first-100': async (call) => {
    for (let i = 0; i < 101; i++) await create(call, { content: `n${i}`, completed: i === 100 })
    return count(call, '?completed=true')
  },
  // search results that hold deleted or changed records
  'search-index-stale-after-delete': async (call) => {
    await create(call, { id: 1, content: 'gone' })
    await call('DELETE', '/todos/1')
    return count(call, '?q=gone')
  },
  'search-index-stale-after-change': async (call) => {
    await create(call, { id: 1, content: 'old' })
    await call('PATCH', '/todos/1', { content: 'new' })
    return [await count(call, '?q=old'), await count(call, '?q=new')]
  },
  // writes lost or misreported
  'put-200-not-stored': async (call) => {
    await create(call, { id: 1, content: 'old' })
    await call('PUT', '/todos/1', { content: 'new', completed: true })
    return call('GET', '/todos/1')
  },
  'patch-echoes-request': async (call) => {
    await create(call, { id: 1, content: 'a' })
    return call('PATCH', '/todos/1', { completed: true })
  },
  'create-without-completed-stores-none': async (call) => {
    await create(call, { id: 1, content: 'a' })
    return call('GET', '/todos/1')
  },
  'patch-empty-500': async (call) => {
    await create(call, { id: 1, content: 'a' })
    return call('PATCH', '/todos/1', {})
  },
  // variants
  'sort-asc-only': (call) => call('GET', '/todos?order=-id'),
  'word-search': createThenCount('Café au lait', '?q=cafe'),
  'token-search': createThenCount('a & b', '?q=%26%20c'),
  'content-max-50': (call) => create(call, { content: 'x'.repeat(51) }),
  'bmp-only': (call) => create(call, { content: '😀' }),
  'trims-content': (call) => create(call, { content: ' a ' }),
  'errors-422': (call) => create(call, { content: 1 }),
  'delete-204': async (call) => {
    await create(call, { id: 1, content: 'a' })
    return call('DELETE', '/todos/1')
  },
  'put-204': async (call) => {
    await create(call, { id: 1, content: 'a' })
    return call('PUT', '/todos/1', { content: 'b', completed: true })
  },
  'unknown-id-500': (call) => call('GET', '/todos/999'),
  'unknown-id-200-empty': (call) => call('GET', '/todos/999'),
  'string-ids': async (call) =>
    typeof ((await create(call, { content: 'a' })).body as { id: unknown }).id,
  'client-ids-refused': (call) => create(call, { id: 5, content: 'a' }),
  'client-ids-required': (call) => create(call, { content: 'a' }),
  'completed-as-number': (call) => create(call, { content: 'a', completed: true }),
  'max-plus-one-ids': async (call) => {
    await create(call, { id: 1000, content: 'a' })
    return (await create(call, { content: 'b' })).body
  },
  'completed-as-number-in-list': async (call) => {
    await create(call, { content: 'a' })
    return call('GET', '/todos')
  },
}

describe('the catalogue', () => {
  it.each(STACKS)('names exactly the switches the %s server takes', async (stack) => {
    const [command, args] = await foreignServerCommand(stack, ['--list'])
    const { stdout } = await promisify(execFile)(command, args)
    const names = (kind: 'defect' | 'variant') =>
      catalogue
        .filter((entry) => entry.stack === stack && entry.kind === kind)
        .map((entry) => entry.name)
        .sort()
    expect(JSON.parse(stdout)).toEqual({ defects: names('defect'), variants: names('variant') })
  })

  it('holds at least two defects in every category the kit must catch', () => {
    const perCategory = new Map<Category, number>()
    for (const entry of catalogue.filter((entry) => entry.kind === 'defect')) {
      perCategory.set(entry.category, (perCategory.get(entry.category) ?? 0) + 1)
    }
    expect([...perCategory].filter(([, n]) => n < 2)).toEqual([])
    expect([...perCategory.keys()]).toHaveLength(10)
  })

  it('has a probe for every switch', () => {
    expect(catalogue.filter((entry) => !probes[entry.name]).map((entry) => entry.name)).toEqual([])
  })
})

describe.each(STACKS)('the %s server', (stack) => {
  it.concurrent.for(catalogue.filter((entry) => entry.stack === stack))(
    '--$kind $name changes what the server answers',
    async (entry, test) => {
      const probe = probes[entry.name]!
      const base = await probe(await start({ stack }, test))
      const switched =
        entry.kind === 'defect'
          ? await probe(await start({ stack, defects: [entry.name] }, test))
          : await probe(await start({ stack, variant: entry.name }, test))
      expect(switched).not.toEqual(base)
    },
  )

  it('assigns ids, takes a free client id up to 2^53-1, refuses a taken one with 409', async (test) => {
    const call = await start({ stack }, test)
    expect(await create(call, { content: 'a' })).toEqual({
      status: 201,
      body: { id: 1, content: 'a', completed: false },
    })
    expect((await create(call, { id: MAX_ID, content: 'max', completed: true })).body).toEqual({
      id: MAX_ID,
      content: 'max',
      completed: true,
    })
    expect((await create(call, { id: MAX_ID, content: 'again' })).status).toBe(409)
    expect((await create(call, { content: 'b' })).body).toMatchObject({ id: 2 })
    expect((await call('GET', `/todos/${MAX_ID}`)).body).toMatchObject({ content: 'max' })
    expect(ids(await call('GET', '/todos'))).toEqual([1, MAX_ID, 2])
  })

  it('refuses what breaks the schema with 400 and stores nothing', async (test) => {
    const call = await start({ stack }, test)
    const refused = [
      '{"content": "a",',
      '[]',
      'null',
      {},
      { content: null },
      { content: 1 },
      { content: ['a'] },
      { content: 'a', completed: 'true' },
      { content: 'a', completed: null },
      { content: 'a', id: 1.5 },
      { content: 'a', id: '1' },
      { content: 'a', id: 0 },
      { content: 'a', id: MAX_ID + 1 },
      { content: 'a', id: true },
    ]
    for (const body of refused) {
      expect([body, (await call('POST', '/todos', body)).status]).toEqual([body, 400])
    }
    expect(await count(call)).toBe(0)
  })

  it('answers 404 for an unknown id and for every path id that is not a canonical integer', async (test) => {
    const call = await start({ stack }, test)
    await create(call, { id: 1, content: 'a' })
    for (const id of ['2', '1abc', '01', '1.0', '+1', '-1', '0', '1e0', `${MAX_ID + 1}`]) {
      for (const method of ['GET', 'DELETE', 'PATCH']) {
        const answer = await call(method, `/todos/${id}`, method === 'PATCH' ? {} : undefined)
        expect([method, id, answer.status]).toEqual([method, id, 404])
      }
    }
  })

  it('replaces with PUT, patches sent fields only, and deletes answering the record', async (test) => {
    const call = await start({ stack }, test)
    await create(call, { id: 1, content: 'a' })
    await create(call, { id: 2, content: 'b' })
    expect((await call('PUT', '/todos/1', { content: 'c' })).status).toBe(400)
    expect((await call('PUT', '/todos/1', { id: 2, content: 'c', completed: true })).status).toBe(
      400,
    )
    expect(await call('PUT', '/todos/1', { id: 1, content: 'c', completed: true })).toEqual({
      status: 200,
      body: { id: 1, content: 'c', completed: true },
    })
    expect((await call('PATCH', '/todos/1', { id: 2 })).status).toBe(400)
    expect((await call('PATCH', '/todos/1', { completed: 'no' })).status).toBe(400)
    expect((await call('PATCH', '/todos/1', {})).body).toEqual({
      id: 1,
      content: 'c',
      completed: true,
    })
    expect((await call('PATCH', '/todos/1', { completed: false })).body).toEqual({
      id: 1,
      content: 'c',
      completed: false,
    })
    expect((await call('GET', '/todos')).body).toEqual([
      { id: 1, content: 'c', completed: false },
      { id: 2, content: 'b', completed: false },
    ])
    expect(await call('DELETE', '/todos/2')).toEqual({
      status: 200,
      body: { id: 2, content: 'b', completed: false },
    })
    expect((await call('GET', '/todos/2')).status).toBe(404)
  })

  it('filters, searches and sorts as the contract and its extensions say', async (test) => {
    const call = await start({ stack }, test)
    const contents = ['b', 'a+(b)', '42', '', 'B', '😀', 'a', '\uffff']
    for (const [i, content] of contents.entries()) {
      expect((await create(call, { content, completed: i % 2 === 0 })).body).toMatchObject({
        content,
      })
    }
    const q = (query: string) => call('GET', `/todos?${query}`).then(ids)
    expect(await q('content=42')).toEqual([3])
    expect(await q('content=')).toEqual([4])
    expect(await q(`content=${encodeURIComponent('a+(b)')}`)).toEqual([2])
    expect(await q('id=7')).toEqual([7])
    expect(await q('completed=true')).toEqual([1, 3, 5, 7])
    expect(await q(`q=${encodeURIComponent('+(')}`)).toEqual([2])
    expect(await q('q=b')).toEqual([1, 2])
    expect(await q('q=b&completed=false&order=-id&unknown=1')).toEqual([2])
    expect(await q('order=content')).toEqual([4, 3, 5, 7, 2, 1, 8, 6])
    expect(await q('order=-completed,content')).toEqual([3, 5, 7, 1, 4, 2, 8, 6])
  })

  it('serves GET /__count only when started with debugCount', async (test) => {
    const plain = await start({ stack, variant: 'string-ids' }, test)
    expect((await plain('GET', '/__count')).status).toBe(404)
    const counted = await start({ stack, variant: 'string-ids', debugCount: true }, test)
    const { body } = await create(counted, { content: 'a' })
    expect(await counted('GET', '/__count')).toEqual({ status: 200, body: { count: 1 } })
    await counted('DELETE', `/todos/${(body as { id: string }).id}`)
    expect((await counted('GET', '/__count')).body).toEqual({ count: 0 })
  })
})
