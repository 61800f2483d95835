import { COLLECTION_PATH, MAX_PAGE_LIMIT, nextLinkTarget, type Todo } from '@todokit/sdk/contract'
import type { Check } from '../check.ts'
import { CheckInconclusive, ensure } from '../run/assert.ts'
import type { CheckContext } from '../run/context.ts'
import { expectStatus, requestLine } from '../run/expect.ts'
import { randomProposedId } from '../run/ids.ts'
import { nextPageUrl, type Walk, walkPages } from '../run/walk.ts'

function queryText(query: Record<string, string>): string {
  return `GET ${COLLECTION_PATH}?${new URLSearchParams(query)}`
}

/**
 * A page size for walks over the whole collection: 2 on a small one, so that page boundaries
 * fall between the check's records; on a large one (real data), about 25 pages.
 */
function walkLimit(ctx: CheckContext): number {
  return Math.min(MAX_PAGE_LIMIT, Math.max(2, Math.ceil(ctx.run.ledger.foreignIds.size / 25)))
}

/** The walk's items that are records of `own` (by id), as they were listed, in walk order. */
function ownItems(walk: Walk, own: readonly Todo[]): Array<Partial<Todo> & { id: number }> {
  const ids = new Set(own.map((todo) => todo.id))
  return walk.items.filter(
    (item): item is Partial<Todo> & { id: number } =>
      typeof item === 'object' && item !== null && ids.has((item as Todo).id),
  )
}

/** The page (1-based) of each listing of `id`, for messages. */
function pagesOf(walk: Walk, id: number): number[] {
  return walk.pages.flatMap((page, index) =>
    page.items.some((item) => (item as Partial<Todo> | null)?.id === id) ? [index + 1] : [],
  )
}

/**
 * Fails unless each of `expected` is listed exactly once by the walk, with its values, and no
 * other record of `own` is listed. Foreign records are not judged: they come and go.
 */
function expectEachOnce(
  walk: Walk,
  query: Record<string, string>,
  expected: readonly Todo[],
  own: readonly Todo[] = expected,
): void {
  const listed = ownItems(walk, own)
  const text = queryText(query)
  for (const todo of expected) {
    const times = listed.filter((item) => item.id === todo.id)
    ensure(times.length > 0, `the walk from ${text} skipped record ${todo.id}`, {
      expected: `record ${todo.id} on one of ${walk.pages.length} pages`,
      actual: listed.map((item) => item.id),
    })
    ensure(
      times.length === 1,
      `the walk from ${text} listed record ${todo.id} ${times.length} times (pages ${pagesOf(walk, todo.id).join(', ')})`,
      { expected: 'once', actual: `${times.length} times` },
    )
    ensure(
      times[0]!.content === todo.content && times[0]!.completed === todo.completed,
      `the walk from ${text} listed record ${todo.id} with other values`,
      { expected: todo, actual: times[0] },
    )
  }
  const wanted = new Set(expected.map((todo) => todo.id))
  const stray = listed.find((item) => !wanted.has(item.id))
  ensure(
    stray === undefined,
    `the walk from ${text} listed record ${stray?.id}, which it must not`,
    {
      expected: [...wanted],
      actual: listed.map((item) => item.id),
    },
  )
}

/** Labels whose content order differs from their creation (and id) order. */
const SHUFFLED_LABELS = ['c', 'a', 'e', 'b', 'd'] as const

/**
 * Whether the server takes the ids the check proposes. A create without one shows it, when no
 * check has yet: a server that refuses client ids gets records with ids of its own choosing.
 */
async function acceptsClientIds(ctx: CheckContext): Promise<boolean> {
  if (!ctx.run.clientIdsRefused) await ctx.todos.create({ content: ctx.content('page probe') })
  return !ctx.run.clientIdsRefused
}

/**
 * Creates records labelled as given, with ids ascending in the order given: free ids the check
 * proposes, or the server's own when it refuses them.
 */
async function createInIdOrder(
  ctx: CheckContext,
  labels: readonly string[],
  completed: (index: number) => boolean = () => false,
): Promise<Todo[]> {
  const ids: number[] = []
  if (await acceptsClientIds(ctx)) {
    while (ids.length < labels.length) ids.push(await ctx.todos.unusedId())
    ids.sort((a, b) => a - b)
  }
  return ctx.todos.createAll(
    labels.map((label, i) => ({
      id: ids[i],
      content: ctx.content(`page ${label}`),
      completed: completed(i),
    })),
  )
}

