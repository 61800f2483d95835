import { type Todo, todoPath } from '@todokit/sdk/contract'
import type { Check } from '../check.ts'
import { ensure } from '../run/assert.ts'
import { expectFields } from '../run/expect.ts'
import { isSameRecord } from './same-record.ts'

/** Required checks for PUT, PATCH and DELETE on records the check created. */
export const changeAndDeleteChecks: readonly Check[] = [
  {
    id: 'put.replaces-record',
    title: 'PUT /todos/{id} with the complete record answers 200 with the replaced todo',
    level: 'required',
    rule: 'endpoint.replace',
    alsoVerifies: ['rule.put-complete-record', 'design.method-is-action'],
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('before put') })
      const replacement = { id: created.id, content: ctx.content('after put'), completed: true }
      const replaced = await ctx.todos.replace(replacement)
      expectFields(replaced, replacement, 'the PUT response is not the replacement')
    },
  },
  {
    id: 'put.persists',
    title: 'After PUT, GET /todos/{id} and GET /todos show the replacement',
    level: 'required',
    rule: 'endpoint.replace',
    async run(ctx) {
      const created = await ctx.todos.create({
        content: ctx.content('before put'),
        completed: true,
      })
      const replacement = { id: created.id, content: ctx.content('after put'), completed: false }
      await ctx.todos.replace(replacement)
      expectFields(await ctx.todos.get(created.id), replacement, 'GET /todos/{id} after PUT')
      const listed = (await ctx.todos.list()).find((todo) => todo.id === created.id)
      expectFields(listed, replacement, 'GET /todos after PUT')
    },
  },
  {
    id: 'patch.keeps-unsent-fields',
    title: 'PATCH leaves the fields it did not send as they were',
    level: 'required',
    rule: 'rule.patch-keeps-unsent',
    alsoVerifies: ['state.patch-completed'],
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('kept') })
      // Each PATCH is judged against what GET showed just before it, so a PATCH that was not
      // applied (patch.applies-sent-fields) is not charged to this rule as well.
      const steps: Array<[Partial<Omit<Todo, 'id'>>, 'content' | 'completed']> = [
        [{ completed: true }, 'content'],
        [{ content: ctx.content('renamed') }, 'completed'],
        [{ completed: false }, 'content'],
      ]
      for (const [fields, unsent] of steps) {
        const before = await ctx.todos.get(created.id)
        const answered = await ctx.todos.update(created.id, fields)
        const kept = { [unsent]: before[unsent] }
        const sent = JSON.stringify(fields)
        expectFields(answered, kept, `PATCH ${sent} response changed ${unsent}`)
        expectFields(
          await ctx.todos.get(created.id),
          kept,
          `PATCH ${sent} changed the stored ${unsent}`,
        )
      }
    },
  },
  {
    id: 'patch.applies-sent-fields',
    title: 'PATCH /todos/{id} answers 200 with the sent fields applied, and stores them',
    level: 'required',
    rule: 'endpoint.update',
    alsoVerifies: ['state.patch-completed', 'design.method-is-action'],
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('to patch') })
      // Both directions of completed, content alone and both fields: a PATCH that only ever
      // sets completed to true cannot tell "applied" from "sets true whatever it is sent".
      const patches: Array<Partial<Omit<Todo, 'id'>>> = [
        { completed: true },
        { completed: false },
        { content: ctx.content('patched') },
        { content: ctx.content('patched again'), completed: true },
      ]
      for (const fields of patches) {
        const updated = await ctx.todos.update(created.id, fields)
        const what = `PATCH ${JSON.stringify(fields)}`
        expectFields(updated, { id: created.id, ...fields }, `the response to ${what}`)
        expectFields(await ctx.todos.get(created.id), fields, `GET /todos/{id} after ${what}`)
      }
    },
  },
  {
    id: 'delete.succeeds',
    title: 'DELETE /todos/{id} answers 200 (any body)',
    level: 'required',
    rule: 'endpoint.delete',
    alsoVerifies: ['design.method-is-action'],
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('to delete') })
      await ctx.todos.remove(created.id)
    },
  },
  {
    id: 'delete.removes-from-list',
    title: 'After DELETE the todo is absent from GET /todos',
    level: 'required',
    rule: 'rule.deleted-is-absent',
    alsoVerifies: ['endpoint.delete'],
    async run(ctx) {
      const [kept, removed] = await ctx.todos.createAll([
        { content: ctx.content('kept') },
        { content: ctx.content('removed') },
      ])
      await ctx.todos.removeForEffect(removed!.id)
      const list = await ctx.todos.list()
      // Matched on id and content: a server may give a freed id to the next record created.
      ensure(
        !list.some(isSameRecord(removed!)),
        `deleted todo ${removed!.id} is still in GET /todos`,
        {
          expected: `no record with id ${removed!.id} and content ${JSON.stringify(removed!.content)}`,
          actual: 'the record is listed',
        },
      )
      ensure(
        list.some(isSameRecord(kept!)),
        `DELETE of ${removed!.id} also removed todo ${kept!.id}`,
        {
          expected: `todo ${kept!.id} still listed`,
          actual: 'missing',
        },
      )
    },
  },
  {
    id: 'delete.removes-by-id',
    title: 'After DELETE, GET /todos/{id} no longer returns the todo',
    level: 'required',
    rule: 'rule.deleted-is-absent',
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('removed') })
      await ctx.todos.removeForEffect(created.id)
      const response = await ctx.http.request('GET', todoPath(created.id))
      // A 200 with another record is fine: a server may give a freed id to the next record.
      const stillThere = response.status < 400 && isSameRecord(created)(response.json)
      ensure(!stillThere, `GET /todos/${created.id} still answers the todo after DELETE`, {
        expected: 'an error status (404), or another record that took the freed id',
        actual: `${response.status} ${response.statusText} with the deleted todo`,
      })
    },
  },
]
