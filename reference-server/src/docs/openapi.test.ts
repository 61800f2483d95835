import SwaggerParser from '@apidevtools/swagger-parser'
import {
  contractMetadata,
  type Endpoint,
  endpoints,
  MAX_BODY_BYTES,
  MAX_CLIENT_ID,
  MAX_PAGE_LIMIT,
  MAX_TODO_ID,
  OrderKey,
  TODO_PATCHABLE_FIELDS,
  Todo,
  TodoCreate,
  TodoPatch,
} from '@todokit/sdk/contract'
import type { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { jsonRequest, MILK } from '../../test/helpers.ts'
import { createApp } from '../app.ts'
import { MemoryStore } from '../store/memory-store.ts'
import { createOpenApiDocument } from './openapi.ts'

type Operation = {
  operationId: string
  parameters: { name: string; in: string; schema: unknown }[]
  responses: Record<string, unknown>
  requestBody?: { content: Record<string, unknown> }
}
type Document = {
  openapi: string
  info: { description: string }
  paths: Record<string, Record<string, Operation>>
  components: {
    schemas: Record<string, Record<string, unknown>>
    responses: Record<string, { content: Record<string, { example?: unknown }> }>
  }
}

const document = createOpenApiDocument() as Document

describe('createOpenApiDocument', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validated = await SwaggerParser.validate(structuredClone(document) as never)
    expect((validated as { openapi?: string }).openapi).toMatch(/^3\.1\./)
  })

  it('has one operation per row of the contract endpoint table', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]
      expect(operation?.operationId, name).toBe(endpoint.operationId)
    }
  })

  it('takes body schemas from zod, not from a second field list', () => {
    const { $schema: _, ...create } = z.toJSONSchema(TodoCreate, { io: 'input' })
    expect(document.components.schemas.TodoCreate).toMatchObject({
      required: create.required,
      properties: { content: create.properties?.content },
    })
    expect(Object.keys(document.components.schemas.TodoCreate?.properties ?? {})).toEqual(
      Object.keys(TodoCreate.shape),
    )
    const patch = document.components.schemas.TodoPatch as { anyOf: { properties: object }[] }
    for (const variant of patch.anyOf) {
      expect(variant.properties).toMatchObject(z.toJSONSchema(TodoPatch).properties ?? {})
    }
  })

  it('lists the query parameters of the contract codec', () => {
    const list = document.paths['/todos']?.get as Operation
    const query = list.parameters.filter((parameter) => parameter.in === 'query')
    expect(query.map((parameter) => parameter.name)).toEqual(
      Object.keys(endpoints.list.query.def.shape),
    )
    const completed = query.find((parameter) => parameter.name === 'completed')
    expect(completed?.schema).toEqual({ type: 'boolean', examples: [false] })
  })

  it('documents paging: limit with its maximum, cursor, and the Link header of a list', () => {
    const list = document.paths['/todos']?.get
    const limit = list?.parameters.find((parameter) => parameter.name === 'limit')
    expect(limit).toMatchObject({ in: 'query', description: expect.stringContaining('Link') })
    expect(JSON.stringify(limit)).toContain(String(MAX_PAGE_LIMIT))
    expect(list?.parameters.map((parameter) => parameter.name)).toContain('cursor')
    const ok = list?.responses['200'] as { headers: Record<string, { description: string }> }
    expect(ok.headers.Link?.description).toMatch(/rel="next"/)
    expect(document.info.description).toContain(`at most ${MAX_PAGE_LIMIT} todos`)
  })

  it('documents problem+json error responses and the limits', () => {
    const create = document.paths['/todos']?.post as Operation
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(['201', '400', '409', '413', '415', '500']),
    )
    const patch = document.paths['/todos/{id}']?.patch as Operation
    expect(Object.keys(patch.requestBody?.content ?? {})).toContain('application/merge-patch+json')
    expect(Object.keys(patch.responses)).toContain('412')
    expect(document.info.description).toContain(String(MAX_BODY_BYTES))
    expect(JSON.stringify(document)).toContain('application/problem+json')
  })

  it('documents the 503 of a failed data file on every operation', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]
      expect(operation?.responses['503'], name).toEqual({
        $ref: '#/components/responses/Status503',
      })
    }
    expect(JSON.stringify(document)).toContain('Service Unavailable: With a data file')
  })

  it('publishes the id range of returned todos, while the SDK schema stays tolerant', () => {
    const range = { type: 'integer', minimum: 1, maximum: MAX_TODO_ID }
    type WithId = { properties: { id: unknown } }
    const schemas = document.components.schemas as unknown as { Todo: WithId }
    expect(schemas.Todo.properties.id).toMatchObject(range)
    expect(Todo.safeParse({ id: -5, content: 'x', completed: false }).success).toBe(true)
  })
})

