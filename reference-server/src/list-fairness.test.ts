import { readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Todo } from '@todokit/sdk/contract'
import { afterAll, describe, expect, it } from 'vitest'
import { jsonRequest } from '../test/helpers.ts'
import { createApp } from './app.ts'
import { MemoryStore } from './store/memory-store.ts'
import { SqliteStore } from './store/sqlite-store.ts'

// How long another request waits behind a list is a benchmark figure (npm run bench); these
// tests check the mechanism that bounds it: a long list gives the event loop back while it is
// sorted, filtered and written, rather than in one piece.

/** How many turns of the event loop pass while `work` runs. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0
  let running = true
  const tick = () => {
    if (!running) return
    turns++
    setImmediate(tick)
  }
  setImmediate(tick)
  await work
  running = false
  return turns
}

const prefix = 'x'.repeat(9_990)
/** Todos whose contents differ only in their last characters: costly to compare. */
const longTodos = (count: number): Todo[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    content: `${prefix}${String((index * 7_919) % count).padStart(10, '0')}`,
    completed: index % 2 === 0,
  }))

describe('a long list shares the event loop', () => {
  it('while it sorts todos by long contents, and still sorts them right', async () => {
    const todos = longTodos(4_000)
    const app = createApp({ store: new MemoryStore(todos) })
    const listed = Promise.resolve(app.request('/todos?order=-content')).then((response) =>
      response.json(),
    )
    expect(await turnsDuring(listed)).toBeGreaterThan(1)
    const expected = todos.toSorted((a, b) => (a.content < b.content ? 1 : -1))
    expect(((await listed) as Todo[]).map((todo) => todo.id)).toEqual(
      expected.map((todo) => todo.id),
    )
  })

  it('while it searches long contents', async () => {
    // Upper case, so that each search lower-cases every content anew.
    const todos = longTodos(8_000).map((todo) => ({ ...todo, content: todo.content.toUpperCase() }))
    const app = createApp({ store: new MemoryStore(todos) })
    const listed = Promise.resolve(app.request('/todos?q=nothing-matches')).then((response) =>
      response.text(),
    )
    expect(await turnsDuring(listed)).toBeGreaterThan(1)
    expect(await listed).toBe('[]')
  })

  it('while it writes a list of 50,000 todos', async () => {
    const todos = Array.from({ length: 50_000 }, (_, index) => ({
      id: index + 1,
      content: `task ${index}`,
      completed: false,
    }))
    const app = createApp({ store: new MemoryStore(todos) })
    const listed = Promise.resolve(app.request('/todos')).then((response) => response.json())
    expect(await turnsDuring(listed)).toBeGreaterThan(1)
    expect(await listed).toHaveLength(50_000)
  })
})

describe('lists nobody reads, on the SQLite store', () => {
  const directories: string[] = []
  afterAll(async () => {
    for (const directory of directories) await rm(directory, { recursive: true, force: true })
  })

  it('hold a bounded number of files open, and writes still succeed', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'todokit-readers-'))
    directories.push(directory)
    const store = await SqliteStore.open(join(directory, 'todos.db'))
    const app = createApp({ store })
    const content = 'a todo long enough that a list of them takes more than one chunk'
    for (let batch = 0; batch < 4; batch++) {
      await Promise.all(
        Array.from({ length: 500 }, () => app.request('/todos', jsonRequest('POST', { content }))),
      )
    }
    const openFiles = () => readdirSync('/proc/self/fd').length
    const before = openFiles()
    // Each list is started and left unread, as a client that stops reading leaves it.
    const held = await Promise.all(Array.from({ length: 100 }, () => app.request('/todos')))
    expect(held.every((response) => response.status === 200)).toBe(true)
    expect(openFiles() - before).toBeLessThan(40)
    const created = await app.request('/todos', jsonRequest('POST', { content: 'still works' }))
    expect(created.status).toBe(201)
    const read = (await held[0]?.json()) as Todo[]
    expect(read).toHaveLength(2_000)
    for (const response of held.slice(1)) await response.body?.cancel()
    await store.close()
  })
})
