import { LIST_QUERY_PARAMETERS, type Todo } from '@todokit/sdk/contract'
import { describe, expect, it } from 'vitest'
import { appWith } from '../../test/helpers.ts'

const TODOS: Todo[] = [
  { id: 1, content: 'Buy milk', completed: false },
  { id: 2, content: 'Walk the dog', completed: true },
  { id: 3, content: 'buy bread', completed: false },
  { id: 4, content: 'Call MUM', completed: true },
  { id: 5, content: 'Buy milk', completed: true },
]

async function ids(query: string): Promise<number[]> {
  const response = await appWith(TODOS).app.request(`/todos?${query}`)
  expect(response.status).toBe(200)
  return ((await response.json()) as Todo[]).map((todo) => todo.id)
}

async function errorsOf(query: string) {
  const response = await appWith(TODOS).app.request(`/todos?${query}`)
  expect(response.status).toBe(400)
  expect(response.headers.get('content-type')).toBe('application/problem+json')
  return ((await response.json()) as { errors: { pointer: string; detail: string }[] }).errors
}

describe('GET /todos filters', () => {
  it('filters by completed', async () => {
    expect(await ids('completed=true')).toEqual([2, 4, 5])
    expect(await ids('completed=false')).toEqual([1, 3])
  })
  it('filters by exact content', async () => {
    expect(await ids('content=Buy%20milk')).toEqual([1, 5])
  })
  it('filters by id', async () => {
    expect(await ids('id=3')).toEqual([3])
    expect(await ids('id=99')).toEqual([])
  })
  it('searches content case-insensitively with q', async () => {
    expect(await ids('q=BUY')).toEqual([1, 3, 5])
    expect(await ids('q=mum')).toEqual([4])
  })
  it('combines every filter with search and order', async () => {
    expect(await ids('q=buy&completed=false&order=-id')).toEqual([3, 1])
    expect(await ids('content=Buy+milk&completed=true&q=milk&id=5&order=id')).toEqual([5])
  })
})

describe('GET /todos order', () => {
  it('sorts descending with a minus sign', async () => {
    expect(await ids('order=-id')).toEqual([5, 4, 3, 2, 1])
  })
  it('sorts content by code units', async () => {
    expect(await ids('order=content')).toEqual([1, 5, 4, 2, 3])
  })
  it('applies several keys, earlier keys first, ties in id order', async () => {
    expect(await ids('order=completed,-content')).toEqual([3, 1, 2, 4, 5])
    expect(await ids('order=-completed,content,-id')).toEqual([5, 4, 2, 1, 3])
  })
  it('takes order repeated, as openapi-fetch sends an array, and mixed with commas', async () => {
    expect(await ids('order=completed&order=-content')).toEqual([3, 1, 2, 4, 5])
    expect(await ids('order=-completed&order=content,-id')).toEqual([5, 4, 2, 1, 3])
  })
  it('points at /order for a bad key or a field sorted twice across repeats', async () => {
    const [unknown] = await errorsOf('order=id&order=title')
    expect(unknown).toEqual({
      pointer: '/order',
      detail: expect.stringMatching(/Unknown sort key "title"/),
    })
    expect(await errorsOf('order=id&order=-id')).toEqual([
      { pointer: '/order', detail: expect.stringMatching(/once/) },
    ])
  })
})

describe('GET /todos query errors', () => {
  it('names an unknown parameter such as json-server _sort', async () => {
    expect(await errorsOf('_sort=id')).toEqual([
      {
        pointer: '/_sort',
        detail:
          'Unknown query parameter "_sort"; known: id, content, completed, q, order, limit, cursor',
      },
    ])
  })
  it.each(['__proto__', 'constructor', 'toString'])(
    'names the unknown parameter %s, even one Object.prototype has',
    async (name) => {
      expect(await errorsOf(`${name}=1`)).toEqual([
        {
          pointer: `/${name}`,
          detail: `Unknown query parameter "${name}"; known: id, content, completed, q, order, limit, cursor`,
        },
      ])
    },
  )
  it('names an unknown sort field', async () => {
    const [error] = await errorsOf('order=id,title')
    expect(error).toMatchObject({ pointer: '/order' })
    expect(error?.detail).toMatch(/"title"/)
  })
  it('refuses a field sorted twice, and an empty order', async () => {
    expect((await errorsOf('order=id,-id'))[0]?.pointer).toBe('/order')
    expect((await errorsOf('order='))[0]?.pointer).toBe('/order')
  })
  it.each(['completed=yes', 'completed=', 'completed=1', 'id=0', 'id=1.5', 'id=abc'])(
    'names the bad value in %s',
    async (query) => {
      const name = query.split('=')[0]
      expect((await errorsOf(query)).map((error) => error.pointer)).toEqual([`/${name}`])
    },
  )
  it('refuses a search longer than the limit', async () => {
    expect((await errorsOf(`q=${'a'.repeat(1001)}`))[0]?.pointer).toBe('/q')
  })
  it('refuses a repeated __proto__ parameter as the unknown parameter it is', async () => {
    expect(await errorsOf('__proto__=1&__proto__=2')).toContainEqual({
      pointer: '/__proto__',
      detail: `Unknown query parameter "__proto__"; known: ${LIST_QUERY_PARAMETERS.join(', ')}`,
    })
  })
  it('refuses a repeated parameter', async () => {
    expect(await errorsOf('completed=true&completed=false')).toEqual([
      {
        pointer: '/completed',
        detail: 'The query parameter "completed" is repeated; send it once',
      },
    ])
  })
  it('reports every bad parameter at once', async () => {
    const errors = await errorsOf('completed=maybe&order=x&_limit=3&limit=0')
    expect(errors.map((error) => error.pointer).sort()).toEqual([
      '/_limit',
      '/completed',
      '/limit',
      '/order',
    ])
  })
})
