// The same program on the client @hey-api/openapi-ts generates from the served document. It
// sets no base URL: the document's server URL (the server's public URL) is the one to call.
import { createTodo, deleteTodo, listTodos, updateTodo } from './hey-api/sdk.gen'

export async function run() {
  const milk = await createTodo({ body: { content: 'Buy milk' } })
  const dog = await createTodo({ body: { content: 'Walk the dog', completed: true } })
  if (milk.data === undefined || dog.data === undefined) throw new Error('create failed')
  const id: number = milk.data.id
  const open = await listTodos({
    query: { completed: false, order: ['-completed', 'id'], limit: 10 },
  })
  const byId = await listTodos({ query: { id } })
  const sorted = await listTodos({ query: { order: ['-completed', '-id'] } })
  const done = await updateTodo({ path: { id }, body: { completed: true } })
  const deleted = await deleteTodo({ path: { id: dog.data.id } })
  return {
    created: [milk.response?.status, milk.data.completed],
    open: open.data?.map((todo) => todo.content),
    byId: byId.data?.map((todo) => todo.id),
    sorted: sorted.data?.map((todo) => todo.id),
    done: done.data?.completed,
    deleted: deleted.response?.status,
  }
}
