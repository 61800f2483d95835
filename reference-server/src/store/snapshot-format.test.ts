import { describe, expect, it } from 'vitest'
import { decodeSnapshot, encodeSnapshot } from './snapshot-format.ts'

const todos = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    content: `todo "${index}"\n`,
    completed: index % 2 === 0,
  }))

describe('snapshot format', () => {
  it.each([0, 1, 2_000, 2_001, 4_500])(
    'reads back a snapshot of %i todos written in chunks',
    (count) => {
      const data = { seq: 7, nextId: count + 5, todos: todos(count) }
      const text = [...encodeSnapshot(data)].join('')
      expect(JSON.parse(text)).toEqual({ format: 'todokit-snapshot', version: 1, ...data })
      expect(decodeSnapshot(text, 'todos.json')).toEqual(data)
    },
  )

  it('writes one todo per line', () => {
    const text = [...encodeSnapshot({ seq: 2, nextId: 3, todos: todos(2) })].join('')
    expect(text.split('\n').filter((line) => line.trim().startsWith('{"id"'))).toHaveLength(2)
  })

  it('refuses unknown keys, which would otherwise be lost silently', () => {
    expect(() => decodeSnapshot('{"todos": [], "nextid": 4}', 'todos.json')).toThrow(
      'todos.json: not a todokit snapshot: /nextid: Unknown field "nextid"',
    )
  })
})
