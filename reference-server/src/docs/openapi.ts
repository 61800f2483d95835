import {
  COLLECTION_PATH,
  contractMetadata,
  type Endpoint,
  endpoints,
  MAX_BODY_BYTES,
  MAX_CONTENT_LENGTH,
  MAX_PAGE_LIMIT,
  MAX_SEARCH_LENGTH,
  MAX_TODO_ID,
  STATUS_TEXT,
  Todo,
  TodoId,
  TodoPatch,
} from '@todokit/sdk/contract'
import * as z from 'zod/mini'
import { ERROR_EXAMPLES, problemBody } from '../http/problem.ts'
import { bodyTypes } from '../http/request.ts'
import { allowedMethods } from '../routes/allowed-methods.ts'

/**
 * Options of {@link createOpenApiDocument}.
 * @example createOpenApiDocument({ serverUrl: 'https://todos.example.com', maxBodyBytes: 1024 })
 */
export interface OpenApiOptions {
  /** The base URL clients call, listed under `servers`. @default 'http://localhost:3000' */
  serverUrl?: string
  /** The request body limit to publish, in bytes. @default MAX_BODY_BYTES */
  maxBodyBytes?: number
}

type JsonObject = Record<string, unknown>

const COMPONENTS = '#/components/schemas/'
const RESPONSES = '#/components/responses/'

function idOf(schema: z.core.$ZodType): string {
  const { id } = contractMetadata.get(schema) ?? {}
  if (id === undefined) throw new Error('A schema the document names has no id in contractMetadata')
  return id
}

/** The contract's named schemas as JSON Schema, as a client sends (`input`) or receives them. */
const namedSchemas = (io: 'input' | 'output') =>
  z.toJSONSchema(contractMetadata, {
    io,
    metadata: contractMetadata,
    uri: (id) => `${COMPONENTS}${id}`,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      // Generators turn a default into a required field.
      if (io === 'input') delete jsonSchema.default
      // `additionalProperties: {}` would type a todo as an open record, and mocks invent fields.
      const extra = jsonSchema.additionalProperties
      if (typeof extra === 'object' && Object.keys(extra).length === 0) {
        delete jsonSchema.additionalProperties
      }
      // "At least one field", which JSON Schema cannot see: one variant per field requiring it.
      if (zodSchema === TodoPatch) {
        const { type, properties = {}, additionalProperties } = jsonSchema
        const shape = { type, properties, additionalProperties }
        jsonSchema.anyOf = Object.keys(properties).map((field) => ({ ...shape, required: [field] }))
        for (const key of Object.keys(shape)) delete jsonSchema[key as keyof typeof shape]
      }
      // The SDK's Todo tolerates any integer id; this server hands out TodoIds only.
      if (zodSchema === Todo.shape.id)
        Object.assign(jsonSchema, { minimum: 1, maximum: MAX_TODO_ID })
    },
  }).schemas

/** The components: request bodies as clients send them, everything else as they receive it. */
function componentSchemas(): Record<string, JsonObject> {
  const [inputs, outputs] = [namedSchemas('input'), namedSchemas('output')]
  const sent = new Set(Object.values(endpoints).map(({ request }) => request && idOf(request)))
  return Object.fromEntries(
    Object.keys(outputs).map((id) => {
      const { $schema: _, $id: __, ...schema } = (sent.has(id) ? inputs : outputs)[id] ?? {}
      return [id, schema]
    }),
  )
}

/** The media of a JSON body of `schema`, with the contract's first example. */
function jsonMedia(schema: z.core.$ZodType): JsonObject {
  const example = contractMetadata.get(schema)?.examples?.[0]
  return { schema: { $ref: `${COMPONENTS}${idOf(schema)}` }, example }
}

const stringHeader = (description: string, example: string) => ({
  description,
  schema: { type: 'string', examples: [example] },
})
const ETAG = { ETag: stringHeader('Strong entity tag of the body.', '"1x9kf0a7b2c"') }
const LINK = {
  Link: stringHeader(
    'With `limit`, while more todos follow: `<url>; rel="next"` (RFC 8288), the URL of the next page with the same query and a `cursor`. Absent on the last page.',
    '</todos?limit=20&cursor=WyJhYmMiLDIwXQ>; rel="next"',
  ),
}

function errorResponse(status: number, maxBodyBytes: number): JsonObject {
  const [meaning, example] = ERROR_EXAMPLES[status] ?? []
  if (!example) throw new Error(`The document has no example of a ${status}`)
  const schema = { $ref: `${COMPONENTS}ProblemDetails` }
  const problem = { schema, example: problemBody(example(maxBodyBytes)) }
  const description = `${STATUS_TEXT[status]}: ${meaning}`
  return { description, content: { 'application/problem+json': problem } }
}

/** DELETE answers with the todo as it was (the contract leaves it open), a create with 201. */
function successResponses(endpoint: Endpoint): Record<string, JsonObject> {
  const { method, query, response, success } = endpoint
  const answers: Record<string, JsonObject> = {
    POST: {
      description: 'Created. `Location` is the new todo’s path.',
      headers: { Location: stringHeader('The new todo’s path.', '/todos/1'), ...ETAG },
    },
    DELETE: { description: 'Deleted; the body is the todo as it was.' },
    GET: { description: STATUS_TEXT[200], headers: query ? { ...ETAG, ...LINK } : ETAG },
  }
  const content = { 'application/json': jsonMedia(response ?? Todo) }
  const notModified = { description: '`If-None-Match` matched: the client’s copy is current.' }
  return {
    [Math.max(...success)]: { ...(answers[method] ?? answers.GET), content },
    ...(method === 'GET' && { 304: { ...notModified, headers: ETAG } }),
  }
}

