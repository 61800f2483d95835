import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { aTodo, BASE_URL, server, useMsw } from '../../test/msw.ts'
import { AbortError } from '../errors/AbortError.ts'
import { TodoClient } from './TodoClient.ts'

useMsw()

const client = new TodoClient({ baseUrl: BASE_URL, retry: 0 })

/**
 * A paging server in front of `todos`: `limit` and a cursor that is the index to start at,
 * with the next page linked by `link(search)`. Records every URL it is asked for.
 */
function pagedServer(
  todos: ReturnType<typeof aTodo>[],
  link: (search: URLSearchParams) => string = (search) => `<${BASE_URL}/todos?${search}>`,
) {
  const requested: URL[] = []
  server.use(
    http.get(`${BASE_URL}/todos`, ({ request }) => {
      const url = new URL(request.url)
      requested.push(url)
      const limit = Number(url.searchParams.get('limit') ?? todos.length)
      const start = Number(url.searchParams.get('cursor') ?? 0)
      const page = todos.slice(start, start + limit)
      const headers = new Headers()
      if (start + limit < todos.length) {
        const next = new URLSearchParams(url.searchParams)
        next.set('cursor', String(start + limit))
        headers.set('link', `${link(next)}; rel="next"`)
      }
      return HttpResponse.json(page, { headers })
    }),
  )
  return requested
}

const FIVE = [1, 2, 3, 4, 5].map((id) => aTodo({ id }))

describe('todos.list with limit', () => {
  it('returns one page and sends limit as a query parameter', async () => {
    const requested = pagedServer(FIVE)
    expect(await client.todos.list({ limit: 2, completed: false })).toEqual(FIVE.slice(0, 2))
    expect(requested[0]?.search).toBe('?limit=2&completed=false')
  })
})

describe('todos.page', () => {
  it('returns the page and the cursor of the Link rel="next" header', async () => {
    pagedServer(FIVE)
    const first = await client.todos.page({ limit: 2 })
    expect(first).toEqual({ todos: FIVE.slice(0, 2), nextCursor: '2' })
    const second = await client.todos.page({ limit: 2, cursor: first.nextCursor })
    expect(second).toEqual({ todos: FIVE.slice(2, 4), nextCursor: '4' })
  })

  it('has no next cursor on the last page, or from a server that does not page', async () => {
    pagedServer(FIVE)
    expect(await client.todos.page({ limit: 2, cursor: '4' })).toEqual({
      todos: FIVE.slice(4),
      nextCursor: undefined,
    })
    expect((await client.todos.page()).nextCursor).toBeUndefined()
  })

  it('reads the cursor of a relative link', async () => {
    pagedServer(FIVE, (search) => `<?${search}>`)
    expect((await client.todos.page({ limit: 3 })).nextCursor).toBe('3')
  })
})

describe('todos.iterate', () => {
  it('walks every page, following Link with the query it carries, until a page has none', async () => {
    const requested = pagedServer(FIVE)
    const seen = []
    for await (const todo of client.todos.iterate({ limit: 2, completed: false })) seen.push(todo)
    expect(seen).toEqual(FIVE)
    expect(requested.map((url) => url.search)).toEqual([
      '?limit=2&completed=false',
      '?limit=2&completed=false&cursor=2',
      '?limit=2&completed=false&cursor=4',
    ])
  })

  it('makes one request against a server that returns everything', async () => {
    const requested = pagedServer(FIVE)
    const seen = []
    for await (const todo of client.todos.iterate()) seen.push(todo)
    expect(seen).toEqual(FIVE)
    expect(requested).toHaveLength(1)
  })

  it('asks for no further page once the loop breaks', async () => {
    const requested = pagedServer(FIVE)
    for await (const todo of client.todos.iterate({ limit: 2 })) if (todo.id === 2) break
    expect(requested).toHaveLength(1)
  })

  it('sends the next request to its own base URL, whatever origin the link names', async () => {
    const requested = pagedServer(FIVE, (search) => `<https://elsewhere.test/steal?${search}>`)
    const seen = []
    for await (const todo of client.todos.iterate({ limit: 3 })) seen.push(todo.id)
    expect(seen).toEqual([1, 2, 3, 4, 5])
    expect(requested.map((url) => url.origin + url.pathname)).toEqual([
      `${BASE_URL}/todos`,
      `${BASE_URL}/todos`,
    ])
  })

  it('stops with AbortError before the next page once the signal aborts', async () => {
    const requested = pagedServer(FIVE)
    const controller = new AbortController()
    const seen: number[] = []
    const walk = async () => {
      for await (const todo of client.todos.iterate({ limit: 2 }, { signal: controller.signal })) {
        seen.push(todo.id)
        controller.abort(new Error('user left'))
      }
    }
    const error = await walk().catch((error: unknown) => error)
    expect(error).toBeInstanceOf(AbortError)
    expect(error).toMatchObject({ cause: new Error('user left') })
    expect(seen).toEqual([1, 2])
    expect(requested).toHaveLength(1)
  })
})
