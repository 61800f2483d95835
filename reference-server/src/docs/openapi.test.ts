import SwaggerParser from '@apidevtools/swagger-parser'
import {
  endpoints,
  MAX_BODY_BYTES,
  MAX_PAGE_LIMIT,
  MAX_TODO_ID,
  Todo,
  TodoCreate,
  TodoPatch,
} from '@todokit/sdk/contract'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { createApp } from '../app.ts'
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
  components: { schemas: Record<string, Record<string, unknown>> }
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
      expect(operation?.operationId, name).toBe(name)
    }
  })

  it('takes body schemas from zod, not from a second field list', () => {
    const { $schema: _, ...create } = z.toJSONSchema(TodoCreate, { io: 'input' })
    expect(document.components.schemas.TodoCreate).toEqual(create)
    expect(document.components.schemas.TodoPatch).toMatchObject({ minProperties: 1 })
    expect(z.toJSONSchema(TodoPatch).properties).toEqual(
      document.components.schemas.TodoPatch?.properties,
    )
  })

  it('lists the query parameters of the contract codec', () => {
    const list = document.paths['/todos']?.get as Operation
    const query = list.parameters.filter((parameter) => parameter.in === 'query')
    expect(query.map((parameter) => parameter.name)).toEqual(
      Object.keys(endpoints.list.query.def.shape),
    )
    const completed = query.find((parameter) => parameter.name === 'completed')
    expect(completed?.schema).toEqual({ type: 'string', enum: ['true', 'false'] })
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
      expect.arrayContaining(['201', '400', '405', '409', '413', '415', '500']),
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
    const schemas = document.components.schemas as unknown as {
      Todo: WithId
      TodoList: { items: WithId }
    }
    expect(schemas.Todo.properties.id).toEqual(range)
    expect(schemas.TodoList.items.properties.id).toEqual(range)
    expect(Todo.safeParse({ id: -5, content: 'x', completed: false }).success).toBe(true)
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
