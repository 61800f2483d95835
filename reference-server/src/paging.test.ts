import { MAX_PAGE_LIMIT, nextLinkTarget, type Todo } from '@todokit/sdk/contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { appWith } from '../test/helpers.ts'

const TODOS: Todo[] = Array.from({ length: 7 }, (_, index) => ({
  id: index + 1,
  content: ['b', 'a', 'c'][index % 3] ?? '',
  completed: index % 2 === 0,
}))

type App = ReturnType<typeof appWith>['app']

/** Every page of `path`, following `Link: rel="next"` until a page has none. */
async function walk(app: App, path: string): Promise<{ pages: Todo[][]; links: string[] }> {
  const pages: Todo[][] = []
  const links: string[] = []
  let next: string | undefined = `http://todos.test${path}`
  while (next !== undefined) {
    const response = await app.request(next)
    expect(response.status, next).toBe(200)
    pages.push(await response.json())
    const link = response.headers.get('link')
    if (link !== null) links.push(link)
    const target = nextLinkTarget(link)
    next = target === undefined ? undefined : new URL(target, next).href
  }
  return { pages, links }
}

async function problemOf(app: App, path: string) {
  const response = await app.request(path)
  expect(response.status).toBe(400)
  expect(response.headers.get('content-type')).toBe('application/problem+json')
  return (await response.json()) as { errors: { pointer: string; detail: string }[] }
}

describe('GET /todos without paging parameters', () => {
  it('returns every todo in one array and announces no next page', async () => {
    const response = await appWith(TODOS).app.request('/todos')
    expect(await response.json()).toEqual(TODOS)
    expect(response.headers.get('link')).toBeNull()
  })
})

