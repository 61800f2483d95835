// Mistakes the generated types must refuse: each line marked `mistake` fails to type-check.
import { listTodos, updateTodo } from './hey-api/sdk.gen'

export const mistakes = [
  updateTodo({ path: { id: 1 }, body: {} }), // mistake: empty PATCH
  listTodos({ query: { order: ['title'] } }), // mistake: not a sort key
  listTodos({ query: { order: 'title' } }), // mistake: not a sort key
  listTodos({ query: { completed: 'false' } }), // mistake: text, not a boolean
]
