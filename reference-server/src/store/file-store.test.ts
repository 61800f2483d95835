import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MAX_CONTENT_LENGTH } from '@todokit/sdk/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { countingFs, failingFs } from '../../test/counting-fs.ts'
import type { FileStoreFs } from './durable-fs.ts'
import { DataFileError, FileStore, StoreFailedError } from './file-store.ts'
import { encodeJournalRecord, type JournalRecord } from './journal-format.ts'
import { encodeSnapshot } from './snapshot-format.ts'
import { IdTakenError } from './store.ts'

let directory: string
let path: string

beforeEach(async () => {
  directory = await fsp.mkdtemp(join(tmpdir(), 'todokit-file-store-'))
  path = join(directory, 'todos.json')
})

afterEach(async () => {
  await fsp.rm(directory, { recursive: true, force: true })
})

const todo = (id: number, content = `todo ${id}`, completed = false) => ({ id, content, completed })

async function writeSnapshot(seq: number, nextId: number, todos: ReturnType<typeof todo>[]) {
  await fsp.writeFile(path, [...encodeSnapshot({ seq, nextId, todos })].join(''))
}

async function writeJournal(generation: number, records: JournalRecord[], tail = '') {
  await fsp.writeFile(
    `${path}.journal.${generation}`,
    records.map(encodeJournalRecord).join('') + tail,
  )
}

async function filesInDirectory() {
  return (await fsp.readdir(directory)).sort()
}

describe('FileStore', () => {
  it('creates the data file with an empty snapshot when there is none', async () => {
    const store = await FileStore.open(path)
    expect(store.list()).toEqual([])
    expect(JSON.parse(await fsp.readFile(path, 'utf8'))).toMatchObject({
      seq: 0,
      nextId: 1,
      todos: [],
    })
    await store.close()
  })

  it('refuses a data file whose directory does not exist, naming the directory', async () => {
    const missing = join(directory, 'nowhere')
    await expect(FileStore.open(join(missing, 'todos.json'))).rejects.toThrow(
      `the directory ${missing} does not exist`,
    )
  })

  it('recovers every write after a reopen', async () => {
    const store = await FileStore.open(path)
    await store.create({ content: 'a', completed: false })
    await store.create({ content: 'b', completed: false })
    await store.create({ id: 10, content: 'c', completed: true })
    await store.update(1, { completed: true })
    await store.replace(todo(2, 'b2', true))
    await store.delete(10)
    await store.close()

    const reopened = await FileStore.open(path)
    expect(reopened.list()).toEqual([todo(1, 'a', true), todo(2, 'b2', true)])
    await reopened.close()
  })

  it('recovers from the journal alone when the store was never closed', async () => {
    await writeSnapshot(0, 1, [])
    await writeJournal(1, [
      { seq: 1, op: 'create', todo: todo(1) },
      { seq: 2, op: 'create', todo: todo(2) },
      { seq: 3, op: 'put', todo: todo(1, 'changed', true) },
      { seq: 4, op: 'delete', id: 2 },
    ])
    const store = await FileStore.open(path)
    expect(store.list()).toEqual([todo(1, 'changed', true)])
    expect(store.revision).toBe(4)
    await store.close()
  })

  it('never hands out an id again after a restart, not even a deleted one', async () => {
    const store = await FileStore.open(path)
    await store.create({ content: 'a', completed: false })
    const last = await store.create({ content: 'b', completed: false })
    await store.delete(last.id)
    await store.close()

    const reopened = await FileStore.open(path)
    expect((await reopened.create({ content: 'c', completed: false })).id).toBe(last.id + 1)
    await reopened.close()
  })

  it('keeps the id counter of a snapshot whose highest todos were deleted', async () => {
    await writeSnapshot(5, 8, [todo(1)])
    const store = await FileStore.open(path)
    expect((await store.create({ content: 'next', completed: false })).id).toBe(8)
    await store.close()
  })

  it('opens a hand-written file that has only a todos array', async () => {
    await fsp.writeFile(path, JSON.stringify({ todos: [todo(4), todo(2)] }))
    const store = await FileStore.open(path)
    expect(store.list().map(({ id }) => id)).toEqual([2, 4])
    expect((await store.create({ content: 'x', completed: false })).id).toBe(5)
    await store.close()
  })

  it('rejects a taken id without writing anything', async () => {
    const { fs, counts } = countingFs()
    const store = await FileStore.open(path, { fs })
    await store.create({ id: 3, content: 'a', completed: false })
    const syncs = counts.datasync
    await expect(store.create({ id: 3, content: 'b', completed: false })).rejects.toBeInstanceOf(
      IdTakenError,
    )
    expect(counts.datasync).toBe(syncs)
    expect(store.get(3)?.content).toBe('a')
    await store.close()
  })

  it('refuses a todo that recovery could not read back, leaving the store unchanged', async () => {
    const store = await FileStore.open(path)
    const created = await store.create({ content: 'a', completed: false })
    const tooLong = 'x'.repeat(MAX_CONTENT_LENGTH + 1)
    await expect(store.update(created.id, { content: tooLong })).rejects.toThrow(RangeError)
    await expect(store.create({ content: '', completed: false })).rejects.toThrow(RangeError)
    expect(store.list()).toEqual([created])
    await store.close()
  })

  it('answers no-op writes on unknown ids with undefined and writes nothing', async () => {
    const { fs, counts } = countingFs()
    const store = await FileStore.open(path, { fs })
    expect(await store.update(1, { completed: true })).toBeUndefined()
    expect(await store.replace(todo(1))).toBeUndefined()
    expect(await store.delete(1)).toBeUndefined()
    expect(counts.datasync).toBe(0)
    await store.close()
  })

  it('counts its revision across restarts', async () => {
    const store = await FileStore.open(path)
    await store.create({ content: 'a', completed: false })
    await store.update(1, { completed: true })
    await store.close()
    const reopened = await FileStore.open(path)
    expect(reopened.revision).toBe(2)
    await reopened.create({ content: 'b', completed: false })
    expect(reopened.revision).toBe(3)
    await reopened.close()
  })
})

