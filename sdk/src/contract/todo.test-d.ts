import { describe, expectTypeOf, it } from 'vitest'
import { type Todo, Todo as TodoSchema } from './todo.ts'

describe('Todo type', () => {
  it('has exactly the contract fields, so a misspelt field is a compile error', () => {
    expectTypeOf<keyof Todo>().toEqualTypeOf<'id' | 'content' | 'completed'>()
    const todo: Todo = { id: 1, content: 'Buy milk', completed: false }
    // @ts-expect-error: a todo has no field "contnet"
    todo.contnet
  })

  it('is what Todo.parse returns', () => {
    const parsed = TodoSchema.parse({ id: 1, content: 'Buy milk', completed: false })
    expectTypeOf(parsed).toEqualTypeOf<Todo>()
    // @ts-expect-error: extra fields are kept at runtime, but not typed
    parsed.owner
  })
})
