import * as z from 'zod/mini'
import { TODO_SHAPE } from '../contract/todo.ts'

/**
 * What zod finds wrong with a success body, checked as an array of `Todo` for a list (an item's
 * issues start with its index) and as a `Todo` otherwise: exactly the issues `TodoList` and
 * `Todo` give. The checks go field by field through `TODO_SHAPE` rather than through `Todo` or
 * `TodoList`: the object schema builds a copy of every todo it checks, which a list pays for in
 * garbage, and the bundle then leaves out zod's object and array schemas. A body of the wrong
 * kind gets the issue those schemas would give, with zod's default message.
 */
export function checkBody(body: unknown, list: boolean): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = []
  if (!list) checkTodo(body, [], issues)
  else if (!Array.isArray(body)) issues.push(wrongKind('array', []))
  else for (const [index, item] of body.entries()) checkTodo(item, [index], issues)
  return issues
}

const todoFields = Object.entries(TODO_SHAPE)

/** Adds to `issues` what zod finds wrong with `value`, found at `path`, as a `Todo`. */
function checkTodo(value: unknown, path: PropertyKey[], issues: z.core.$ZodIssue[]): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push(wrongKind('object', path))
    return
  }
  for (const [key, field] of todoFields) {
    const { error } = z.safeParse(field, Reflect.get(value, key))
    for (const issue of error?.issues ?? []) {
      issues.push({ ...issue, path: [...path, key, ...issue.path] })
    }
  }
}

/** The issue zod gives a value at `path` that is not the JSON kind `expected`. */
const wrongKind = (expected: 'array' | 'object', path: PropertyKey[]): z.core.$ZodIssue => ({
  code: 'invalid_type',
  expected,
  path,
  message: 'Invalid input',
})
