// A natural program on a client that openapi-typescript and openapi-fetch generate from the
// reference server's document: typed filters, an order array, a create without completed.
import createClient from 'openapi-fetch'
import type { paths } from './openapi-typescript.gen.ts'

export async function run(baseUrl: string) {
  const client = createClient<paths>({ baseUrl })
  const milk = await client.POST('/todos', { body: { content: 'Buy milk' } })
  const dog = await client.POST('/todos', { body: { content: 'Walk the dog', completed: true } })
  if (milk.data === undefined || dog.data === undefined) throw new Error('create failed')
  const id: number = milk.data.id
  const open = await client.GET('/todos', {
    params: { query: { completed: false, order: ['-completed', 'id'], limit: 10 } },
  })
  const byId = await client.GET('/todos', { params: { query: { id } } })
  const sorted = await client.GET('/todos', { params: { query: { order: ['-completed', '-id'] } } })
  const done = await client.PATCH('/todos/{id}', {
    params: { path: { id } },
    body: { completed: true },
  })
  const deleted = await client.DELETE('/todos/{id}', { params: { path: { id: dog.data.id } } })
  return {
    created: [milk.response.status, milk.data.completed],
    open: open.data?.map((todo) => todo.content),
    byId: byId.data?.map((todo) => todo.id),
    sorted: sorted.data?.map((todo) => todo.id),
    done: done.data?.completed,
    deleted: deleted.response.status,
  }
}
