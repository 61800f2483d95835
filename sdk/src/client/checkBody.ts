import * as z from 'zod/mini'
import { Todo } from '../contract/todo.ts'

/**
 * What zod finds wrong with a success body, checked as an array of `Todo` for a list (an item's
 * issues start with its index) and as a `Todo` otherwise. A list's items are checked one by one
 * rather than through `TodoList`, which would bundle zod's array schema for this one check; a
 * list that is no array gets the issue `TodoList` would give, with zod's default message.
 */
export function checkBody(body: unknown, list: boolean): z.core.$ZodIssue[] {
  if (!list) return todoIssues(body)
  if (!Array.isArray(body)) {
    return [{ code: 'invalid_type', expected: 'array', path: [], message: 'Invalid input' }]
  }
  return body.flatMap((item, index) =>
    todoIssues(item).map((issue) => ({ ...issue, path: [index, ...issue.path] })),
  )
}

const todoFields = Object.entries(Todo.shape)

/** What zod finds wrong with `value` as a `Todo`. */
function todoIssues(value: unknown): z.core.$ZodIssue[] {
  // Each field is checked on its own first: the object schema builds a copy of every todo it
  // checks, which a list of many todos pays for in garbage. It runs only to word what is wrong.
  const fieldsHold =
    typeof value === 'object' &&
    value !== null &&
    todoFields.every(([key, field]) => z.safeParse(field, Reflect.get(value, key)).success)
  if (fieldsHold) return []
  return z.safeParse(Todo, value).error?.issues ?? []
}