/** A store whose every read and write fails as a bug would: the app answers 500. */
function brokenStore(): MemoryStore {
  const store = new MemoryStore([MILK])
  const broken = () => {
    throw new Error('the store is broken')
  }
  store.get = broken
  store.list = broken
  store.write = async () => broken()
  return store
}

/**
 * An app and a request to `endpoint` that the app refuses with `status`: each the way a client
 * meets that status on that operation (todo 1 exists unless the status is 404).
 */
function refusal(
  endpoint: Endpoint,
  status: number,
): { app: Hono; url: string; init: RequestInit } {
  const sendsBody = endpoint.request !== undefined
  const bodies: Record<string, object> = {
    POST: { content: 'Buy milk' },
    PUT: { id: 1, content: 'Buy milk', completed: true },
    PATCH: { completed: true },
  }
  const body = bodies[endpoint.method]
  const url = endpoint.path.replace('{id}', '1')
  const init: RequestInit = sendsBody
    ? jsonRequest(endpoint.method, body)
    : { method: endpoint.method }
  const withMilk = () => createApp({ store: new MemoryStore([MILK]), onError: () => {} })
  switch (status) {
    case 400:
      if (endpoint.path.includes('{id}')) return { app: withMilk(), url: '/todos/abc', init }
      if (sendsBody) return { app: withMilk(), url, init: jsonRequest(endpoint.method, '{') }
      return { app: withMilk(), url: `${url}?limit=0`, init }
    case 404:
      return { app: createApp(), url, init }
    case 409:
      return { app: withMilk(), url, init: jsonRequest(endpoint.method, { ...body, id: 1 }) }
    case 412:
      return {
        app: withMilk(),
        url,
        init: { ...init, headers: { ...init.headers, 'if-match': '"stale"' } },
      }
    case 413: {
      const app = createApp({ store: new MemoryStore([MILK]), maxBodyBytes: 8 })
      return { app, url, init }
    }
    case 415:
      return {
        app: withMilk(),
        url,
        init: { ...init, headers: { 'content-type': 'text/plain' }, body: 'Buy milk' },
      }
    case 500:
      return { app: createApp({ store: brokenStore(), onError: () => {} }), url, init }
    case 503: {
      const app = createApp({ store: new MemoryStore([MILK]), faults: {} })
      return { app, url, init: { ...init, headers: { ...init.headers, prefer: 'code=503' } } }
    }
    default:
      throw new Error(`No request known to get ${status} from ${endpoint.operationId}`)
  }
}

/** The problem the document shows for `status` on `endpoint`'s operation. */
function errorExampleOf(endpoint: Endpoint, status: number): unknown {
  const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]
  const reference = operation?.responses[status] as { $ref: string } | undefined
  const name = reference?.$ref.replace('#/components/responses/', '') ?? ''
  return document.components.responses[name]?.content['application/problem+json']?.example
}

describe('error examples', () => {
  it.each(
    Object.values(endpoints).flatMap((endpoint) =>
      endpoint.errors.map((status) => ({ endpoint, status })),
    ),
  )('show the problem $endpoint.operationId answers with $status', async ({ endpoint, status }) => {
    const shown = errorExampleOf(endpoint, status)
    const { app, url, init } = refusal(endpoint, status)
    const response = await app.request(url, init)
    expect(response.status).toBe(status)
    const sent = (await response.json()) as Record<string, unknown>
    expect(shown).toMatchObject({ type: sent.type, title: sent.title, status: sent.status })
  })

  it('shows the 404 of a missing todo as the server words it', async () => {
    const response = await createApp().request('/todos/1')
    const shown = document.components.responses.Status404?.content['application/problem+json']
    expect(shown?.example).toEqual(await response.json())
  })
})

