import {
  COLLECTION_PATH,
  endpoints,
  type LIST_QUERY_PARAMETERS,
  MAX_BODY_BYTES,
  MAX_CONTENT_LENGTH,
  MAX_PAGE_LIMIT,
  MAX_SEARCH_LENGTH,
  MAX_TODO_ID,
  type OperationName,
  OrderKey,
  ProblemDetails,
  STATUS_TEXT,
  Todo,
  TodoCreate,
  TodoId,
  TodoList,
  TodoPatch,
  TodoReplace,
} from '@todokit/sdk/contract'
import * as z from 'zod/mini'

/**
 * Options of {@link createOpenApiDocument}.
 *
 * @example
 * const options: OpenApiOptions = { serverUrl: 'https://todos.example.com', maxBodyBytes: 16 * 1024 }
 * writeFileSync('openapi.json', JSON.stringify(createOpenApiDocument(options), null, 2))
 */
export interface OpenApiOptions {
  /**
   * The base URL clients call, listed under `servers`.
   * @default '/' (the server that serves the document)
   */
  serverUrl?: string
  /**
   * The request body limit to publish, in bytes.
   * @default MAX_BODY_BYTES
   */
  maxBodyBytes?: number
}

type JsonObject = Record<string, unknown>

/** Component names of the contract's schemas, and whether they describe what a client sends. */
const SCHEMAS = [
  ['Todo', Todo, 'output'],
  ['TodoList', TodoList, 'output'],
  ['TodoCreate', TodoCreate, 'input'],
  ['TodoReplace', TodoReplace, 'input'],
  ['TodoPatch', TodoPatch, 'input'],
  ['ProblemDetails', ProblemDetails, 'output'],
] as const

/**
 * zod's JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) without its `$schema` line, with what
 * the document says more precisely than the runtime schemas do.
 */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (context) => {
      // JSON Schema cannot see TodoPatch's "at least one field" refinement; minProperties can.
      if (context.zodSchema === TodoPatch) context.jsonSchema.minProperties = 1
      // The SDK's Todo accepts any integer id, to tolerate servers (see Todo); the ids this
      // server hands out are TodoIds, and that range is what its document publishes.
      if (context.zodSchema === Todo.shape.id) {
        context.jsonSchema.minimum = 1
        context.jsonSchema.maximum = MAX_TODO_ID
      }
    },
  })
  return rest
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

function schemaName(schema: unknown): string {
  const entry = SCHEMAS.find(([, candidate]) => candidate === schema)
  if (entry === undefined) throw new Error('A contract schema has no component name')
  return entry[0]
}

/** What each list query parameter means; typed by the contract, so a new parameter must be described. */
const QUERY_DESCRIPTIONS: Record<(typeof LIST_QUERY_PARAMETERS)[number], string> = {
  id: 'Only the todo with this id.',
  content: 'Only todos whose content is exactly this text.',
  completed: 'Only todos with this completion state: `true` or `false`.',
  q: `Only todos whose content contains this text, ignoring case (at most ${MAX_SEARCH_LENGTH} characters).`,
  order: `Sort keys, comma-separated, earlier keys first: ${OrderKey.options.join(', ')} (\`-\` for descending). A field may appear once. Without it, todos come in ascending id order.`,
  limit: `Paging, opt-in: at most this many todos (1 to ${MAX_PAGE_LIMIT}). While more follow, the \`Link\` header names the next page. Without it, the list is every todo the query selects.`,
  cursor:
    'Where the page starts: copied from the `Link` header of the page before, never built by hand. It is valid only with the filters, `q` and `order` it was made for (400 otherwise). Todos that exist for the whole walk and do not change appear exactly once, whatever else is created or deleted meanwhile.',
}

const LINK_HEADER = {
  Link: {
    description:
      'With `limit`, while more todos follow: `<url>; rel="next"` (RFC 8288), the URL of the next page with the same query and a `cursor`. Absent on the last page.',
    schema: { type: 'string' },
  },
}

/** Error responses each operation can give, beyond the 405/500/503 every path may answer. */
const ERRORS: Record<OperationName, number[]> = {
  list: [400],
  get: [400, 404],
  create: [400, 409, 413, 415],
  replace: [400, 404, 412, 413, 415],
  update: [400, 404, 412, 413, 415],
  delete: [400, 404, 412],
}

const ERROR_MEANING: Record<number, string> = {
  400: 'Malformed JSON, a body or query that breaks the schema (each bad field in `errors`), or an invalid id in the path.',
  404: 'No todo with this id.',
  405: 'The method is not allowed on this path; `Allow` lists the ones that are.',
  409: 'The id the client chose belongs to another todo, or the store holds as many todos as it may (delete some first).',
  412: '`If-Match` does not match the todo’s current ETag.',
  413: 'The body is larger than the limit.',
  415: 'The body is not sent as JSON.',
  500: 'The server failed; the body never carries a stack trace.',
  503: 'With a data file (`--data`): the database could not commit the write, and nothing of it was stored; try again later.',
}

const ETAG_HEADER = {
  ETag: { description: 'Strong entity tag of the body.', schema: { type: 'string' } },
}

