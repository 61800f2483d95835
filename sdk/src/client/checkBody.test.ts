import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { Todo, TodoList } from '../contract/todo.ts'
import { checkBody } from './checkBody.ts'

const todo = { id: 1, content: 'Buy milk', completed: false }

describe('checkBody', () => {
  it.each([
    ['a valid list', [todo, { ...todo, id: 2, owner: 'ann' }]],
    ['an empty list', []],
    ['a list with broken items', [todo, { id: 1.5, content: 2 }, 'x', null]],
    ['an object', todo],
    ['a string', 'not json'],
    ['nothing', undefined],
  ])('finds in %s as a list exactly the issues TodoList gives', (_, body) => {
    expect(checkBody(body, true)).toEqual(z.safeParse(TodoList, body).error?.issues ?? [])
  })

  it.each([
    ['a valid todo', todo],
    ['a broken todo', { id: '1', completed: 'no' }],
    ['a list', [todo]],
  ])('finds in %s as one todo exactly the issues Todo gives', (_, body) => {
    expect(checkBody(body, false)).toEqual(z.safeParse(Todo, body).error?.issues ?? [])
  })
})