describe('GET /openapi.json', () => {
  it('serves the generated document with the configured body limit', async () => {
    const response = await createApp({ maxBodyBytes: 1234 }).request('/openapi.json')
    expect(response.status).toBe(200)
    const served = (await response.json()) as Document
    expect(served.paths).toEqual(document.paths)
    expect(served.info.description).toContain('1234 bytes')
  })
})

/** Operations of the document, with their path and method. */
function operationsOf(api: Document): { path: string; method: string; operation: Operation }[] {
  return Object.entries(api.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  )
}

describe('the document as client generators and linters read it', () => {
  const list = () => document.paths['/todos']?.get as Operation
  const queryParameter = (name: string) =>
    list().parameters.find((parameter) => parameter.in === 'query' && parameter.name === name)

  it('types the query: completed boolean, id and limit integers', () => {
    expect(queryParameter('completed')?.schema).toMatchObject({ type: 'boolean' })
    expect(queryParameter('id')?.schema).toMatchObject({ type: 'integer', minimum: 1 })
    expect(queryParameter('limit')?.schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE_LIMIT,
    })
  })

  it('types order as a comma-separated array of the sort keys', () => {
    expect(queryParameter('order')).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { $ref: '#/components/schemas/OrderKey' } },
    })
    expect(document.components.schemas.OrderKey).toMatchObject({ enum: OrderKey.options })
  })

  it('names operations as generated clients call them', () => {
    expect(
      Object.fromEntries(
        operationsOf(document).map(({ path, method, operation }) => [
          `${method} ${path}`,
          operation.operationId,
        ]),
      ),
    ).toMatchObject({
      'get /todos': 'listTodos',
      'post /todos': 'createTodo',
      'get /todos/{id}': 'getTodo',
      'put /todos/{id}': 'replaceTodo',
      'patch /todos/{id}': 'updateTodo',
      'delete /todos/{id}': 'deleteTodo',
    })
  })

  it('refers to Todo from TodoList instead of repeating it', () => {
    expect(document.components.schemas.TodoList?.items).toEqual({
      $ref: '#/components/schemas/Todo',
    })
  })

  it('leaves completed out of what a create must send, without a default that makes it required', () => {
    const create = document.components.schemas.TodoCreate as {
      required: string[]
      properties: Record<string, object>
    }
    expect(create.required).toEqual(['content'])
    expect(create.properties.completed).not.toHaveProperty('default')
    expect(JSON.stringify(create.properties.completed)).toMatch(/false/)
  })

  it('requires a PATCH body to carry at least one field in a way generators can type', () => {
    const patch = document.components.schemas.TodoPatch as { anyOf?: { required: string[] }[] }
    expect(patch.anyOf?.map((variant) => variant.required)).toEqual(
      TODO_PATCHABLE_FIELDS.map((field) => [field]),
    )
  })

  it('declares that the API needs no credentials, its license and what the tag holds', () => {
    const api = document as unknown as Record<string, unknown> & {
      info: { license?: { name: string } }
      tags: { description?: string }[]
    }
    expect(api.security).toEqual([])
    expect(api.info.license?.name).toBe('MIT')
    expect(api.tags[0]?.description).toBeTruthy()
  })

  it('gives examples for the schemas, the parameters and the responses', () => {
    for (const name of [
      'Todo',
      'TodoList',
      'TodoCreate',
      'TodoReplace',
      'TodoPatch',
      'ProblemDetails',
    ]) {
      expect(document.components.schemas[name]?.examples, name).toBeInstanceOf(Array)
    }
    for (const { name, schema } of list().parameters) {
      if (name === 'cursor' || name.startsWith('If-')) continue
      expect((schema as { examples?: unknown[] }).examples, name).toBeInstanceOf(Array)
    }
    const ok = list().responses['200'] as { content: Record<string, { example?: unknown }> }
    expect(ok.content['application/json']?.example).toBeInstanceOf(Array)
  })

  it('documents HEAD and OPTIONS on both todos paths', () => {
    for (const path of ['/todos', '/todos/{id}']) {
      expect(document.paths[path]?.head?.operationId, path).toBeTruthy()
      expect(Object.keys(document.paths[path]?.options?.responses ?? {}), path).toContain('204')
    }
  })

  it('gives HEAD no body, not even an error’s problem', () => {
    for (const path of ['/todos', '/todos/{id}']) {
      const responses = Object.entries(document.paths[path]?.head?.responses ?? {})
      const statuses = responses.map(([status]) => status)
      expect(statuses, path).toContain('200')
      expect(statuses, path).toContain('400')
      for (const [status, response] of responses) {
        expect(response, `HEAD ${path} ${status}`).not.toHaveProperty('content')
        expect(response, `HEAD ${path} ${status}`).not.toHaveProperty('$ref')
      }
    }
  })

  it('lists 405 on no operation, since every documented method is allowed on its path', () => {
    for (const { path, method, operation } of operationsOf(document)) {
      expect(operation.responses, `${method} ${path}`).not.toHaveProperty('405')
    }
  })

  it('declares ETag on every 304', () => {
    const notModified = operationsOf(document).flatMap(
      ({ operation }) => (operation.responses['304'] ?? []) as { headers?: object }[],
    )
    expect(notModified.length).toBeGreaterThan(0)
    for (const response of [
      operationsOf(document)
        .map(({ operation }) => operation.responses['304'])
        .filter(Boolean),
    ].flat()) {
      expect(response).toMatchObject({ headers: { ETag: expect.anything() } })
    }
  })

  it('gives mocks examples for headers and no open record to fill with invented fields', () => {
    expect(document.components.schemas.Todo).not.toHaveProperty('additionalProperties')
    const create = document.paths['/todos']?.post as Operation
    const created = create.responses['201'] as {
      headers: Record<string, { schema: { examples?: unknown[] } }>
    }
    expect(created.headers.ETag?.schema.examples).toBeInstanceOf(Array)
    expect(created.headers.Location?.schema.examples).toEqual(['/todos/1'])
  })

  it('names a server URL that works as it is, not a relative "/"', () => {
    const api = document as unknown as { servers: { url: string }[] }
    expect(api.servers[0]?.url).toBe('http://localhost:3000')
  })
})

