// Mistakes the generated types must refuse: each line marked `mistake` fails to type-check.
import createClient from 'openapi-fetch'
import type { paths } from './openapi-typescript.gen.ts'

const client = createClient<paths>({ baseUrl: 'http://localhost:3000' })
export const mistakes = [
  client.PATCH('/todos/{id}', { params: { path: { id: 1 } }, body: {} }), // mistake: empty PATCH
  client.GET('/todos', { params: { query: { order: ['title'] } } }), // mistake: not a sort key
  client.GET('/todos', { params: { query: { order: 'title' } } }), // mistake: not a sort key
  client.GET('/todos', { params: { query: { completed: 'false' } } }), // mistake: text, not a boolean
]
