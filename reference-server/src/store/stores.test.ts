import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { runConformance } from '@todokit/conformance'
import { MAX_CLIENT_ID, MAX_TODO_ID, nextLinkTarget, type Todo } from '@todokit/sdk/contract'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { jsonRequest, listed } from '../../test/helpers.ts'
import { createApp } from '../app.ts'
import { MemoryStore } from './memory-store.ts'
import { SqliteStore } from './sqlite-store.ts'
import type { TodoStore } from './store.ts'

let directory: string
const opened: TodoStore[] = []

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'todokit-stores-'))
})

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
  await rm(directory, { recursive: true, force: true })
})

async function openSqlite(path = join(directory, 'todos.db'), busyTimeoutMs?: number) {
  const store = await SqliteStore.open(path, { busyTimeoutMs })
  opened.push(store)
  return store
}

const STORES = {
  memory: async () => new MemoryStore(),
  sqlite: () => openSqlite(),
}

describe.each(Object.entries(STORES))('the %s store', (_, open) => {
  it('keeps assigning ids in range after a client took the highest id it may choose', async () => {
    const app = createApp({ store: await open() })
    const taken = await app.request(
      '/todos',
      jsonRequest('POST', { id: MAX_CLIENT_ID, content: 'x' }),
    )
    expect(taken.status).toBe(201)
    const refused = await app.request(
      '/todos',
      jsonRequest('POST', { id: MAX_TODO_ID, content: 'x' }),
    )
    expect(refused.status).toBe(400)
    for (let next = MAX_CLIENT_ID + 1; next <= MAX_CLIENT_ID + 3; next++) {
      const created = await app.request('/todos', jsonRequest('POST', { content: 'next' }))
      expect(await created.json()).toMatchObject({ id: next })
      expect((await app.request(`/todos/${next}`)).status).toBe(200)
    }
  })

  it('hands a list over in batches, in order, each todo once, stopping at the limit', async () => {
    const store = await open()
    await store.write((table) => {
      for (let id = 1; id <= 1_000; id++) table.put({ id, content: `todo ${id}`, completed: false })
    })
    const sizes: number[] = []
    const ids: number[] = []
    for await (const batch of store.list({ order: ['-id'] })) {
      sizes.push(batch.length)
      ids.push(...batch.map((todo) => todo.id))
    }
    expect(ids).toEqual(Array.from({ length: 1_000 }, (_, index) => 1_000 - index))
    // Fewer turns than todos: one per batch, not one per todo.
    expect(sizes.length).toBeLessThan(20)
    expect(Math.min(...sizes)).toBeGreaterThan(0)
    expect((await listed(store, {}, { limit: 300 })).map((todo) => todo.id)).toEqual(
      Array.from({ length: 300 }, (_, index) => index + 1),
    )
  })

  it('passes the whole conformance kit, strict, and leaves nothing behind', async () => {
    const store = await open()
    const app = createApp({ store, onError: () => {} })
    const report = await runConformance({
      baseUrl: 'http://todokit.test',
      fetch: (request) => app.fetch(request),
      capabilities: 'all',
      strict: true,
    })
    const failed = report.checks.filter((check) => check.status !== 'passed')
    expect(failed.map((check) => `${check.id}: ${check.message}`)).toEqual([])
    expect(report.residue).toEqual([])
    expect(await listed(store)).toEqual([])
  })
})

/** A write between two pages of a walk: a create, or a delete of the todo at some index. */
const interleavedWrite = fc.oneof(
  fc.record({
    create: fc.record({ content: fc.constantFrom('a', 'b', 'c'), completed: fc.boolean() }),
  }),
  fc.record({ deleteAt: fc.nat() }),
)

const FRESH_STORES = {
  memory: async () => new MemoryStore(),
  sqlite: () => openSqlite(join(directory, `${crypto.randomUUID()}.db`)),
}

