import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SqliteStore } from '../src/store/sqlite-store.ts'
import { killChildren, startChild } from './child.ts'
import { killUnderPostLoad } from './floor/kill.ts'

const storeWriter = fileURLToPath(new URL('./fixtures/store-writer.ts', import.meta.url))

let directory: string
let path: string

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'todokit-crash-'))
  path = join(directory, 'todos.db')
})

/** Each test starts Node processes several times; on a busy machine that takes seconds. */
const TIMEOUT = { timeout: 20_000 }

afterEach(async () => {
  await killChildren()
  await rm(directory, { recursive: true, force: true })
})

/** A random number of acknowledged writes to wait for before the kill, different each round. */
const killAfter = () => 200 + Math.floor(Math.random() * 1_500)

/** What the writer's acknowledged lines say about each todo: its content and its last step. */
function acknowledged(lines: readonly string[]) {
  const todos = new Map<number, { content: string; step: 'create' | 'update' | 'delete' }>()
  for (const line of lines) {
    const [step, id, content] = line.split(' ')
    if (step === 'create') todos.set(Number(id), { content: content as string, step })
    else if (step === 'update' || step === 'delete') {
      const todo = todos.get(Number(id))
      if (todo) todo.step = step
    }
  }
  return todos
}

/**
 * Checks the reopened store against the acknowledged steps. At most the one step after the
 * last acknowledged one was in flight per todo, and it may or may not have reached the disk.
 */
async function expectAcknowledgedWrites(
  store: SqliteStore,
  todos: ReturnType<typeof acknowledged>,
  round: number,
) {
  for (const [id, { content, step }] of todos) {
    const found = store.get(id)
    const where = `round ${round}, todo ${id} (last acknowledged: ${step})`
    if (step === 'delete') {
      expect(found, where).toBeUndefined()
    } else if (step === 'update' && id % 3 === 0 && found === undefined) {
      // Its delete was in flight.
    } else {
      expect(found, where).toMatchObject({ id, content })
      if (step === 'update') expect(found?.completed, where).toBe(true)
    }
  }
  for await (const batch of store.list()) {
    for (const todo of batch) expect(todo.content).toMatch(/^r\d+-\d+$/)
  }
}

describe('SqliteStore killed with SIGKILL under write load', () => {
  it('keeps every acknowledged write and never reuses an acknowledged id', TIMEOUT, async () => {
    const seenIds = new Set<number>()
    for (let round = 1; round <= 4; round++) {
      const child = startChild(storeWriter, [path, `r${round}`])
      const target = killAfter()
      await child.waitForLine((_, count) => count > target)
      await child.kill()

      const todos = acknowledged(child.lines)
      expect(todos.size).toBeGreaterThan(0)
      for (const id of todos.keys()) {
        expect(seenIds.has(id), `round ${round} reused id ${id}`).toBe(false)
        seenIds.add(id)
      }
      const store = await SqliteStore.open(path)
      await expectAcknowledgedWrites(store, todos, round)
      await store.close()
    }
  })
})

describe('todokit-server --data killed with SIGKILL under POST load', () => {
  it('keeps every todo whose POST was answered 201, as it was answered', TIMEOUT, async () => {
    const result = await killUnderPostLoad(path, { kills: 3 })
    expect(result.acknowledged).toBeGreaterThan(0)
    expect(result.lost).toEqual([])
  })
})
