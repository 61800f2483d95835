import { MAX_BODY_BYTES, PROBLEM_TYPES, ProblemDetails } from '@todokit/sdk/contract'
import { describe, expect, it } from 'vitest'
import { appWith, chunkedBody, jsonRequest, MILK, streamedJsonRequest } from '../test/helpers.ts'
import { createApp } from './app.ts'
import { listen } from './http/listen.ts'
import { MemoryStore } from './store/memory-store.ts'
import { TodoStoreError } from './store/store.ts'

/** Reads a problem+json response and checks its RFC 9457 shape and reason phrase. */
async function problemOf(response: Response, status: number, title: string, type = 'about:blank') {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toBe('application/problem+json')
  const body = ProblemDetails.parse(await response.json())
  expect(body).toMatchObject({ type, title, status })
  expect(body.detail).toBeTruthy()
  return body
}

const pointers = (body: ProblemDetails) => body.errors?.map((error) => error.pointer)

describe('400 Bad Request', () => {
  it('refuses malformed JSON', async () => {
    const response = await createApp().request('/todos', jsonRequest('POST', '{"content":'))
    const body = await problemOf(response, 400, 'Bad Request')
    expect(body.detail).toMatch(/not valid JSON/)
  })

  it('refuses an empty body', async () => {
    const response = await createApp().request('/todos', jsonRequest('POST', ''))
    await problemOf(response, 400, 'Bad Request')
  })

  it('names every invalid field with a JSON pointer and a clear message', async () => {
    const response = await createApp().request(
      '/todos',
      jsonRequest('POST', { content: '', completed: 'yes', done: true }),
    )
    const body = await problemOf(response, 400, 'Bad Request')
    expect(body.errors).toEqual([
      { pointer: '/content', detail: 'Too small: expected string to have >=1 characters' },
      { pointer: '/completed', detail: 'Invalid input: expected boolean, received string' },
      { pointer: '/done', detail: 'Unknown field "done"' },
    ])
  })

  it('says a missing field is required', async () => {
    const response = await createApp().request('/todos', jsonRequest('POST', {}))
    const body = await problemOf(response, 400, 'Bad Request')
    expect(body.errors).toEqual([{ pointer: '/content', detail: 'Required: expected string' }])
  })

  it('refuses a body that is not an object, pointing at the whole document', async () => {
    const response = await createApp().request('/todos', jsonRequest('POST', [1]))
    expect(pointers(await problemOf(response, 400, 'Bad Request'))).toEqual([''])
  })

  it.each([1.5, 0, -3, 2 ** 53, '7'])('refuses the body id %s', async (id) => {
    const response = await createApp().request('/todos', jsonRequest('POST', { id, content: 'x' }))
    expect(pointers(await problemOf(response, 400, 'Bad Request'))).toEqual(['/id'])
  })

  it('refuses content over the length limit', async () => {
    const response = await createApp().request(
      '/todos',
      jsonRequest('POST', { content: 'x'.repeat(10_001) }),
    )
    expect(pointers(await problemOf(response, 400, 'Bad Request'))).toEqual(['/content'])
  })

  it.each([
    'abc',
    '1.5',
    '0',
    '-1',
    '01',
    '+1',
    '1e3',
    'NaN',
    'Infinity',
    '9007199254740992',
    '99999999999999999999',
  ])('refuses the path id %s', async (id) => {
    const response = await appWith([MILK]).app.request(`/todos/${id}`)
    const body = await problemOf(response, 400, 'Bad Request')
    expect(body.errors?.[0]?.pointer).toBe('/id')
  })

  it('refuses a PUT whose body id differs from the path id', async () => {
    const { app, store } = appWith([MILK])
    const response = await app.request(
      '/todos/1',
      jsonRequest('PUT', { id: 2, content: 'x', completed: false }),
    )
    const body = await problemOf(response, 400, 'Bad Request')
    expect(body.errors?.[0]).toMatchObject({ pointer: '/id' })
    expect(store.get(1)).toEqual(MILK)
  })

  it('refuses a PUT without the complete record', async () => {
    const response = await appWith([MILK]).app.request(
      '/todos/1',
      jsonRequest('PUT', { id: 1, content: 'x' }),
    )
    expect(pointers(await problemOf(response, 400, 'Bad Request'))).toEqual(['/completed'])
  })

  it('refuses an empty PATCH', async () => {
    const response = await appWith([MILK]).app.request('/todos/1', jsonRequest('PATCH', {}))
    const body = await problemOf(response, 400, 'Bad Request')
    expect(body.errors?.[0]?.detail).toMatch(/at least one/)
  })

  it('refuses a PATCH that tries to change the id', async () => {
    const response = await appWith([MILK]).app.request(
      '/todos/1',
      jsonRequest('PATCH', { id: 5, completed: true }),
    )
    const body = await problemOf(response, 400, 'Bad Request')
    expect(body.errors).toEqual([
      { pointer: '/id', detail: "A todo's id cannot change; leave id out" },
    ])
  })

  it.each([
    ['content', 'a string'],
    ['completed', 'true or false'],
  ])(
    'refuses a PATCH that sets %s to null, saying fields cannot be removed',
    async (field, value) => {
      const response = await appWith([MILK]).app.request(
        '/todos/1',
        jsonRequest('PATCH', { [field]: null }, { 'content-type': 'application/merge-patch+json' }),
      )
      expect((await problemOf(response, 400, 'Bad Request')).errors).toEqual([
        {
          pointer: `/${field}`,
          detail: `A todo's ${field} cannot be removed (null deletes a field in a merge patch, and todos have no optional fields); send ${value}`,
        },
      ])
    },
  )

  it('refuses query parameters on a URL that takes none', async () => {
    const response = await appWith([MILK]).app.request('/todos/1?fields=id')
    expect(pointers(await problemOf(response, 400, 'Bad Request'))).toEqual(['/fields'])
  })

  it('escapes ~ and / in pointers (RFC 6901)', async () => {
    const response = await createApp().request(
      '/todos',
      jsonRequest('POST', { content: 'x', 'a/b~c': 1 }),
    )
    expect(pointers(await problemOf(response, 400, 'Bad Request'))).toEqual(['/a~1b~0c'])
  })
})