describe.each(Object.entries(FRESH_STORES))('paging through the %s store', (_, open) => {
  it('returns each todo that exists for the whole walk and never changes exactly once, while others come and go', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ content: fc.constantFrom('a', 'b', 'c'), completed: fc.boolean() }), {
          maxLength: 12,
        }),
        fc.constantFrom(
          '',
          'order=content',
          'order=-completed,content',
          'order=completed,-id',
          'completed=false&order=-content',
        ),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.array(interleavedWrite, { maxLength: 3 }), { maxLength: 12 }),
        async (initial, query, limit, writesBetweenPages) => {
          const app = createApp({ store: await open() })
          const alive = new Set<number>()
          for (const todo of initial) {
            const created = await app.request('/todos', jsonRequest('POST', todo))
            alive.add((await created.json()).id)
          }
          const touched = new Set<number>()
          const seen: number[] = []
          let next: string | undefined = `/todos?${query}&limit=${limit}`
          for (let page = 0; next !== undefined; page++) {
            const response = await app.request(next)
            expect(response.status).toBe(200)
            seen.push(...((await response.json()) as Todo[]).map((todo) => todo.id))
            const target = nextLinkTarget(response.headers.get('link'))
            next = target && new URL(target, new URL(next, 'http://todos.test')).href
            for (const write of writesBetweenPages[page] ?? []) {
              if ('create' in write) {
                const created = await app.request('/todos', jsonRequest('POST', write.create))
                touched.add((await created.json()).id)
              } else {
                const id = [...alive][write.deleteAt % Math.max(alive.size, 1)]
                if (id === undefined) continue
                await app.request(`/todos/${id}`, { method: 'DELETE' })
                alive.delete(id)
                touched.add(id)
              }
            }
          }
          // The todos the query selects that no write touched: those the walk must return once.
          const selected = (await (await app.request(`/todos?${query}`)).json()) as Todo[]
          const stable = selected.map((todo) => todo.id).filter((id) => !touched.has(id))
          for (const id of stable)
            expect(
              seen.filter((each) => each === id),
              `id ${id}`,
            ).toHaveLength(1)
          expect(new Set(seen).size, 'no todo twice').toBe(seen.length)
        },
      ),
      { numRuns: 60 },
    )
  })
})

/** Stands for the URL in the last `Link: rel="next"` either app answered with. */
const NEXT_PAGE = 'next page'

/** A request to the API: writes on a few ids that collide, and lists with every kind of query. */
const request = fc.oneof(
  fc.record({
    method: fc.constant('POST'),
    path: fc.constant('/todos'),
    body: fc.record(
      {
        id: fc.integer({ min: 1, max: 6 }),
        content: fc.string({ unit: 'binary', maxLength: 6 }),
        completed: fc.boolean(),
      },
      { requiredKeys: ['content'] },
    ),
  }),
  fc.record({
    method: fc.constantFrom('PUT', 'PATCH'),
    path: fc.integer({ min: 1, max: 6 }).map((id) => `/todos/${id}`),
    body: fc.record(
      {
        id: fc.integer({ min: 1, max: 6 }),
        content: fc.string({ minLength: 1, maxLength: 6 }),
        completed: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    method: fc.constantFrom('DELETE', 'GET'),
    path: fc.integer({ min: 1, max: 6 }).map((id) => `/todos/${id}`),
    body: fc.constant(undefined),
  }),
  fc.record({
    method: fc.constant('GET'),
    path: fc
      .record(
        {
          completed: fc.constantFrom('true', 'false'),
          q: fc.constantFrom('a', 'B', 'é', 'ß', ''),
          content: fc.string({ maxLength: 2 }),
          order: fc.constantFrom(
            'content',
            '-content',
            'completed,-id',
            '-completed,content',
            '-id',
          ),
          limit: fc.integer({ min: 1, max: 4 }).map(String),
        },
        { requiredKeys: [] },
      )
      .map((query) => `/todos?${new URLSearchParams(query)}`),
    body: fc.constant(undefined),
  }),
  // The next page of the last paged list, after whatever writes came in between.
  fc.constant({ method: 'GET', path: NEXT_PAGE, body: undefined }),
)

describe('the memory and SQLite stores', () => {
  it('give the same answer to every request of any sequence', async () => {
    let round = 0
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 30 }), async (requests) => {
        const memory = createApp({ store: new MemoryStore() })
        const sqlite = createApp({ store: await openSqlite(join(directory, `same-${round++}.db`)) })
        let nextPage = '/todos?limit=1'
        for (const { method, path: given, body } of requests) {
          const path = given === NEXT_PAGE ? nextPage : given
          const init = body === undefined ? { method } : jsonRequest(method, body)
          const [expected, actual] = await Promise.all([
            memory.request(path, init),
            sqlite.request(path, init),
          ])
          const where = `${method} ${path} ${JSON.stringify(body)}`
          expect(actual.status, where).toBe(expected.status)
          expect(actual.headers.get('link'), where).toBe(expected.headers.get('link'))
          expect(await actual.text(), where).toBe(await expected.text())
          nextPage = nextLinkTarget(expected.headers.get('link')) ?? nextPage
        }
      }),
      { numRuns: 40 },
    )
  })
})