describe('GET /openapi.json server URL', () => {
  const serversOf = async (app: ReturnType<typeof createApp>, init?: RequestInit) => {
    const response = await app.request('http://evil.example/openapi.json', init)
    return ((await response.json()) as { servers: { url: string }[] }).servers
  }

  it('is relative to the document, whatever Host the request names', async () => {
    expect(await serversOf(createApp())).toEqual([{ url: '/' }])
    expect(await serversOf(createApp(), { headers: { host: 'evil.example' } })).toEqual([
      { url: '/' },
    ])
  })

  it('is the public URL the server was given at start', async () => {
    const app = createApp({ publicUrl: 'https://todos.example.com/api' })
    expect(await serversOf(app)).toEqual([{ url: 'https://todos.example.com/api' }])
  })
})

describe('the id range', () => {
  it('is the one the server accepts: a client proposes ids up to MAX_CLIENT_ID', async () => {
    const create = document.components.schemas.TodoCreate as {
      properties: { id: { maximum: number; minimum: number } }
    }
    expect(create.properties.id).toMatchObject({ minimum: 1, maximum: MAX_CLIENT_ID })
    const app = createApp()
    const post = (id: number) => app.request('/todos', jsonRequest('POST', { id, content: 'x' }))
    expect((await post(MAX_CLIENT_ID)).status).toBe(201)
    expect((await post(MAX_CLIENT_ID + 1)).status).toBe(400)
  })
})

describe('the document as linters read it', () => {
  it('describes every operation and names a contact', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item))
    expect(operations.length).toBeGreaterThanOrEqual(8)
    for (const operation of operations as { operationId: string; description?: string }[]) {
      expect(operation.description, operation.operationId).toMatch(/\w+/)
    }
    expect((document.info as { contact?: object }).contact).toEqual({ name: expect.any(String) })
  })
})

describe('a contract schema without an id', () => {
  it('fails the document rather than naming an empty component', () => {
    const metadata = contractMetadata.get(Todo)
    contractMetadata.remove(Todo)
    try {
      expect(() => createOpenApiDocument()).toThrow(/has no id/)
    } finally {
      if (metadata) contractMetadata.add(Todo, metadata)
    }
    expect(createOpenApiDocument()).toEqual(document)
  })
})
