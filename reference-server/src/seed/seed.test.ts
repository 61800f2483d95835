import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listed } from '../../test/helpers.ts'
import { MemoryStore } from '../store/memory-store.ts'
import { SqliteStore } from '../store/sqlite-store.ts'
import { readSeedFile, seedStore } from './seed.ts'

let directory: string
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'todokit-seed-'))
})
afterEach(() => rm(directory, { recursive: true, force: true }))

async function seedFile(text: string): Promise<string> {
  const path = join(directory, 'seed.json')
  await writeFile(path, text)
  return path
}

describe('readSeedFile', () => {
  it('reads a plain array, defaulting completed and keeping ids', async () => {
    const path = await seedFile('[{"id": 7, "content": "a"}, {"content": "b", "completed": true}]')
    expect(await readSeedFile(path)).toEqual([
      { id: 7, content: 'a', completed: false },
      { content: 'b', completed: true },
    ])
  })

  it('names the field of a bad todo under json-server’s "todos", after other arrays', async () => {
    const text =
      '{\n  "posts": [{"x": [1]}],\n  "todos": [\n    {"content": "a"},\n    {"content": 5}\n  ]\n}'
    await expect(readSeedFile(await seedFile(text))).rejects.toThrow(
      /seed\.json: \/todos\/1\/content: Invalid input: expected string/,
    )
  })

  it('names a repeated id, and where the second one is', async () => {
    const path = await seedFile('[\n{"id": 1, "content": "a"},\n{"id": 1, "content": "b"}\n]')
    await expect(readSeedFile(path)).rejects.toThrow(/seed\.json: \/1\/id: the id 1 appears twice/)
  })

  it('passes on where JSON.parse found a syntax error', async () => {
    const text = '[\n{"content": "a"},\n{"content": "b" "completed": true}\n]'
    await expect(readSeedFile(await seedFile(text))).rejects.toThrow(
      /seed\.json: not valid JSON: .*\(line 3 column 17\)/,
    )
  })

  it('refuses a document that holds no todos array', async () => {
    await expect(readSeedFile(await seedFile('{"posts": []}'))).rejects.toThrow(/"todos"/)
  })
})

describe('seedStore', () => {
  it('fills an empty store and leaves one that holds todos alone', async () => {
    const empty = new MemoryStore()
    expect(await seedStore(empty, [{ content: 'a', completed: false }])).toBe(true)
    expect([...empty]).toEqual([{ id: 1, content: 'a', completed: false }])
    expect(await seedStore(empty, [{ content: 'b', completed: false }])).toBe(false)
    expect([...empty]).toHaveLength(1)
  })

  it('stores nothing when the seed holds more todos than the store may', async () => {
    const store = new MemoryStore()
    const todos = [1, 2, 3].map((n) => ({ content: `${n}`, completed: false }))
    await expect(seedStore(store, todos, 2)).rejects.toMatchObject({
      refusal: { reason: 'full', maxTodos: 2 },
      // The words a client gets in the 409's detail, and the CLI prints.
      message: 'The store holds its maximum of 2 todos; delete some to create more',
    })
    expect([...store]).toEqual([])
  })

  it('stores nothing in an SQLite file when a todo of the seed is refused after others were written', async () => {
    // A file whose todos 1 to 5 were deleted hands out 6 next, which the seed's second todo
    // names: the trial run in memory (ids from 1) cannot see that conflict coming.
    const store = await SqliteStore.open(join(directory, 'todos.db'))
    try {
      for (let n = 1; n <= 5; n++) {
        const { id } = await store.write((table) =>
          table.put({ id: table.nextId(), content: `${n}`, completed: false }),
        )
        await store.write((table) => table.remove(id))
      }
      const seed = [
        { content: 'a', completed: false },
        { id: 6, content: 'b', completed: false },
      ]
      await expect(seedStore(store, seed)).rejects.toThrow(/6/)
      expect(await listed(store)).toEqual([])
    } finally {
      await store.close()
    }
  })
})
