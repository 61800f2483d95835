import type { OrderKey } from '@todokit/sdk/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryStore } from './memory-store.ts'

const todos = Array.from({ length: 200 }, (_, index) => ({
  id: index + 1,
  content: `todo ${index % 7}`,
  completed: index % 3 === 0,
}))

async function idsOf(list: ReturnType<MemoryStore['list']>) {
  const ids: number[] = []
  for await (const batch of list) ids.push(...batch.map((todo) => todo.id))
  return ids
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('MemoryStore', () => {
  it('sorts once for orders that differ only after id, until the next write', async () => {
    const store = new MemoryStore(todos)
    const sort = vi.spyOn(Array.prototype, 'sort')
    expect(await idsOf(store.list())).toHaveLength(200)
    const sorts = sort.mock.calls.length
    expect(sorts).toBeGreaterThan(0)
    const orders: OrderKey[][] = [['id'], ['id', 'content']]
    for (const order of orders) expect(await idsOf(store.list({ order }))).toHaveLength(200)
    expect(sort.mock.calls.length).toBe(sorts)
    expect(await idsOf(store.list({ order: ['-id'] }))).toHaveLength(200)
    expect(sort.mock.calls.length).toBeGreaterThan(sorts)

    await store.write((table) => table.remove(1))
    const afterWrite = sort.mock.calls.length
    expect(await idsOf(store.list())).toHaveLength(199)
    expect(sort.mock.calls.length).toBeGreaterThan(afterWrite)
  })
})
