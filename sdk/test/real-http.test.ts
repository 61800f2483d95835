import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import jsonServer from 'json-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NetworkError, NotFoundError, TodoClient } from '../src/index.ts'
import { startTodoServer, type TodoServer } from './fixtures/todo-server.ts'

/** Runs all six operations against `client` and checks what a conforming server must do. */
async function exerciseAllSixOperations(client: TodoClient): Promise<void> {
  const created = await client.todos.create({ content: 'Buy milk' })
  expect(created).toMatchObject({ content: 'Buy milk', completed: false })
  expect(typeof created.id).toBe('number')

  expect(await client.todos.get(created.id)).toMatchObject(created)
  expect(await client.todos.list()).toContainEqual(created)

  const replaced = await client.todos.replace(created.id, {
    id: created.id,
    content: 'Buy oat milk',
    completed: false,
  })
  expect(replaced).toMatchObject({ id: created.id, content: 'Buy oat milk', completed: false })

  const updated = await client.todos.update(created.id, { completed: true })
  expect(updated).toMatchObject({ id: created.id, content: 'Buy oat milk', completed: true })

  await client.todos.delete(created.id)
  expect((await client.todos.list()).map((todo) => todo.id)).not.toContain(created.id)
  await expect(client.todos.get(created.id)).rejects.toBeInstanceOf(NotFoundError)
}

describe('against a node:http server', () => {
  let server: TodoServer
  beforeAll(async () => {
    server = await startTodoServer()
  })
  afterAll(() => server.close())

  it('performs all six operations', async () => {
    await exerciseAllSixOperations(new TodoClient({ baseUrl: server.baseUrl }))
  })

  it('names the standard reason phrase when the status line has none', async () => {
    const client = new TodoClient({ baseUrl: server.baseUrl })
    const error = await client.todos.get(999).catch((error: unknown) => error)
    expect(error).toBeInstanceOf(NotFoundError)
    expect(error).toMatchObject({
      status: 404,
      statusText: 'Not Found',
      body: { detail: 'No todo has id 999' },
    })
    expect((error as Error).message).toBe(`404 Not Found: GET ${server.baseUrl}/todos/999`)
  })
})

describe('against json-server 0.17.4', () => {
  let server: Server
  let baseUrl: string
  beforeAll(async () => {
    const app = jsonServer.create()
    app.use(...jsonServer.defaults({ logger: false }))
    app.use(jsonServer.router({ todos: [] }))
    server = createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('performs all six operations', async () => {
    await exerciseAllSixOperations(new TodoClient({ baseUrl }))
  })

  it('filters with query parameters', async () => {
    const client = new TodoClient({ baseUrl })
    const done = await client.todos.create({ content: 'Done already', completed: true })
    await client.todos.create({ content: 'Still open' })
    expect(await client.todos.list({ completed: true })).toEqual([done])
    expect(await client.todos.list({ q: 'already' })).toEqual([done])
  })
})

describe('against a closed port', () => {
  it('throws NetworkError after the retries', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as AddressInfo
    await new Promise((resolve) => probe.close(resolve))
    const client = new TodoClient({
      baseUrl: `http://127.0.0.1:${port}`,
      retry: { delay: () => 0 },
    })
    const error = await client.todos.list().catch((error: unknown) => error)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).cause).toBeInstanceOf(Error)
  })
})