describe('GET /todos?limit=N', () => {
  it('returns the first N in id order and links the next page with the same query', async () => {
    const { app } = appWith(TODOS)
    const response = await app.request('http://todos.test/todos?limit=3')
    expect(((await response.json()) as Todo[]).map((todo) => todo.id)).toEqual([1, 2, 3])
    const link = response.headers.get('link') ?? ''
    expect(link).toMatch(/^<\?limit=3&cursor=[A-Za-z0-9_-]+>; rel="next"$/)
  })

  it('links the next page relative to the request, so a Host header cannot send it elsewhere', async () => {
    const { app } = appWith(TODOS)
    const response = await app.request('/todos?limit=3', { headers: { host: 'evil.example' } })
    const steered = await app.request('http://evil.example/todos?limit=3')
    for (const link of [response.headers.get('link'), steered.headers.get('link')]) {
      expect(link).not.toMatch(/evil|\/\//)
      const next = new URL(nextLinkTarget(link) ?? '', 'https://proxy.example/api/todos?limit=3')
      expect(`${next.origin}${next.pathname}`).toBe('https://proxy.example/api/todos')
    }
  })

  it('walks every todo exactly once in pages of N, and the last page has no Link', async () => {
    const { pages, links } = await walk(appWith(TODOS).app, '/todos?limit=3')
    expect(pages.map((page) => page.map((todo) => todo.id))).toEqual([[1, 2, 3], [4, 5, 6], [7]])
    expect(links).toHaveLength(2)
  })

  it('sends no empty last page when the count is a multiple of N', async () => {
    const { pages } = await walk(appWith(TODOS.slice(0, 6)).app, '/todos?limit=3')
    expect(pages.map((page) => page.length)).toEqual([3, 3])
  })

  it.each([
    'order=content',
    'order=-completed,content',
    'order=completed,-content,id',
    'order=-id&completed=true',
    'q=A&order=-content',
    'content=b&order=-completed',
  ])('pages %s into the same list the unpaged query returns', async (query) => {
    const { app } = appWith(TODOS)
    const whole = await (await app.request(`/todos?${query}`)).json()
    for (const limit of [1, 2, 5]) {
      const { pages } = await walk(app, `/todos?${query}&limit=${limit}`)
      expect(pages.flat(), `limit=${limit}`).toEqual(whole)
    }
  })

  it('continues from a cursor without limit with the rest of the list', async () => {
    const { app } = appWith(TODOS)
    const first = await app.request('http://todos.test/todos?limit=2')
    const next = new URL(nextLinkTarget(first.headers.get('link')) ?? '', 'http://todos.test/todos')
    const rest = await app.request(`/todos?cursor=${next.searchParams.get('cursor')}`)
    expect(((await rest.json()) as Todo[]).map((todo) => todo.id)).toEqual([3, 4, 5, 6, 7])
    expect(rest.headers.get('link')).toBeNull()
  })

  it('answers HEAD with the same Link as GET', async () => {
    const { app } = appWith(TODOS)
    const get = await app.request('/todos?limit=2')
    const head = await app.request('/todos?limit=2', { method: 'HEAD' })
    expect(head.headers.get('link')).toBe(get.headers.get('link'))
    expect(await head.text()).toBe('')
  })
})

describe('GET /todos paging errors', () => {
  it.each(['0', '-1', 'ten', '2.5', String(MAX_PAGE_LIMIT + 1)])(
    'refuses limit=%s at /limit',
    async (limit) => {
      const { errors } = await problemOf(appWith(TODOS).app, `/todos?limit=${limit}`)
      expect(errors.map((error) => error.pointer)).toEqual(['/limit'])
    },
  )

  it('names the maximum when limit is too large', async () => {
    const { errors } = await problemOf(appWith().app, `/todos?limit=${MAX_PAGE_LIMIT + 1}`)
    expect(errors[0]?.detail).toContain(String(MAX_PAGE_LIMIT))
  })

  it.each([
    ['not base64url', 'a+b/c'],
    ['not JSON', 'bm90IGpzb24'],
    ['JSON of another shape', btoa('{"id":3}')],
    ['an empty value', ''],
  ])('refuses a cursor that is %s at /cursor', async (_, cursor) => {
    const { errors } = await problemOf(appWith(TODOS).app, `/todos?limit=2&cursor=${cursor}`)
    expect(errors.map((error) => error.pointer)).toEqual(['/cursor'])
  })

  it('refuses a cursor sent with other filters or order than it was made for', async () => {
    const { app } = appWith(TODOS)
    const first = await app.request('http://todos.test/todos?limit=2&completed=true')
    const cursor = new URL(
      nextLinkTarget(first.headers.get('link')) ?? '',
      'http://todos.test/',
    ).searchParams.get('cursor')
    for (const other of ['completed=false', 'order=-id&completed=true', '']) {
      const { errors } = await problemOf(app, `/todos?limit=2&cursor=${cursor}&${other}`)
      expect(errors, other).toEqual([
        { pointer: '/cursor', detail: expect.stringMatching(/other filters, q or order/) },
      ])
    }
    // The page size may change along a walk.
    expect((await app.request(`/todos?limit=5&completed=true&cursor=${cursor}`)).status).toBe(200)
  })

  it('refuses a cursor whose keyset is altered', async () => {
    const { app } = appWith(TODOS)
    const first = await app.request('http://todos.test/todos?limit=2')
    const cursor =
      new URL(
        nextLinkTarget(first.headers.get('link')) ?? '',
        'http://todos.test/',
      ).searchParams.get('cursor') ?? ''
    const [binding] = JSON.parse(atob(cursor.replaceAll('-', '+').replaceAll('_', '/')))
    const forged = btoa(JSON.stringify([binding, 'two'])).replace(/=+$/, '')
    const { errors } = await problemOf(app, `/todos?limit=2&cursor=${forged}`)
    expect(errors.map((error) => error.pointer)).toEqual(['/cursor'])
  })

  it('answers any cursor it did not write with a 400 at /cursor, never a 5xx', async () => {
    const { app } = appWith(TODOS)
    const base64url = (text: string) =>
      btoa(String.fromCharCode(...new TextEncoder().encode(text)))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, '')
    const cursor = fc.oneof(
      fc.string({ minLength: 1, unit: 'binary' }),
      fc.jsonValue().map((value) => base64url(JSON.stringify(value))),
      fc
        .array(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.double()), { maxLength: 4 })
        .map((values) => base64url(JSON.stringify(values))),
    )
    await fc.assert(
      fc.asyncProperty(
        cursor,
        fc.constantFrom('', '&order=content', '&order=-completed'),
        async (value, order) => {
          const response = await app.request(
            `/todos?limit=2${order}&cursor=${encodeURIComponent(value)}`,
          )
          expect(response.status).toBe(400)
          const { errors } = (await response.json()) as { errors: { pointer: string }[] }
          expect(errors.map((error) => error.pointer)).toEqual(['/cursor'])
        },
      ),
      { numRuns: 300 },
    )
  })
})