/** Fails (inconclusive) unless the unpaged query answers `expected`, so the walk can be judged. */
async function expectUnpaged(
  ctx: CheckContext,
  query: Record<string, string>,
  own: readonly Todo[],
  expected: readonly Todo[],
  ordered: boolean,
  seeAlso: string,
): Promise<void> {
  const ids = new Set(own.map((todo) => todo.id))
  const listed = (await ctx.todos.list(query)).filter((todo) => ids.has(todo.id)).map((t) => t.id)
  const wanted = expected.map((todo) => todo.id)
  const same = ordered
    ? listed.join() === wanted.join()
    : listed.length === wanted.length && wanted.every((id) => listed.includes(id))
  if (!same) {
    throw new CheckInconclusive(
      `precondition failed: the unpaged ${queryText(query)} listed ${listed.join(', ') || 'none'} of the check's records, not ${wanted.join(', ')} (see ${seeAlso})`,
    )
  }
}

/** RFC 8288 `Link` syntax: `<URI-Reference>` then `; name=value` parameters, comma-separated. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
const QUOTED = '"(?:[^"\\\\]|\\\\.)*"'
const PARAMETER = `[ \\t]*;[ \\t]*${TOKEN}[ \\t]*(?:=[ \\t]*(?:${TOKEN}|${QUOTED}))?`
const LINK_VALUE = `<[^<>\\s]*>(?:${PARAMETER})*`
const LINK_HEADER = new RegExp(`^[ \\t]*${LINK_VALUE}(?:[ \\t]*,[ \\t]*${LINK_VALUE})*[ \\t]*$`)

/** What a walk did between its pages. */
interface Churn {
  created: Todo[]
  deleted: Todo[]
}

/**
 * Walks `query` one page at a time. After a page that shows records of `own` comes one write:
 * a delete of one of them (already read), then a create at `before` (an id before all of `own`),
 * then a delete with a create at `after`. An offset cursor skips a record after a delete and
 * repeats one after a create before the cursor; a keyset cursor does neither.
 */
async function walkWhileWriting(
  ctx: CheckContext,
  query: Record<string, string>,
  own: readonly Todo[],
  spare: { before: number | undefined; after: number | undefined },
): Promise<Walk & Churn> {
  const churn: Churn = { created: [], deleted: [] }
  const walk: Walk = { pages: [], items: [] }
  const writes: Array<{ remove: boolean; create?: { id: number | undefined } }> = [
    { remove: true },
    { remove: false, create: { id: spare.before } },
    { remove: true, create: { id: spare.after } },
  ]
  const inconclusive = (message: string, details: { actual?: unknown }) =>
    new CheckInconclusive(
      `the walk itself failed (see paging.walk-returns-each-record-once): ${message}${details.actual === undefined ? '' : ` (${String(details.actual)})`}`,
    )
  let response = await ctx.http.request('GET', COLLECTION_PATH, { query })
  for (;;) {
    if (response.status !== 200 || !Array.isArray(response.json)) {
      throw inconclusive(`${requestLine(response)} answered ${response.status}`, {})
    }
    walk.pages.push({ response, items: response.json })
    walk.items.push(...response.json)
    const next = nextPageUrl(response, inconclusive)
    if (next === undefined) break
    if (!next.href.startsWith(`${ctx.http.config.baseUrl}${COLLECTION_PATH}?`)) {
      throw inconclusive('the next link leaves the collection', { actual: next.href })
    }
    if (walk.pages.length > 500) throw inconclusive('the walk does not end', {})
    const seen = new Set(ownItems({ pages: [], items: response.json }, own).map((item) => item.id))
    const write = seen.size > 0 ? writes.shift() : undefined
    if (write?.remove) {
      const victim = own.find((todo) => seen.has(todo.id) && !churn.deleted.includes(todo))
      if (victim) {
        await ctx.todos.removeForEffect(victim.id)
        churn.deleted.push(victim)
      }
    }
    if (write?.create !== undefined) {
      const content = ctx.content(`page inserted ${churn.created.length + 1}`)
      churn.created.push(await ctx.todos.create({ id: write.create.id, content }))
    }
    response = await ctx.http.request('GET', next.href.slice(ctx.http.config.baseUrl.length))
  }
  return { ...walk, ...churn }
}

