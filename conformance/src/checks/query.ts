import { COLLECTION_PATH, type Todo } from '@todokit/sdk/contract'
import type { Check } from '../check.ts'
import { ensure } from '../run/assert.ts'
import type { CheckContext } from '../run/context.ts'
import { randomProposedId, randomShortProposedId } from '../run/ids.ts'

/** Lists with `query` and keeps only the records in `own`, in the order the server gave. */
async function listOwn(ctx: CheckContext, query: Record<string, string>, own: readonly Todo[]) {
  const ids = new Set(own.map((todo) => todo.id))
  const listed = await ctx.todos.list(query)
  return { listed, mine: listed.filter((todo) => ids.has(todo.id)) }
}

function queryText(query: Record<string, string>): string {
  return `GET ${COLLECTION_PATH}?${new URLSearchParams(query)}`
}

/** Fails unless `expected` are all in `mine` and `unexpected` none of them. */
function expectSelection(
  query: Record<string, string>,
  mine: readonly Todo[],
  expected: readonly Todo[],
  unexpected: readonly Todo[],
): void {
  const got = mine.map((todo) => todo.id)
  const ok =
    expected.every((todo) => got.includes(todo.id)) &&
    unexpected.every((todo) => !got.includes(todo.id))
  ensure(ok, `${queryText(query)} selected the wrong records`, {
    expected: expected.map((todo) => todo.id),
    actual: got,
  })
}

/**
 * Creates todos whose content order (by label) differs from both their creation order and their
 * id order, so a server that ignores `order` cannot pass by accident.
 */
async function createUnsorted(ctx: CheckContext): Promise<Todo[]> {
  // Ids on both sides of a digit-count boundary (9 and 10 digits), each shown free by GET: an
  // order that compares ids as strings puts 999… after 1000… and fails.
  const ids = [
    await ctx.todos.unusedId(randomShortProposedId),
    await ctx.todos.unusedId(randomProposedId),
    await ctx.todos.unusedId(randomProposedId),
  ].sort((a, b) => a - b)
  return ctx.todos.createAll(
    ['b', 'c', 'a'].map((label, i) => ({ id: ids[i], content: ctx.content(`sort ${label}`) })),
  )
}

function sortCheck(
  id: string,
  title: string,
  order: string,
  compare: (a: Todo, b: Todo) => number,
): Check {
  return {
    id,
    title,
    level: 'sort',
    rule: 'query.sort',
    alsoVerifies: ['design.query-parameters'],
    async run(ctx) {
      const created = await createUnsorted(ctx)
      const query = { order }
      const { mine } = await listOwn(ctx, query, created)
      const expected = [...created].sort(compare).map((todo) => todo.id)
      const actual = mine.map((todo) => todo.id)
      ensure(
        actual.join() === expected.join(),
        `${queryText(query)} returned the records out of order`,
        {
          expected,
          actual,
        },
      )
    },
  }
}

const byContent = (a: Todo, b: Todo) => (a.content < b.content ? -1 : a.content > b.content ? 1 : 0)

/** Capability checks for the query conventions: filter, search (`q`) and sort (`order`). */
export const queryChecks: readonly Check[] = [
  {
    id: 'filter.completed',
    title: 'GET /todos?completed=true and =false select by the field',
    level: 'filter',
    rule: 'query.filter',
    alsoVerifies: ['design.query-parameters'],
    async run(ctx) {
      const [done, open] = await ctx.todos.createAll([
        { content: ctx.content('done'), completed: true },
        { content: ctx.content('open'), completed: false },
      ])
      for (const [value, wanted, unwanted] of [
        ['true', done!, open!],
        ['false', open!, done!],
      ] as const) {
        const query = { completed: value }
        const { listed, mine } = await listOwn(ctx, query, [done!, open!])
        expectSelection(query, mine, [wanted], [unwanted])
        const stray = listed.find((todo) => String(todo.completed) !== value)
        ensure(
          stray === undefined,
          `${queryText(query)} returned a record with completed ${stray?.completed}`,
          {
            expected: `only records with completed ${value}`,
            actual: stray,
          },
        )
      }
    },
  },
  {
    id: 'filter.content',
    title: 'GET /todos?content=… selects the records with exactly that content',
    level: 'filter',
    rule: 'query.filter',
    async run(ctx) {
      const [wanted, other] = await ctx.todos.createAll([
        { content: ctx.content('exact') },
        { content: ctx.content('exact and more') },
      ])
      const query = { content: wanted!.content }
      const { mine } = await listOwn(ctx, query, [wanted!, other!])
      expectSelection(query, mine, [wanted!], [other!])
    },
  },
  {
    id: 'search.q-matches-content',
    title: 'GET /todos?q=… returns the records whose content contains the text, and not others',
    level: 'search',
    rule: 'query.search',
    alsoVerifies: ['design.query-parameters'],
    async run(ctx) {
      const token = `needle${Math.random().toString(36).slice(2, 8)}`
      const [hit, miss] = await ctx.todos.createAll([
        { content: ctx.content(`with ${token} inside`) },
        { content: ctx.content('without it') },
      ])
      const query = { q: token }
      const { listed, mine } = await listOwn(ctx, query, [hit!, miss!])
      expectSelection(query, mine, [hit!], [miss!])
      ensure(listed.length === 1, `${queryText(query)} returned records that do not contain it`, {
        expected: [hit!.id],
        actual: listed.map((todo) => todo.id),
      })
    },
  },
  sortCheck(
    'sort.content-ascending',
    'GET /todos?order=content sorts by content, ascending',
    'content',
    byContent,
  ),
  sortCheck(
    'sort.content-descending',
    'GET /todos?order=-content sorts by content, descending',
    '-content',
    (a, b) => byContent(b, a),
  ),
  sortCheck(
    'sort.id-descending',
    'GET /todos?order=-id sorts by id, descending',
    '-id',
    (a, b) => b.id - a.id,
  ),
]