describe('SqliteStore', () => {
  it('keeps todos and never reuses a deleted id after a reopen', async () => {
    const path = join(directory, 'todos.db')
    const first = await SqliteStore.open(path)
    const app = createApp({ store: first })
    await app.request('/todos', jsonRequest('POST', { content: 'kept' }))
    await app.request('/todos', jsonRequest('POST', { content: 'deleted' }))
    await app.request('/todos/2', { method: 'DELETE' })
    await first.close()

    const again = createApp({ store: await openSqlite(path) })
    expect(await (await again.request('/todos')).json()).toEqual([
      { id: 1, content: 'kept', completed: false },
    ])
    const next = await again.request('/todos', jsonRequest('POST', { content: 'new' }))
    expect((await next.json()).id).toBe(3)
  })

  it('commits writes that arrive together in one transaction', async () => {
    const store = await openSqlite()
    const revision = () => Number(store.revision.split('.')[0])
    const before = revision()
    const ids = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        store.write(
          (table) => table.put({ id: table.nextId(), content: `${index}`, completed: false }).id,
        ),
      ),
    )
    expect(new Set(ids).size).toBe(100)
    expect(revision()).toBe(before + 1)
  })

  it('shares one file safely between two stores, one of them opened through a symlink', async () => {
    const path = join(directory, 'todos.db')
    const link = join(directory, 'link.db')
    await symlink(path, link)
    const a = createApp({ store: await openSqlite(path) })
    const b = createApp({ store: await openSqlite(link) })
    const listEtag = async () => (await a.request('/todos')).headers.get('etag')
    const etagBefore = await listEtag()
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? a : b).request('/todos', jsonRequest('POST', { content: `${index}` })),
      ),
    )
    const ids = await Promise.all(created.map(async (response) => (await response.json()).id))
    expect(new Set(ids).size).toBe(20)
    const listedByA = (await (await a.request('/todos')).json()) as Todo[]
    const listedByB = (await (await b.request('/todos')).json()) as Todo[]
    expect(listedByA.map((todo) => todo.id)).toEqual([...ids].sort((x, y) => x - y))
    expect(listedByB).toEqual(listedByA)
    // B's writes alone must change the list ETag A answers with.
    const etagAfterA = await listEtag()
    expect(etagAfterA).not.toBe(etagBefore)
    await b.request('/todos', jsonRequest('POST', { content: 'from b' }))
    expect(await listEtag()).not.toBe(etagAfterA)
  })

  it('answers 503 and stores nothing when it cannot commit, and commits again once it can', async () => {
    const path = join(directory, 'todos.db')
    const app = createApp({ store: await openSqlite(path, 50), onError: () => {} })
    // Another process holds the write lock for longer than the store waits.
    const other = new DatabaseSync(path)
    other.exec('BEGIN IMMEDIATE')
    const refused = await app.request('/todos', jsonRequest('POST', { content: 'refused' }))
    expect(refused.status).toBe(503)
    expect((await refused.json()).detail).toMatch(/nothing changed/)
    other.exec('ROLLBACK')
    other.close()
    expect((await app.request('/todos', jsonRequest('POST', { content: 'kept' }))).status).toBe(201)
    expect(await (await app.request('/todos')).json()).toEqual([
      { id: 1, content: 'kept', completed: false },
    ])
  })

  it('refuses a write once closed, naming its file', async () => {
    const path = join(directory, 'todos.db')
    const store = await SqliteStore.open(path)
    await store.close()
    await expect(store.write(() => undefined)).rejects.toThrow(`${path}: the store is closed`)
  })

  it('refuses to open a file that is not a database, naming it and pointing to --seed', async () => {
    const path = join(directory, 'todos.json')
    await writeFile(path, '{"todos": []}')
    await expect(SqliteStore.open(path)).rejects.toThrow(`${path}: file is not a database`)
    await expect(SqliteStore.open(path)).rejects.toThrow(/--seed/)
  })

  it('streams a list as a snapshot: writes during the stream do not show in it', async () => {
    const store = await openSqlite()
    await store.write((table) => {
      for (let id = 1; id <= 1000; id++) table.put({ id, content: `${id}`, completed: false })
    })
    const iterator = store.list()[Symbol.asyncIterator]()
    const first = await iterator.next()
    expect(first.value?.[0]).toMatchObject({ id: 1 })
    expect(first.value?.length).toBeLessThan(1000)
    await store.write((table) => table.remove(1000))
    let count = first.value?.length ?? 0
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      count += next.value.length
    }
    expect(count).toBe(1000)
  })
})

describe('a long list from SqliteStore', () => {
  it('streams, and a HEAD or an abandoned GET leaves no read transaction open', async () => {
    const path = join(directory, 'todos.db')
    const store = await openSqlite(path)
    await store.write((table) => {
      for (let id = 1; id <= 5_000; id++) table.put({ id, content: `todo ${id}`, completed: false })
    })
    const app = createApp({ store })
    expect((await app.request('/todos', { method: 'HEAD' })).status).toBe(200)
    const abandoned = await app.request('/todos')
    const reader = (abandoned.body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    await reader.cancel()
    // A checkpoint can only truncate the log when no reader holds an older snapshot.
    await store.write((table) => table.remove(1))
    const other = new DatabaseSync(path)
    const [result] = other.prepare('PRAGMA wal_checkpoint(TRUNCATE)').all() as { busy: number }[]
    other.close()
    expect(result?.busy).toBe(0)
  })
})
