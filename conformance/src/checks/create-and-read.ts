import { COLLECTION_PATH, endpoints, Todo, TodoList, todoPath } from '@todokit/sdk/contract'
import { isErrorType } from '@todokit/sdk/internal'
import type { Check } from '../check.ts'
import { curlCommand } from '../http/curl.ts'
import { CheckFailure, CheckInconclusive, ensure } from '../run/assert.ts'
import { expectBody, expectFields, expectStatus, requestLine } from '../run/expect.ts'
import { isSameRecord } from './same-record.ts'

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
      const sent = { content: ctx.content('created'), completed: true }
      const response = await ctx.todos.post(sent)
      expectStatus(response, endpoints.create.success)
      const todo = expectBody(response, Todo, 'a todo object')
      expectFields(todo, sent, 'the POST response is not the sent todo')
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
    id: 'create.server-assigned-id',
    title:
      'A todo created without an id gets one, and is returned by GET /todos/{id} and GET /todos',
    level: 'required',
    rule: 'rule.created-is-readable',
    async run(ctx) {
      const created = await ctx.todos.createJudged({
        content: ctx.content('server id'),
        id: 'server',
      })
      expectFields(await ctx.todos.get(created.id), created, `GET /todos/${created.id}`)
      ensure(
        (await ctx.todos.list()).some(isSameRecord(created)),
        `todo ${created.id} is missing from GET /todos`,
        { expected: created, actual: 'not listed' },
      )
    },
  },
  {
    id: 'create.without-completed',
    title: 'A create that leaves out completed, if accepted, stores a boolean completed',
    level: 'required',
    rule: 'todo.fields',
    async run(ctx) {
      const id = await ctx.todos.unusedId()
      const response = await ctx.http.request('POST', COLLECTION_PATH, {
        json: { id, content: ctx.content('no completed') },
      })
      if (response.status >= 400 && response.status < 500) return // requiring it is a choice
      expectStatus(response, endpoints.create.success)
      const created = expectBody(response, Todo, 'a todo object with all three fields')
      const read = await ctx.http.request('GET', todoPath(created.id))
      expectBody(read, Todo, 'a todo object with all three fields')
    },
  },
  {
    id: 'create.distinct-ids',
    title: 'POST never hands out an id another record holds (over the whole run)',
    level: 'required',
    rule: 'endpoint.create',
    alsoVerifies: ['todo.fields'],
    judgesTheRun: true,
    async run(ctx) {
      // Two more creates without an id, unless the run already knows the answer.
      if (ctx.run.ledger.duplicates.length === 0 && ctx.run.idAssignment !== 'refuses') {
        try {
          await ctx.todos.createAll([
            { content: ctx.content('first'), id: 'server' },
            { content: ctx.content('second'), id: 'server' },
          ])
        } catch (error) {
          if (!isErrorType(error, CheckInconclusive)) throw error
        }
      }
      const [first] = ctx.run.ledger.duplicates
      if (first === undefined) return
      const all = ctx.run.ledger.duplicates.map((d) => d.id)
      throw new CheckFailure(
        `${requestLine(first)} answered id ${first.id}, already held by ${first.heldBy}`,
        {
          expected: 'an id no other record holds',
          actual: `ids handed out twice: ${all.join(', ')}; ${curlCommand(first.exchange)}`,
        },
      )
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
      const todos = [
        await ctx.todos.createJudged({ content: ctx.content('done'), completed: true }),
        await ctx.todos.createJudged({ content: ctx.content('open'), completed: false }),
      ]
      for (const todo of todos) {
        const read = await ctx.todos.get(todo.id)
        expectFields(read, todo, `GET /todos/${todo.id} changed the record`)
      }
    },
  },
]
