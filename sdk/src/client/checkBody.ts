import * as z from 'zod/mini'
import { Todo, TodoList } from '../contract/todo.ts'

/**
 * What zod finds wrong with a success body, checked against `TodoList` for a list and `Todo`
 * otherwise (an item's issues start with its index).
 */
export function checkBody(body: unknown, list: boolean): z.core.$ZodIssue[] {
  const result = list ? z.safeParse(TodoList, body) : z.safeParse(Todo, body)
  return result.error?.issues ?? []
}