/** Capability checks for paging: `limit`, the cursor in the next `Link`, and walks. */
export const pagingChecks: readonly Check[] = [
  {
    id: 'paging.walk-returns-each-record-once',
    title: 'A walk over GET /todos?limit=N and its next links lists each record once',
    level: 'paging',
    rule: 'paging.walk',
    alsoVerifies: ['paging.link'],
    async run(ctx) {
      const own = await ctx.todos.createAll(
        ['a', 'b', 'c', 'd', 'e'].map((label) => ({ content: ctx.content(`walk ${label}`) })),
      )
      const query = { limit: String(walkLimit(ctx)) }
      const walk = await walkPages(ctx.http, query)
      expectEachOnce(walk, query, own)
    },
  },
  {
    id: 'paging.limit-respected',
    title: 'GET /todos?limit=N answers at most N records, and at least one when there are more',
    level: 'paging',
    rule: 'paging.limit',
    async run(ctx) {
      await ctx.todos.createAll(
        ['a', 'b', 'c'].map((label) => ({ content: ctx.content(`limit ${label}`) })),
      )
      for (const limit of [1, 2]) {
        const query = { limit: String(limit) }
        const response = await ctx.http.request('GET', COLLECTION_PATH, { query })
        expectStatus(response, [200])
        const length = Array.isArray(response.json) ? response.json.length : undefined
        ensure(
          length !== undefined && length >= 1 && length <= limit,
          `${requestLine(response)} answered ${length ?? 'no array of'} records`,
          { expected: `1 to ${limit} records (the collection holds at least 3)`, actual: length },
        )
      }
    },
  },
  {
    id: 'paging.link-well-formed',
    title:
      'A page with more after it has Link: <URI>; rel="next", on the same path, keeping the query',
    level: 'paging',
    rule: 'paging.link',
    async run(ctx) {
      await ctx.todos.createAll(
        ['a', 'b'].map((label) => ({ content: ctx.content(`link ${label}`) })),
      )
      const query = { limit: '1' }
      const response = await ctx.http.request('GET', COLLECTION_PATH, { query })
      expectStatus(response, [200])
      const link = response.headers.get('link')
      ensure(
        link !== null,
        `${requestLine(response)} has no Link header, though more records follow`,
        {
          expected: 'Link: <…>; rel="next"',
          actual: 'no Link header',
        },
      )
      ensure(
        LINK_HEADER.test(link),
        `${requestLine(response)} has a Link header that is not RFC 8288`,
        {
          expected: '<URI>; rel="next"',
          actual: link,
        },
      )
      const target = nextLinkTarget(link)
      ensure(
        target !== undefined,
        `${requestLine(response)} has a Link header without rel="next"`,
        {
          expected: '<URI>; rel="next"',
          actual: link,
        },
      )
      const requested = new URL(response.exchange.url)
      const next = URL.parse(target, requested)
      ensure(next !== null, `${requestLine(response)} links a next page that is not a URI`, {
        expected: 'a URI, absolute or relative to the request',
        actual: target,
      })
      ensure(
        next.origin === requested.origin && next.pathname === requested.pathname,
        `${requestLine(response)} links its next page at another place`,
        { expected: `${requested.origin}${requested.pathname}?…`, actual: next.href },
      )
      const dropped = Object.entries(query).filter(
        ([name, value]) => name !== 'cursor' && next.searchParams.get(name) !== value,
      )
      ensure(
        dropped.length === 0 && next.search !== requested.search,
        `${requestLine(response)} links a next page that is not the same query continued`,
        {
          expected: `${requested.search} with a cursor`,
          actual: next.search,
        },
      )
      const following = await ctx.http.request(
        'GET',
        next.href.slice(ctx.http.config.baseUrl.length),
      )
      expectStatus(following, [200])
    },
  },
  {
    id: 'paging.combines-with-query',
    title:
      'Walks with completed= and order=-content,id list what the unpaged queries list, in order',
    level: 'paging',
    rule: 'paging.query',
    alsoVerifies: ['query.filter', 'query.sort'],
    async run(ctx) {
      const own = await createInIdOrder(ctx, SHUFFLED_LABELS, (i) => i % 2 === 0)
      const done = own.filter((todo) => todo.completed)
      const filter = { completed: 'true' }
      await expectUnpaged(ctx, filter, own, done, false, 'filter.completed')
      const filtered = { ...filter, limit: '1' }
      expectEachOnce(await walkPages(ctx.http, filtered), filtered, done, own)

      const byContentDescending = [...own].sort((a, b) => (a.content < b.content ? 1 : -1))
      const order = { order: '-content,id' }
      await expectUnpaged(ctx, order, own, byContentDescending, true, 'sort.content-descending')
      const ordered = { ...order, limit: '2' }
      const walk = await walkPages(ctx.http, ordered)
      expectEachOnce(walk, ordered, own)
      const actual = ownItems(walk, own).map((item) => item.id)
      const expected = byContentDescending.map((todo) => todo.id)
      ensure(
        actual.join() === expected.join(),
        `the walk from ${queryText(ordered)} left the order`,
        {
          expected,
          actual,
        },
      )
    },
  },
  {
    id: 'paging.stable-under-writes',
    title:
      'A walk lists each unchanged record once while records are created and deleted between pages',
    level: 'paging',
    rule: 'paging.stable',
    async run(ctx) {
      // Neighbouring ids keep the check's records together in id order, so a skip or repeat
      // that an offset cursor makes falls on them rather than on someone else's.
      // A server that refuses them hands out its own, usually neighbours too.
      // A server hands an id-less create (another check's, at the same time) the id after its
      // highest. So the records are created from the highest id down, and the spare created
      // after the cursor sits well above them: no id the check proved free becomes the
      // server's next id before the check uses it.
      const base = randomProposedId()
      const offsets = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1_000]
      const ids: Array<number | undefined> = offsets.map(() => undefined)
      if (await acceptsClientIds(ctx)) {
        for (const [index, offset] of offsets.entries()) {
          ids[index] = await ctx.todos
            .unusedId(() => base + offset)
            .catch(() => {
              throw new CheckInconclusive(`ids next to ${base} are taken`)
            })
        }
      }
      const highestFirst = ids
        .slice(1, 11)
        .map((id, i) => ({ id, content: ctx.content(`page ${i}`) }))
        .reverse()
      const own = (await ctx.todos.createAll(highestFirst)).reverse()
      const query = { limit: String(walkLimit(ctx)) }
      const walk = await walkWhileWriting(ctx, query, own, { before: ids[0], after: ids[11] })
      if (walk.deleted.length === 0) {
        throw new CheckInconclusive(
          `the walk from ${queryText(query)} read the check's records on one page (${walk.pages.length} pages in all), so no write fell between them`,
        )
      }
      const unchanged = own.filter((todo) => !walk.deleted.includes(todo))
      expectEachOnce(walk, query, unchanged)
      for (const created of walk.created) {
        const times = ownItems(walk, [created]).length
        ensure(
          times <= 1,
          `the walk from ${queryText(query)} listed record ${created.id} ${times} times`,
          {
            expected: 'at most once',
            actual: `${times} times`,
          },
        )
      }
    },
  },
  {
    id: 'paging.bad-cursor-refused',
    title:
      'GET /todos?limit=1&cursor=… with a cursor the server never wrote answers 400, naming the cursor',
    level: 'paging',
    rule: 'paging.bad-input',
    alsoVerifies: ['errors.status-codes'],
    async run(ctx) {
      const response = await ctx.http.request('GET', COLLECTION_PATH, {
        query: { limit: '1', cursor: '!todokit-conformance: not a cursor' },
      })
      expectStatus(response, [400])
      ensure(/cursor/i.test(response.text), `${requestLine(response)} does not say what is wrong`, {
        expected: 'a body that names the cursor',
        actual: response.text.slice(0, 200) || '(empty body)',
      })
    },
  },
  {
    id: 'paging.bad-limit-refused',
    title: 'GET /todos?limit=0 and ?limit=ten answer 400, naming the limit',
    level: 'paging',
    rule: 'paging.bad-input',
    alsoVerifies: ['errors.status-codes'],
    async run(ctx) {
      for (const limit of ['0', 'ten']) {
        const response = await ctx.http.request('GET', COLLECTION_PATH, { query: { limit } })
        expectStatus(response, [400])
        ensure(
          /limit/i.test(response.text),
          `${requestLine(response)} does not say what is wrong`,
          {
            expected: 'a body that names the limit',
            actual: response.text.slice(0, 200) || '(empty body)',
          },
        )
      }
    },
  },
]
