import type { Check } from '../check.ts'
import { ensure } from '../run/assert.ts'
import { expectFields } from '../run/expect.ts'

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
      const created = await ctx.todos.create({ content })
      expectFields(created, { content }, 'the POST response changed the content')
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
      const created = await ctx.todos.create({ content })
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
      const contents = Array.from({ length: PARALLEL_CREATES }, (_, i) =>
        ctx.content(`parallel ${i}`),
      )
      const created = await Promise.all(contents.map((content) => ctx.todos.create({ content })))
      const ids = new Set(created.map((todo) => todo.id))
      ensure(ids.size === created.length, 'parallel creates were given the same id', {
        expected: `${created.length} distinct ids`,
        actual: created.map((todo) => todo.id),
      })
      const listed = await ctx.todos.list()
      for (const content of contents) {
        ensure(
          listed.some((todo) => todo.content === content),
          `"${content}" is missing from GET /todos`,
          {
            expected: `${contents.length} records listed`,
            actual: `${listed.filter((todo) => contents.includes(todo.content)).length} listed`,
          },
        )
      }
    },
  },
]
