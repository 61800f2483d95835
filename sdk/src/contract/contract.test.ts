import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  TODO_PATCHABLE_FIELDS,
  TodoCreate,
  TodoIdText,
  TodoPatch,
  TodoReplace,
  todoIdFromText,
} from './inputs.ts'
import { MAX_CONTENT_LENGTH } from './limits.ts'
import { OrderKey, TodoListQuery } from './list-query.ts'
import { COLLECTION_PATH, RECORD_PATH, todoPath } from './operations.ts'
import { TODO_FIELDS, Todo } from './todo.ts'

describe('Todo', () => {
  it('keeps extra fields a server adds, reachable at runtime', () => {
    expect(Todo.parse({ id: 1, content: 'a', completed: false, owner: 'x' })).toEqual({
      id: 1,
      content: 'a',
      completed: false,
      owner: 'x',
    })
  })
  it('rejects a string where completed must be a boolean', () => {
    expect(Todo.safeParse({ id: 1, content: 'a', completed: 'yes' }).success).toBe(false)
  })
  it('rejects a fractional id, and one beyond the integers JavaScript represents exactly', () => {
    for (const id of [1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, '1']) {
      expect(Todo.safeParse({ id, content: 'a', completed: false }).success, String(id)).toBe(false)
    }
    expect(Todo.safeParse({ id: -(2 ** 53 - 1), content: 'a', completed: false }).success).toBe(
      true,
    )
  })
  it('gives a fractional id the issue z.int() gives', () => {
    const { issues } = z.safeParse(Todo, { id: 1.5, content: 'a', completed: false }).error ?? {}
    expect(issues).toEqual(z.safeParse(z.object({ id: z.int() }), { id: 1.5 }).error?.issues)
  })
  it('says in JSON Schema that an id is an integer', () => {
    expect(z.toJSONSchema(Todo).properties?.id).toMatchObject({ type: 'integer' })
  })
})

describe('TodoCreate', () => {
  it('defaults completed to false and leaves id to the server', () => {
    expect(TodoCreate.parse({ content: 'Buy milk' })).toEqual({
      content: 'Buy milk',
      completed: false,
    })
  })
  it('rejects unknown keys', () => {
    const result = TodoCreate.safeParse({ content: 'a', done: true })
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys')
  })
  it('rejects empty and over-long content', () => {
    expect(TodoCreate.safeParse({ content: '' }).success).toBe(false)
    expect(TodoCreate.safeParse({ content: 'x'.repeat(MAX_CONTENT_LENGTH + 1) }).success).toBe(
      false,
    )
    expect(TodoCreate.safeParse({ content: 'x'.repeat(MAX_CONTENT_LENGTH) }).success).toBe(true)
  })
  it('rejects ids that are not positive safe integers', () => {
    for (const id of [0, -1, 1.5, 2 ** 53, '1']) {
      expect(TodoCreate.safeParse({ id, content: 'a' }).success, String(id)).toBe(false)
    }
  })
})

describe('TodoReplace', () => {
  it('requires every field', () => {
    expect(TodoReplace.safeParse({ id: 1, content: 'a' }).success).toBe(false)
    expect(TodoReplace.safeParse({ id: 1, content: 'a', completed: true }).success).toBe(true)
  })
})

describe('TodoPatch', () => {
  it('accepts completed alone', () => {
    expect(TodoPatch.parse({ completed: true })).toEqual({ completed: true })
  })
  it('rejects an empty patch', () => {
    expect(TodoPatch.safeParse({}).success).toBe(false)
  })
  it('rejects an id, which never changes', () => {
    expect(TodoPatch.safeParse({ id: 2, completed: true }).success).toBe(false)
  })
})

describe('TodoListQuery', () => {
  it('decodes wire strings into typed values', () => {
    expect(
      z.decode(TodoListQuery, { id: '7', completed: 'false', q: 'milk', order: 'completed,-id' }),
    ).toEqual({ id: 7, completed: false, q: 'milk', order: ['completed', '-id'] })
  })
  it('encodes typed values back into wire strings', () => {
    expect(z.encode(TodoListQuery, { completed: true, order: ['-content'] })).toEqual({
      completed: 'true',
      order: '-content',
    })
  })
  it.each([
    [{ completed: 'yes' }, 'completed'],
    [{ id: '1.5' }, 'id'],
    [{ id: '0' }, 'id'],
    [{ order: 'title' }, 'order'],
    [{ order: 'id,-id' }, 'order'],
    [{ order: '' }, 'order'],
  ])('rejects %o at %s', (input, field) => {
    const result = z.safeDecode(TodoListQuery, input as Record<string, string>)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path[0]).toBe(field)
  })
  it('rejects unknown parameters such as json-server _sort', () => {
    expect(z.safeDecode(TodoListQuery, { _sort: 'id' } as never).success).toBe(false)
  })
})

describe('TodoIdText', () => {
  it('decodes the one decimal spelling of an id, for paths and queries alike', () => {
    expect(z.decode(TodoIdText, '7')).toBe(7)
    expect(z.encode(TodoIdText, 7)).toBe('7')
    expect(z.decode(TodoListQuery, { id: '7' }).id).toBe(7)
  })
  it.each(['0', '07', '+7', '-7', '1.0', '1e0', ' 7', '9007199254740992'])('refuses %j', (text) => {
    expect(z.safeDecode(TodoIdText, text).success).toBe(false)
    expect(z.safeDecode(TodoListQuery, { id: text }).success).toBe(false)
  })
  it('todoIdFromText reads every text exactly as the codec decodes it', () => {
    const nearIds = fc.oneof(
      fc.bigInt({ min: -1n, max: 2n ** 54n }).map(String),
      fc.constantFrom('9007199254740991', '9007199254740992', '0x1', '1_0', '٣'),
      fc.string({ unit: fc.constantFrom('0', '1', '9', '.', 'e', '+', '-', ' ') }),
    )
    fc.assert(
      fc.property(fc.oneof(nearIds, fc.string()), (text) => {
        const decoded = z.safeDecode(TodoIdText, text)
        expect(todoIdFromText(text)).toBe(decoded.success ? decoded.data : undefined)
      }),
      { numRuns: 2_000 },
    )
  })
})

describe('field lists', () => {
  it('come from the schemas', () => {
    expect(TODO_FIELDS).toEqual(Object.keys(Todo.shape))
    expect(TODO_PATCHABLE_FIELDS).toEqual(['content', 'completed'])
    expect(OrderKey.options).toEqual([
      'id',
      '-id',
      'content',
      '-content',
      'completed',
      '-completed',
    ])
  })
  it('fill the record path template', () => {
    expect(todoPath(42)).toBe('/todos/42')
    expect(RECORD_PATH).toBe(`${COLLECTION_PATH}/{id}`)
  })
})