describe('FileStore group commit', () => {
  it('writes concurrent changes with one fsync and resolves each after it', async () => {
    const { fs, counts } = countingFs()
    const store = await FileStore.open(path, { fs })
    const writes = Array.from({ length: 50 }, (_, index) =>
      store.create({ content: `todo ${index}`, completed: false }).then((created) => {
        expect(counts.datasync).toBe(1)
        return created
      }),
    )
    expect(counts.datasync).toBe(0)
    await Promise.all(writes)
    expect(counts.datasync).toBe(1)
    await store.close()
  })

  it('syncs once per write when writes wait for each other', async () => {
    const { fs, counts } = countingFs()
    const store = await FileStore.open(path, { fs })
    for (let index = 0; index < 5; index++) await store.create({ content: 'a', completed: false })
    expect(counts.datasync).toBe(5)
    await store.close()
  })

  it('rejects the writes of a batch whose fsync failed and every later write', async () => {
    const { fs, failing } = failingFs()
    const store = await FileStore.open(path, { fs })
    const kept = await store.create({ content: 'acknowledged', completed: false })
    failing.now = true
    const batch = [
      store.create({ content: 'rejected', completed: false }),
      store.update(kept.id, { content: 'rejected too' }),
    ]
    for (const write of batch) await expect(write).rejects.toBeInstanceOf(StoreFailedError)
    failing.now = false
    await expect(store.create({ content: 'later', completed: false })).rejects.toBeInstanceOf(
      StoreFailedError,
    )
    // The memory holds the rejected changes: reads refuse too rather than show them.
    expect(() => store.list()).toThrow(StoreFailedError)
    expect(() => store.get(kept.id)).toThrow(StoreFailedError)
    expect(() => store.revision).toThrow(StoreFailedError)
    await store.close()

    // The rejected batch reached the file before its fsync failed, so it may or may not be
    // there after a restart (like any write whose answer was an error); the acknowledged one is.
    const reopened = await FileStore.open(path)
    expect(reopened.get(kept.id)?.id).toBe(kept.id)
    expect(reopened.list().length).toBeGreaterThanOrEqual(1)
    await reopened.close()
  })
})

