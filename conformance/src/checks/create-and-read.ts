import { COLLECTION_PATH, endpoints, TodoList } from '@todokit/sdk/contract'
import type { Check } from '../check.ts'
import { ensure } from '../run/assert.ts'
import { expectBody, expectFields, expectStatus } from '../run/expect.ts'

/** Required checks for the collection: list, create, and reading a created record back. */
export const createAndReadChecks: readonly Check[] = [
  {
    id: 'list.returns-array',
    title: 'GET /todos answers 200 with a JSON array of todo objects',
    level: 'required',
    rule: 'endpoint.list',
    alsoVerifies: ['design.plural-collections'],
    async run(ctx) {
      const response = await ctx.http.request('GET', COLLECTION_PATH)
      expectStatus(response, endpoints.list.success)
      expectBody(response, TodoList, 'a JSON array of todos')
    },
  },
  {
    id: 'create.returns-stored-todo',
    title: 'POST /todos answers 200 or 201 with the stored todo',
    level: 'required',
    rule: 'endpoint.create',
    alsoVerifies: ['design.method-is-action', 'endpoint.json'],
    async run(ctx) {
      const content = ctx.content('created')
      const todo = await ctx.todos.create({ content, completed: true })
      expectFields(todo, { content, completed: true }, 'the POST response is not the sent todo')
    },
  },
  {
    id: 'create.appears-in-list',
    title: 'A created todo is returned by GET /todos',
    level: 'required',
    rule: 'rule.created-is-readable',
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('listed') })
      const listed = (await ctx.todos.list()).find((todo) => todo.id === created.id)
      ensure(listed !== undefined, `todo ${created.id} is missing from GET /todos`, {
        expected: `a record with id ${created.id}`,
        actual: 'no such record in the list',
      })
      expectFields(listed, created, `GET /todos shows todo ${created.id} differently`)
    },
  },
  {
    id: 'create.readable-by-id',
    title: 'A created todo is returned by GET /todos/{id}',
    level: 'required',
    rule: 'rule.created-is-readable',
    alsoVerifies: ['endpoint.get'],
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('by id'), completed: true })
      const read = await ctx.todos.get(created.id)
      expectFields(read, created, `GET /todos/${created.id} differs from the created todo`)
    },
  },
  {
    id: 'get.returns-requested-record',
    title: 'GET /todos/{id} returns the record with that id, not another',
    level: 'required',
    rule: 'endpoint.get',
    async run(ctx) {
      const [first, second] = await ctx.todos.createAll([
        { content: ctx.content('first') },
        { content: ctx.content('second'), completed: true },
      ])
      for (const todo of [second!, first!]) {
        expectFields(
          await ctx.todos.get(todo.id),
          todo,
          `GET /todos/${todo.id} returned another record`,
        )
      }
    },
  },
  {
    id: 'todo.field-types',
    title: 'Todos are JSON objects with an integer id, a string content and a boolean completed',
    level: 'required',
    rule: 'todo.fields',
    async run(ctx) {
      // Both values of completed: a server that stores it as a string shows it on one of them.
      const todos = await ctx.todos.createAll([
        { content: ctx.content('done'), completed: true },
        { content: ctx.content('open'), completed: false },
      ])
      for (const todo of todos) {
        const read = await ctx.todos.get(todo.id)
        expectFields(read, todo, `GET /todos/${todo.id} changed the record`)
      }
    },
  },
]