function errorResponses(name: OperationName): JsonObject {
  const responses: JsonObject = {}
  for (const status of [...ERRORS[name], 405, 500, 503]) {
    responses[status] = { $ref: `#/components/responses/Status${status}` }
  }
  return responses
}

function successResponses(name: OperationName): JsonObject {
  const endpoint = endpoints[name]
  const response = endpoint.response ?? Todo
  const body = { content: { 'application/json': { schema: ref(schemaName(response)) } } }
  if (name === 'create') {
    return {
      201: {
        description: 'Created. `Location` is the new todo’s path.',
        headers: { Location: { schema: { type: 'string' } }, ...ETAG_HEADER },
        ...body,
      },
    }
  }
  const headers = name === 'list' ? { ...ETAG_HEADER, ...LINK_HEADER } : ETAG_HEADER
  const ok =
    name === 'delete'
      ? { description: 'Deleted; the body is the todo as it was.', ...body }
      : { description: STATUS_TEXT[200], headers, ...body }
  if (endpoint.method !== 'GET') return { 200: ok }
  return { 200: ok, 304: { description: '`If-None-Match` matched: the client’s copy is current.' } }
}

function parameters(name: OperationName): JsonObject[] {
  const endpoint = endpoints[name]
  const list: JsonObject[] = []
  if (endpoint.path.includes('{id}')) {
    list.push({ name: 'id', in: 'path', required: true, schema: jsonSchema(TodoId, 'output') })
  }
  if (endpoint.query !== undefined) {
    const wire = jsonSchema(endpoint.query, 'input').properties as Record<string, JsonObject>
    const decoded = jsonSchema(endpoint.query, 'output').properties as Record<string, JsonObject>
    for (const [parameter, wireSchema] of Object.entries(wire)) {
      const description = QUERY_DESCRIPTIONS[parameter as keyof typeof QUERY_DESCRIPTIONS]
      // A boolean travels as the text true or false; say so, so tools offer exactly those.
      const schema =
        decoded[parameter]?.type === 'boolean'
          ? { ...wireSchema, enum: ['true', 'false'] }
          : wireSchema
      list.push({ name: parameter, in: 'query', required: false, description, schema })
    }
  }
  const conditional = endpoint.method === 'GET' ? 'If-None-Match' : 'If-Match'
  if (name !== 'create') {
    list.push({ name: conditional, in: 'header', required: false, schema: { type: 'string' } })
  }
  return list
}

function requestBody(name: OperationName): JsonObject | undefined {
  const schema = endpoints[name].request
  if (schema === undefined) return undefined
  const media = { schema: ref(schemaName(schema)) }
  const content: JsonObject = { 'application/json': media }
  if (name === 'update') content['application/merge-patch+json'] = media
  return { required: true, content }
}

/**
 * The OpenAPI 3.1 document of the todos API, generated from the contract's endpoint table and
 * zod's JSON Schema output, so it can never drift from what the server validates.
 *
 * @example
 * const document = createOpenApiDocument({ serverUrl: 'http://127.0.0.1:3000' })
 * document.paths['/todos'].get.operationId // → 'list'
 */
export function createOpenApiDocument(options: OpenApiOptions = {}): JsonObject {
  const { serverUrl = '/', maxBodyBytes = MAX_BODY_BYTES } = options
  const paths: Record<string, JsonObject> = {}
  for (const name of Object.keys(endpoints) as OperationName[]) {
    const endpoint = endpoints[name]
    const operation: JsonObject = {
      operationId: name,
      summary: endpoint.summary,
      tags: ['todos'],
      parameters: parameters(name),
      requestBody: requestBody(name),
      responses: { ...successResponses(name), ...errorResponses(name) },
    }
    if (operation.requestBody === undefined) delete operation.requestBody
    paths[endpoint.path] ??= {}
    ;(paths[endpoint.path] as JsonObject)[endpoint.method.toLowerCase()] = operation
  }
  const responses: JsonObject = {}
  for (const [status, description] of Object.entries(ERROR_MEANING)) {
    responses[`Status${status}`] = {
      description: `${STATUS_TEXT[Number(status)]}: ${description}`,
      ...(status === '405' ? { headers: { Allow: { schema: { type: 'string' } } } } : {}),
      content: { 'application/problem+json': { schema: ref('ProblemDetails') } },
    }
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'todokit todos API',
      version: '1.0.0',
      description: [
        `One collection of todos at ${COLLECTION_PATH}. Errors are RFC 9457 problem details.`,
        `Limits: content at most ${MAX_CONTENT_LENGTH} characters; request bodies at most ${maxBodyBytes} bytes (413 beyond); \`q\` at most ${MAX_SEARCH_LENGTH} characters; pages (\`limit\`) at most ${MAX_PAGE_LIMIT} todos.`,
        'Conditional requests: every todo and list has an ETag; `If-None-Match` gives 304, `If-Match` on PUT, PATCH and DELETE gives 412 when the todo changed.',
      ].join('\n\n'),
    },
    servers: [{ url: serverUrl }],
    tags: [{ name: 'todos' }],
    paths,
    components: {
      schemas: Object.fromEntries(
        SCHEMAS.map(([name, schema, io]) => [name, jsonSchema(schema, io)]),
      ),
      responses,
    },
  }
}