describe('FileStore compaction', () => {
  it('moves the journal into a new snapshot while writes go on, and deletes the old journal', async () => {
    const { fs, counts } = countingFs()
    const store = await FileStore.open(path, { fs, compactionMinBytes: 1_000 })
    for (let index = 0; index < 60; index++) {
      await store.create({ content: `todo ${index}`, completed: index % 2 === 0 })
      if (index % 3 === 0) await store.delete(index + 1)
    }
    const expected = store.list().slice()
    const snapshot = JSON.parse(await fsp.readFile(path, 'utf8'))
    expect(snapshot.seq).toBeGreaterThan(0)
    expect(counts.datasync).toBe(80)
    await store.close()

    expect(await filesInDirectory()).toEqual(['todos.json'])
    const closed = JSON.parse(await fsp.readFile(path, 'utf8'))
    expect(closed).toMatchObject({
      format: 'todokit-snapshot',
      seq: 80,
      nextId: 61,
      todos: expected,
    })
    const reopened = await FileStore.open(path)
    expect(reopened.list()).toEqual(expected)
    await reopened.close()
  })

  it('leaves files a reopen recovers completely at every point of a compaction', async () => {
    // Before each step that changes the directory (create, rename, delete a file), copy the
    // data files as a crash at that instant would leave them. The store awaits each step, so
    // every copy is one consistent moment.
    const images: string[] = []
    let capturing = false
    const captureThen =
      <A extends unknown[], R>(step: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        if (capturing) {
          const image = join(directory, `crash-${images.length}`)
          await fsp.mkdir(image)
          for (const name of await fsp.readdir(directory)) {
            if (name.startsWith('todos.json') && name !== 'todos.json.lock') {
              await fsp.copyFile(join(directory, name), join(image, name))
            }
          }
          images.push(image)
        }
        return step(...args)
      }
    const fs: FileStoreFs = {
      ...fsp,
      open: captureThen(fsp.open),
      rename: captureThen(fsp.rename),
      unlink: captureThen(fsp.unlink),
    }
    const store = await FileStore.open(path, { fs, compactionMinBytes: 200 })
    for (let index = 0; index < 20; index++) {
      await store.create({ content: `todo ${index}`, completed: index % 2 === 0 })
    }
    await store.update(3, { content: 'changed' })
    await store.delete(4)
    const expected = store.list().slice()
    // Every write is acknowledged; close() compacts the rest of the journal into the snapshot.
    capturing = true
    await store.close()
    capturing = false

    expect(images.length).toBeGreaterThanOrEqual(4)
    for (const image of images) {
      const recovered = await FileStore.open(join(image, 'todos.json'))
      expect(recovered.list(), image).toEqual(expected)
      await recovered.close()
    }
  })

  it('keeps working when a compaction fails, and loses nothing', async () => {
    await writeSnapshot(0, 1, [])
    const errors: Error[] = []
    const fs: FileStoreFs = {
      ...fsp,
      rename: () =>
        Promise.reject(Object.assign(new Error('ENOSPC: no space left'), { code: 'ENOSPC' })),
    }
    const store = await FileStore.open(path, {
      fs,
      compactionMinBytes: 300,
      onCompactionError: (error) => errors.push(error),
    })
    for (let index = 0; index < 20; index++)
      await store.create({ content: `todo ${index}`, completed: false })
    expect(errors.length).toBeGreaterThan(0)
    expect(errors[0]?.message).toMatch('ENOSPC')
    expect(await filesInDirectory()).not.toContain('todos.json.tmp')
    const expected = store.list().slice()
    await expect(store.close()).rejects.toThrow('ENOSPC')

    const reopened = await FileStore.open(path)
    expect(reopened.list()).toEqual(expected)
    await reopened.close()
  })

  it('skips journal changes that the snapshot already includes', async () => {
    // A crash after the new snapshot was renamed into place, before the old journal was deleted.
    await writeSnapshot(3, 3, [todo(1, 'changed', true)])
    await writeJournal(1, [
      { seq: 1, op: 'create', todo: todo(1) },
      { seq: 2, op: 'create', todo: todo(2) },
      { seq: 3, op: 'delete', id: 2 },
    ])
    await writeJournal(2, [
      { seq: 4, op: 'put', todo: todo(1, 'again', false) },
      { seq: 5, op: 'create', todo: todo(3) },
    ])
    const store = await FileStore.open(path)
    expect(store.list()).toEqual([todo(1, 'again'), todo(3)])
    expect(store.revision).toBe(5)
    await store.close()
  })
})