function pathParameters(path: string): JsonObject[] {
  if (!path.includes('{id}')) return []
  const { $schema: _, ...schema } = z.toJSONSchema(TodoId, { metadata: contractMetadata })
  return [{ name: 'id', in: 'path', required: true, schema }]
}

function parameters(endpoint: Endpoint, schemas: Record<string, JsonObject>): JsonObject[] {
  const { path, query, method } = endpoint
  const list = pathParameters(path)
  const properties = query ? (schemas[idOf(query)]?.properties as Record<string, JsonObject>) : {}
  for (const [name, { description, ...schema }] of Object.entries(properties)) {
    // Comma-separated (`order=completed,-id`); the server reads them repeated too.
    const style = schema.type === 'array' ? { style: 'form', explode: false } : {}
    list.push({ name, in: 'query', required: false, description, ...style, schema })
  }
  if (method !== 'POST') {
    const name = method === 'GET' ? 'If-None-Match' : 'If-Match'
    list.push({ name, in: 'header', required: false, schema: { type: 'string' } })
  }
  return list
}

/** HEAD of a GET operation: its headers and statuses, without a body, not even a problem. */
function headOperation(get: JsonObject, endpoint: Endpoint, noun: string): JsonObject {
  const errors = endpoint.errors.map((status) => [status, errorResponse(status, 0)] as const)
  const answers = [...Object.entries(successResponses(endpoint)), ...errors]
  return {
    ...get,
    operationId: `head${noun}`,
    summary: `${get.summary}: headers only`,
    description: `As GET, without a body: the status and headers alone (\`ETag\`${endpoint.query ? ', `Link`' : ''}).`,
    responses: Object.fromEntries(
      answers.map(([status, { content: _, ...rest }]) => [status, rest]),
    ),
  }
}

function optionsOperation(path: string, noun: string): JsonObject {
  const allow = allowedMethods(path).join(', ')
  return {
    operationId: `options${noun}`,
    summary: 'Methods allowed on this path',
    description: 'Other methods get 405 Method Not Allowed, with the same `Allow` header.',
    tags: ['todos'],
    parameters: pathParameters(path),
    responses: {
      204: {
        description: 'No Content.',
        headers: { Allow: stringHeader('The methods of this path.', allow) },
      },
    },
  }
}

/**
 * The OpenAPI 3.1 document of the todos API, generated from the contract's endpoint table, the
 * metadata of its schemas and the server's problems, so it never drifts from what it validates.
 * @example writeFileSync('openapi.json', JSON.stringify(createOpenApiDocument()))
 */
export function createOpenApiDocument(options: OpenApiOptions = {}): JsonObject {
  const { serverUrl = 'http://localhost:3000', maxBodyBytes = MAX_BODY_BYTES } = options
  const schemas = componentSchemas()
  const paths: Record<string, Record<string, JsonObject>> = {}
  for (const endpoint of Object.values<Endpoint>(endpoints)) {
    const { operationId, summary, description, path, method, errors, request } = endpoint
    const types = bodyTypes(method)
    const content = request && Object.fromEntries(types.map((type) => [type, jsonMedia(request)]))
    const errorRefs = errors.map((status) => [status, { $ref: `${RESPONSES}Status${status}` }])
    const operation: JsonObject = {
      operationId,
      summary,
      description,
      tags: ['todos'],
      parameters: parameters(endpoint, schemas),
      ...(content && { requestBody: { required: true, content } }),
      responses: { ...successResponses(endpoint), ...Object.fromEntries(errorRefs) },
    }
    const item = { ...paths[path], [method.toLowerCase()]: operation }
    paths[path] = item
    if (method === 'GET') {
      // listTodos → Todos, getTodo → Todo.
      const noun = operationId.replace(/^(list|get)/, '')
      item.head = headOperation(operation, endpoint, noun)
      item.options = optionsOperation(path, noun)
    }
  }
  delete schemas[idOf(endpoints.list.query)]
  const statuses = [...new Set(Object.values(endpoints).flatMap(({ errors }) => errors))]
  return {
    openapi: '3.1.1',
    info: {
      title: 'todokit todos API',
      version: '1.0.0',
      contact: { name: 'todokit' },
      license: { name: 'MIT', identifier: 'MIT' },
      description: [
        `One collection of todos at ${COLLECTION_PATH}. Errors are RFC 9457 problem details. The API needs no credentials.`,
        `Limits: content at most ${MAX_CONTENT_LENGTH} characters; request bodies at most ${maxBodyBytes} bytes (413 beyond); \`q\` at most ${MAX_SEARCH_LENGTH} characters; pages (\`limit\`) at most ${MAX_PAGE_LIMIT} todos.`,
        'Conditional requests: every todo and list has an ETag; `If-None-Match` gives 304, `If-Match` on PUT, PATCH and DELETE gives 412 when the todo changed.',
        'A method a path does not have gets 405 Method Not Allowed, with `Allow` (as OPTIONS lists it).',
      ].join('\n\n'),
    },
    servers: [{ url: serverUrl }],
    security: [],
    tags: [{ name: 'todos', description: 'Create, read, list, change and delete todos.' }],
    paths,
    components: {
      schemas,
      responses: Object.fromEntries(
        statuses.sort().map((status) => [`Status${status}`, errorResponse(status, maxBodyBytes)]),
      ),
    },
  }
}