describe('__proto__ and constructor keys', () => {
  it('refuses them as unknown fields and leaves objects unpolluted', async () => {
    const app = createApp()
    for (const text of [
      '{"content":"x","__proto__":{"polluted":true}}',
      '{"content":"x","constructor":{"prototype":{"polluted":true}}}',
    ]) {
      const response = await app.request('/todos', jsonRequest('POST', text))
      const body = await problemOf(response, 400, 'Bad Request')
      expect(body.errors?.[0]?.detail).toMatch(/Unknown field "(__proto__|constructor)"/)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(await (await app.request('/todos')).json()).toEqual([])
  })

  it('refuses them in a PATCH too', async () => {
    const { app, store } = appWith([MILK])
    const response = await app.request(
      '/todos/1',
      jsonRequest('PATCH', '{"__proto__":{"completed":true}}'),
    )
    await problemOf(response, 400, 'Bad Request')
    expect(store.get(1)).toEqual(MILK)
  })
})

describe('404 Not Found', () => {
  it.each([
    ['GET', undefined],
    ['PUT', { id: 9, content: 'x', completed: false }],
    ['PATCH', { completed: true }],
    ['DELETE', undefined],
  ])('answers %s on an unknown todo', async (method, body) => {
    const init = body === undefined ? { method } : jsonRequest(method, body)
    const response = await appWith([MILK]).app.request('/todos/9', init)
    const problem = await problemOf(response, 404, 'Not Found', PROBLEM_TYPES.todoNotFound)
    expect(problem.detail).toBe('No todo with id 9')
  })

  it.each(['/', '/todo', '/todos/1/extra', '/todos/', '/todos/completed/true'])(
    'answers an unknown path %s',
    async (path) => {
      const response = await createApp().request(path)
      await problemOf(response, 404, 'Not Found', PROBLEM_TYPES.routeNotFound)
    },
  )
})

describe('405 Method Not Allowed', () => {
  it.each([
    ['DELETE', '/todos', 'GET, HEAD, POST, OPTIONS'],
    ['PUT', '/todos', 'GET, HEAD, POST, OPTIONS'],
    ['PATCH', '/todos', 'GET, HEAD, POST, OPTIONS'],
    ['POST', '/todos/1', 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS'],
    ['PROPFIND', '/todos/abc', 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS'],
    ['POST', '/openapi.json', 'GET, HEAD'],
    ['DELETE', '/docs', 'GET, HEAD'],
  ])('answers %s %s with Allow', async (method, path, allow) => {
    const response = await appWith([MILK]).app.request(path, { method })
    await problemOf(response, 405, 'Method Not Allowed')
    expect(response.headers.get('allow')).toBe(allow)
  })

  it('answers with Allow on any path the app serves outside the todos API, from its routes', async () => {
    const app = createApp()
    app.get('/health', (c) => c.text('ok'))
    const response = await app.request('/health', { method: 'DELETE' })
    await problemOf(response, 405, 'Method Not Allowed')
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })
})

describe('409 Conflict', () => {
  it('refuses a create with a taken id and changes nothing', async () => {
    const { app, store } = appWith([MILK])
    const response = await app.request('/todos', jsonRequest('POST', { id: 1, content: 'other' }))
    const body = await problemOf(response, 409, 'Conflict')
    expect(pointers(body)).toEqual(['/id'])
    expect([...store]).toEqual([MILK])
  })
})

describe('413 Content Too Large', () => {
  it('refuses a body over the limit by its content-length', async () => {
    const big = JSON.stringify({ content: 'x'.repeat(MAX_BODY_BYTES) })
    const response = await createApp().request('/todos', jsonRequest('POST', big))
    await problemOf(response, 413, 'Content Too Large')
  })

  it('refuses a streamed body over the limit', async () => {
    const response = await createApp().request(
      '/todos',
      streamedJsonRequest('POST', chunkedBody('x'.repeat(80 * 1024), 1024)),
    )
    await problemOf(response, 413, 'Content Too Large')
  })

  it('honours a smaller configured limit', async () => {
    const app = createApp({ maxBodyBytes: 10 })
    const response = await app.request('/todos', jsonRequest('POST', { content: 'long enough' }))
    await problemOf(response, 413, 'Content Too Large')
  })
})

describe('415 Unsupported Media Type', () => {
  it('refuses a body sent as text/plain, listing what POST accepts', async () => {
    const response = await createApp().request('/todos', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"content":"x"}',
    })
    await problemOf(response, 415, 'Unsupported Media Type')
    expect(response.headers.get('accept-post')).toBe('application/json')
  })

  it('refuses a body without content-type', async () => {
    const response = await appWith([MILK]).app.request('/todos/1', {
      method: 'PUT',
      body: new Blob(['{}']),
    })
    await problemOf(response, 415, 'Unsupported Media Type')
  })

  it('refuses merge-patch on POST but lists it for PATCH', async () => {
    const headers = { 'content-type': 'application/merge-patch+json' }
    const { app } = appWith([MILK])
    const post = await app.request('/todos', jsonRequest('POST', { content: 'x' }, headers))
    await problemOf(post, 415, 'Unsupported Media Type')
    const patch = await app.request('/todos/1', {
      method: 'PATCH',
      headers: { 'content-type': 'application/xml' },
      body: '<x/>',
    })
    await problemOf(patch, 415, 'Unsupported Media Type')
    expect(patch.headers.get('accept-patch')).toBe('application/json, application/merge-patch+json')
  })

  it('accepts a charset parameter', async () => {
    const response = await createApp().request(
      '/todos',
      jsonRequest('POST', { content: 'x' }, { 'content-type': 'Application/JSON; charset=utf-8' }),
    )
    expect(response.status).toBe(201)
  })
})

describe('503 Service Unavailable', () => {
  it('answers a write the store could not commit with 503, reporting the cause but never sending it', async () => {
    const store = new MemoryStore()
    const cause = new Error('disk I/O error at /var/data/todos.db')
    store.write = async () => {
      throw new TodoStoreError({ reason: 'busy' }, { cause })
    }
    const reported: unknown[] = []
    const app = createApp({ store, onError: (error) => reported.push(error) })
    const response = await app.request('/todos', jsonRequest('POST', { content: 'x' }))
    const body = await problemOf(response, 503, 'Service Unavailable')
    expect(JSON.stringify(body)).not.toMatch(/I\/O|var/)
    expect(reported).toEqual([cause])
  })
})

describe('500 Internal Server Error', () => {
  it('answers a generic problem without a stack trace and reports the error', async () => {
    const store = new MemoryStore()
    store.write = async () => {
      throw new Error('disk on fire at /secret/path')
    }
    const reported: unknown[] = []
    const app = createApp({ store, onError: (error) => reported.push(error) })
    const response = await app.request('/todos', jsonRequest('POST', { content: 'x' }))
    const body = await problemOf(response, 500, 'Internal Server Error')
    expect(JSON.stringify(body)).not.toMatch(/secret|fire|at /)
    expect(reported).toHaveLength(1)
  })
})

describe('body limit over a socket', () => {
  it('answers 413 to a chunked body that grows past the limit, then serves the next request', async () => {
    const server = await listen(createApp({ maxBodyBytes: 1024 }), { port: 0 })
    try {
      const text = `{"content":[${`"${'x'.repeat(500)}",`.repeat(50)}`
      const response = await fetch(
        `${server.url}/todos`,
        streamedJsonRequest('POST', chunkedBody(text, 502)),
      )
      expect(response.status).toBe(413)
      expect((await response.json()).title).toBe('Content Too Large')
      const next = await fetch(`${server.url}/todos`, jsonRequest('POST', { content: 'small' }))
      expect(next.status).toBe(201)
    } finally {
      await server.close()
    }
  })

  it('reads a body that arrives in many chunks', async () => {
    const server = await listen(createApp(), { port: 0 })
    try {
      const text = JSON.stringify({ content: 'é'.repeat(3000) })
      const response = await fetch(
        `${server.url}/todos`,
        streamedJsonRequest('POST', chunkedBody(text, 777)),
      )
      expect(response.status).toBe(201)
      expect((await response.json()).content).toBe('é'.repeat(3000))
    } finally {
      await server.close()
    }
  })
})
