import ky, { type KyInstance, type Options } from 'ky'
import * as z from 'zod/mini'
import { endpoints, type OperationName } from '../contract/index.ts'
import { createApiError } from '../errors/createApiError.ts'
import { ResponseValidationError } from '../errors/ResponseValidationError.ts'
import { encodeListQuery } from './encodeListQuery.ts'
import { invalidInput } from './invalidInput.ts'
import {
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT,
  type RequestOptions,
  type TodoClientOptions,
} from './options.ts'
import { parseBody } from './parseBody.ts'
import { resolveBaseUrl } from './resolveBaseUrl.ts'
import { TodosResource } from './TodosResource.ts'
import { toClientError } from './toClientError.ts'

/** One request as `TodosResource` describes it to the client. */
export interface Call {
  operation: OperationName
  /** Path relative to the base URL, from the contract's `todoPath()` / `COLLECTION_PATH`. */
  path: string
  /** Typed list parameters, for `list` only. */
  query?: Parameters<typeof encodeListQuery>[0]
  /** JSON request body. */
  json?: unknown
  options?: RequestOptions | undefined
}

/** Copies `source` without its `undefined` values, which ky would otherwise merge as overrides. */
function defined<T extends object>(source: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined),
  ) as Partial<T>
}

/**
 * A typed client for any server that follows the todos contract. Every method resolves with
 * contract-checked data or throws one of the SDK's errors (`TodoApiError` and its subclasses,
 * `TimeoutError`, `NetworkError`, `AbortError`, `ResponseValidationError`).
 *
 * @example
 * const client = new TodoClient({ baseUrl: 'http://127.0.0.1:3000' })
 * const todo = await client.todos.create({ content: 'Buy milk' })
 * await client.todos.update(todo.id, { completed: true })
 */
export class TodoClient {
  /** The `/todos` collection: list, get, create, replace, update, delete. */
  readonly todos: TodosResource
  readonly #ky: KyInstance
  readonly #base: URL
  readonly #timeout: number | false
  readonly #validate: boolean

  /**
   * @example
   * new TodoClient({ baseUrl: 'https://example.com/api', timeout: 5000, retry: { limit: 3 } })
   */
  constructor(options: TodoClientOptions) {
    const { baseUrl, timeout = DEFAULT_TIMEOUT, retry, fetch, validate = true, hooks } = options
    this.#base = resolveBaseUrl(baseUrl)
    this.#timeout = timeout
    this.#validate = validate
    const headers = new Headers(options.headers)
    if (!headers.has('accept')) headers.set('accept', 'application/json')
    this.#ky = ky.create(
      defined({
        headers,
        timeout,
        retry: { ...DEFAULT_RETRY, ...(typeof retry === 'number' ? { limit: retry } : retry) },
        fetch,
        hooks,
      }),
    )
    this.todos = new TodosResource((call) => this.#send(call))
  }

  async #send({ operation, path, query, json, options = {} }: Call): Promise<unknown> {
    const { method, success, request, response: schema } = endpoints[operation]
    const search = operation === 'list' ? encodeListQuery(query) : ''
    // Bodies are checked and completed (defaults such as `completed: false`) by the contract's
    // schema, so a server that stores what it is sent, as json-server does, gets every field.
    const input = request ? z.safeParse(request, json) : undefined
    if (input && !input.success) throw invalidInput(`${operation} input`, input.error)
    const url = new URL(`.${path}${search}`, this.#base).href
    const { signal, timeout = this.#timeout, headers } = options
    let response: Response
    let text: string
    try {
      const pending = this.#ky(
        url,
        defined({ method, json: input?.data, signal, timeout, headers }) as Options,
      )
      text = await pending.text()
      response = await pending
    } catch (error) {
      throw toClientError(error, { method, url, timeout, signal })
    }
    const { status } = response
    if (!(success as readonly number[]).includes(status)) {
      // The contract names the success codes per operation; any other, even a 2xx, is an error.
      const { statusText, headers } = response
      throw createApiError({ method, url, status, statusText, headers, body: parseBody(text) })
    }
    if (!schema) return undefined
    const body = parseBody(text)
    if (!this.#validate) return body
    const result = z.safeParse(schema, body)
    if (!result.success) {
      throw new ResponseValidationError({ method, url, status, body, issues: result.error.issues })
    }
    return result.data
  }
}
