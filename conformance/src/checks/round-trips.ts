import { endpoints, Todo } from '@todokit/sdk/contract'
import type { Check } from '../check.ts'
import { ensure } from '../run/assert.ts'
import { expectBody, expectFields, expectStatus } from '../run/expect.ts'
import { isSameRecord } from './same-record.ts'

/** Length of the long content: beyond the 255/1024/2048 limits naive storage often has. */
const LONG_CONTENT_LENGTH = 4_000
/** Several scripts, an emoji outside the BMP, a combining accent and a right-to-left mark. */
const NON_ASCII = 'Grüße, 日本語, Ελληνικά, emoji 🎉👩‍💻, e\u0301, \u200f'
/** Creates sent at once by the parallel check. */
const PARALLEL_CREATES = 8

/** Recommended checks: content survives storage, and concurrent clients do not collide. */
export const roundTripChecks: readonly Check[] = [
  {
    id: 'content.non-ascii-round-trip',
    title: 'Non-ASCII content comes back exactly as sent',
    level: 'recommended',
    rule: 'todo.fields',
    async run(ctx) {
      const content = ctx.content(NON_ASCII)
      const created = await ctx.todos.createJudged({ content })
      expectFields(
        await ctx.todos.get(created.id),
        { content },
        'GET /todos/{id} changed the content',
      )
    },
  },
  {
    id: 'content.long-round-trip',
    title: `Content of ${LONG_CONTENT_LENGTH} characters comes back exactly as sent`,
    level: 'recommended',
    rule: 'todo.fields',
    async run(ctx) {
      const start = ctx.content('long ')
      const content = start.padEnd(LONG_CONTENT_LENGTH, 'abcdefghij')
      const created = await ctx.todos
        .post({ content })
        .then((response) => expectBody(response, Todo, 'a todo object'))
      const read = await ctx.todos.get(created.id)
      ensure(read.content === content, `GET /todos/${created.id} returned other content`, {
        expected: `${content.length} characters`,
        actual: `${read.content.length} characters`,
      })
    },
  },
  {
    id: 'create.parallel-distinct-ids',
    title: `${PARALLEL_CREATES} creates sent at once all succeed, with distinct ids, and all are listed`,
    level: 'recommended',
    rule: 'rule.created-is-readable',
    async run(ctx) {
      // Without ids where the server assigns them: an id counter that races shows only then.
      await ctx.todos.create({ content: ctx.content('assigns ids?'), id: 'server' }).catch(() => {})
      const id = ctx.run.idAssignment === 'assigns' ? ('server' as const) : undefined
      const contents = Array.from({ length: PARALLEL_CREATES }, (_, i) =>
        ctx.content(`parallel ${i}`),
      )
      const created = await Promise.all(
        contents.map(async (content) => {
          const response = await ctx.todos.post({ content, id })
          expectStatus(response, endpoints.create.success)
          return expectBody(response, Todo, 'a todo object')
        }),
      )
      const ids = new Set(created.map((todo) => todo.id))
      ensure(ids.size === created.length, 'parallel creates were given the same id', {
        expected: `${created.length} distinct ids`,
        actual: created.map((todo) => todo.id),
      })
      const listed = await ctx.todos.list()
      const missing = created.filter((todo) => !listed.some(isSameRecord(todo)))
      ensure(
        missing.length === 0,
        `${missing.length} acknowledged creates are missing from GET /todos`,
        {
          expected: created.map((todo) => todo.id),
          actual: `missing: ${missing.map((todo) => todo.id).join(', ')}`,
        },
      )
    },
  },
  {
    id: 'concurrency.patches-of-different-fields',
    title: 'Two PATCHes of different fields of one record, sent at once, both apply',
    level: 'recommended',
    rule: 'rule.patch-keeps-unsent',
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('before'), completed: false })
      const content = ctx.content('after')
      await Promise.all([
        ctx.todos.update(created.id, { content }),
        ctx.todos.update(created.id, { completed: true }),
      ])
      expectFields(
        await ctx.todos.get(created.id),
        { content, completed: true },
        'after two concurrent PATCHes one was lost',
      )
    },
  },
  {
    id: 'concurrency.reads-during-writes',
    title: 'Reads sent while PATCHes are in flight see whole records, never a mix or a gap',
    level: 'recommended',
    rule: 'endpoint.get',
    async run(ctx) {
      const created = await ctx.todos.create({ content: ctx.content('v0'), completed: false })
      const versions = Array.from({ length: 4 }, (_, i) => ({
        content: ctx.content(`v${i + 1}`),
        completed: i % 2 === 0,
      }))
      // One PATCH at a time, each changing both fields (completed alternates), read again and
      // again while it is in flight, each read after the event loop turned (so an in-process
      // server runs between them): a read that sees the new content with the old completed,
      // or the reverse, saw half a write.
      let previous: { content: string; completed: boolean } = created
      for (const version of versions) {
        let writing = true
        const write = ctx.todos.update(created.id, version).finally(() => {
          writing = false
        })
        // Awaited below; a read that fails first must not leave its rejection unhandled.
        write.catch(() => {})
        const readBack: Todo[] = []
        while (writing && readBack.length < 100) {
          readBack.push(await ctx.todos.get(created.id))
          await new Promise((resolve) => setImmediate(resolve))
        }
        await write
        const whole = [previous, version].map((v) => `${v.content}|${v.completed}`)
        for (const read of readBack) {
          ensure(
            read.id === created.id && whole.includes(`${read.content}|${read.completed}`),
            `GET /todos/${created.id} during a PATCH returned half of it`,
            { expected: [previous, version], actual: read },
          )
        }
        previous = version
      }
      const after = (await ctx.todos.list()).find(isSameRecord({ ...created, ...versions.at(-1)! }))
      ensure(after !== undefined, 'GET /todos after the acknowledged PATCHes misses the last one', {
        expected: versions.at(-1),
        actual: 'not listed with those values',
      })
    },
  },
]