describe('FileStore recovery from damage', () => {
  it('discards an incomplete last journal line, which was never acknowledged', async () => {
    await writeSnapshot(0, 1, [])
    const torn = encodeJournalRecord({ seq: 2, op: 'create', todo: todo(2) }).slice(0, 25)
    await writeJournal(1, [{ seq: 1, op: 'create', todo: todo(1) }], torn)
    const store = await FileStore.open(path)
    expect(store.list()).toEqual([todo(1)])
    await store.create({ content: 'after', completed: false })
    await store.close()

    const reopened = await FileStore.open(path)
    expect(reopened.list()).toEqual([todo(1), todo(2, 'after')])
    await reopened.close()
  })

  it('refuses a damaged line in the middle of a journal, naming the file and line', async () => {
    await writeSnapshot(0, 1, [])
    const lines = [1, 2, 3].map((id) =>
      encodeJournalRecord({ seq: id, op: 'create', todo: todo(id) }),
    )
    lines[1] = (lines[1] as string).replace('todo 2', 'todo 7')
    await fsp.writeFile(`${path}.journal.1`, lines.join(''))

    const error = await FileStore.open(path).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DataFileError)
    expect((error as DataFileError).message).toMatch(`${path}.journal.1:2: checksum mismatch`)
    expect(await fsp.readFile(`${path}.journal.1`, 'utf8')).toBe(lines.join(''))
  })

  it('refuses a complete last line that fails its check', async () => {
    await writeSnapshot(0, 1, [])
    await writeJournal(1, [{ seq: 1, op: 'create', todo: todo(1) }], 'garbage\n')
    await expect(FileStore.open(path)).rejects.toThrow(`${path}.journal.1:2: not a journal record`)
  })

  it('refuses an incomplete line in a journal that a newer one follows', async () => {
    await writeSnapshot(0, 1, [])
    await writeJournal(1, [{ seq: 1, op: 'create', todo: todo(1) }], '{"seq":2')
    await writeJournal(2, [{ seq: 2, op: 'create', todo: todo(2) }])
    await expect(FileStore.open(path)).rejects.toThrow(`${path}.journal.1:2: incomplete last line`)
  })

  it('refuses a journal with missing changes', async () => {
    await writeSnapshot(1, 2, [todo(1)])
    await writeJournal(1, [{ seq: 3, op: 'create', todo: todo(3) }])
    await expect(FileStore.open(path)).rejects.toThrow(
      `${path}.journal.1:1: change 3 follows the snapshot's change 1`,
    )
  })

  it('refuses a journal change that does not apply', async () => {
    await writeSnapshot(1, 2, [todo(1)])
    await writeJournal(1, [{ seq: 2, op: 'create', todo: todo(1) }])
    await expect(FileStore.open(path)).rejects.toThrow(
      `${path}.journal.1:1: creates todo 1, which already exists`,
    )
  })

  it('refuses a snapshot that is not JSON, naming the line, and leaves it untouched', async () => {
    const text = '{\n  "todos": [\n    {"id": 1, "content": "a", "completed": false},\n  ]\n}\n'
    await fsp.writeFile(path, text)
    const error = await FileStore.open(path).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DataFileError)
    expect((error as DataFileError).line).toBe(4)
    expect((error as Error).message).toMatch(`${path}:4: not valid JSON`)
    expect(await fsp.readFile(path, 'utf8')).toBe(text)
    expect(await filesInDirectory()).toEqual(['todos.json'])
  })

  it('refuses a snapshot whose todo breaks the contract, naming its line and field', async () => {
    await fsp.writeFile(
      path,
      '{\n  "todos": [\n    {"id": 1, "content": "a", "completed": false},\n    {"id": 2, "content": "b", "completed": "yes"}\n  ]\n}\n',
    )
    await expect(FileStore.open(path)).rejects.toThrow(
      `${path}:4: not a todokit snapshot: /todos/1/completed`,
    )
  })

  it('refuses an empty data file rather than starting empty over it', async () => {
    await fsp.writeFile(path, '')
    await expect(FileStore.open(path)).rejects.toBeInstanceOf(DataFileError)
  })

  it('refuses a snapshot with a duplicate id', async () => {
    await fsp.writeFile(path, JSON.stringify({ todos: [todo(1), todo(1)] }))
    await expect(FileStore.open(path)).rejects.toThrow('todo id 1 appears twice')
  })
})

describe('FileStore lock', () => {
  it('refuses a data file another store has open', async () => {
    const store = await FileStore.open(path)
    await expect(FileStore.open(path)).rejects.toThrow(`${path} is in use by this process`)
    await store.close()
    const again = await FileStore.open(path)
    await again.close()
  })

  it('takes over the lock of a process that no longer runs', async () => {
    await fsp.writeFile(`${path}.lock`, '2147483646\n')
    const store = await FileStore.open(path)
    expect(await fsp.readFile(`${path}.lock`, 'utf8')).toBe(`${process.pid}\n`)
    await store.close()
    expect(await filesInDirectory()).toEqual(['todos.json'])
  })

  it('rejects writes after close', async () => {
    const store = await FileStore.open(path)
    await store.close()
    await expect(store.create({ content: 'a', completed: false })).rejects.toThrow(
      'The store is closed',
    )
  })
})
