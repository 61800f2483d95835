import type { Hooks, Options, RetryOptions } from 'ky'
import type { OrderKey, TodoListQuery } from '../contract/list-query.ts'
import type { Todo } from '../contract/todo.ts'

/** Per-attempt timeout when none is given, in milliseconds. */
export const DEFAULT_TIMEOUT = 10_000

/** Largest response body read when none is given, in bytes (16 MiB). */
export const DEFAULT_MAX_RESPONSE_SIZE = 16 * 1024 * 1024

/** What every request accepts: JSON for data, problem details for errors. */
export const ACCEPT = 'application/json, application/problem+json'

const RETRY_STATUS_CODES = [408, 429, 502, 503, 504]

/**
 * Retries by default: idempotent methods only (a retried POST could create a second todo), on
 * network errors and the statuses that say "try again", honouring `Retry-After` up to 30 s. A
 * longer `Retry-After` is not waited for at all (see `createSend`).
 */
export const DEFAULT_RETRY = {
  limit: 2,
  methods: ['get', 'put', 'delete'],
  statusCodes: RETRY_STATUS_CODES,
  afterStatusCodes: RETRY_STATUS_CODES,
  maxRetryAfter: 30_000,
} satisfies RetryOptions

/** ky's hooks, passed through unchanged; see ky's readme for what each one receives. */
export type TodoClientHooks = Hooks

/** ky's retry options; the SDK's defaults are merged under whatever you give. */
export type TodoClientRetryOptions = RetryOptions

// Every optional member also takes `undefined`, so applications compiled with
// `exactOptionalPropertyTypes` can pass a value they may not have (`timeout: config.timeout`).

/** Options for `new TodoClient(options)`. */
export interface TodoClientOptions {
  /**
   * Where the todos API lives, without query or fragment. May include a path prefix; requests
   * go to `{baseUrl}/todos…`. A relative URL is left to `fetch`, which resolves it against the
   * page in browsers (and rejects it where there is no page).
   *
   * @example 'http://127.0.0.1:3000'
   * @example 'https://example.com/api/v1'
   */
  baseUrl: string | URL
  /**
   * Headers sent with every request (per-call `headers` are merged over them).
   *
   * @default { accept: 'application/json, application/problem+json' }
   * @example { authorization: `Bearer ${token}` }
   */
  headers?: HeadersInit | undefined
  /**
   * Per-attempt timeout in milliseconds, for the response and again for reading its body;
   * `false` for none. A timeout throws `TimeoutError` and is not retried.
   *
   * @default 10000
   * @example 5000
   */
  timeout?: number | false | undefined
  /**
   * Retry policy (ky's `retry` option). A number sets `limit`; an object is merged over the
   * defaults. POST and PATCH are not retried unless you add them to `methods`, which is safe for
   * POST only when you choose the id yourself (a repeat then fails with 409 instead of creating a
   * duplicate). An answer whose `Retry-After` asks for a longer wait than `maxRetryAfter` is not
   * retried: its error is thrown at once, with the server's `Retry-After` in `error.headers`.
   *
   * @default { limit: 2, methods: ['get', 'put', 'delete'], statusCodes: [408, 429, 502, 503, 504], afterStatusCodes: [408, 429, 502, 503, 504], maxRetryAfter: 30000 }
   * @example { limit: 5 }
   * @example { methods: ['get', 'put', 'delete', 'post', 'patch'] }
   * @example 0 // never retry
   */
  retry?: number | TodoClientRetryOptions | undefined
  /**
   * Largest response body the client reads, in bytes. A larger body (or a `Content-Length` that
   * announces one) fails the call with `ResponseTooLargeError`, and the connection is closed,
   * so a server that sends without end cannot exhaust memory; an error status's body that large
   * is dropped, and its error comes without `body`. The default is far above any real page: a
   * full page of 1000 todos with 10,000-character contents is about 10 MB.
   *
   * @default 16777216 // 16 MiB
   * @example 1024 * 1024
   */
  maxResponseSize?: number | undefined
  /**
   * The `fetch` to use: a framework's wrapper, an instrumented one, or a fake in tests. Whatever
   * it rejects with (other than an abort) is thrown as `NetworkError` with that as `cause`, and
   * retried like a refused connection.
   *
   * @default globalThis.fetch
   * @example (input, init) => fetch(input, { ...init, credentials: 'include' })
   */
  fetch?: Options['fetch'] | undefined
  /**
   * Check every success body against the contract's schemas and throw
   * `ResponseValidationError` when it does not match. Extra fields are always tolerated.
   *
   * @default true
   * @example false // trust the server, skip the check
   */
  validate?: boolean | undefined
  /**
   * ky hooks, for cross-cutting concerns such as auth headers or logging. They see ky's raw
   * requests, responses and errors; callers of the client only ever see the SDK's errors.
   *
   * @default {}
   * @example { beforeRequest: [({ request }) => request.headers.set('authorization', `Bearer ${token()}`)] }
   */
  hooks?: TodoClientHooks | undefined
}

/** Options every method takes as its last argument. */
export interface RequestOptions {
  /**
   * Aborts the request (including retry waits); the call then throws `AbortError`.
   *
   * @default undefined
   * @example AbortSignal.timeout(30_000)
   */
  signal?: AbortSignal | undefined
  /**
   * Per-attempt timeout for this call, overriding the client's.
   *
   * @default the client's `timeout`
   * @example 2000
   */
  timeout?: number | false | undefined
  /**
   * Extra headers for this call, merged over the client's.
   *
   * @default undefined
   * @example { 'x-request-id': crypto.randomUUID() }
   * @example { authorization: `Bearer ${token}` }
   */
  headers?: HeadersInit | undefined
}

/** Options of `client.todos.iterate()`: those of every request, and a cap on pages. */
export interface IterateOptions extends RequestOptions {
  /**
   * Most pages to request. A walk that would go further stops with `PagingError` once this many
   * pages have been yielded. Without it a walk ends only at the last page, or with `PagingError`
   * when a `next` link leads back to a page already requested.
   *
   * @default undefined // no cap
   * @example 50
   */
  maxPages?: number | undefined
}

// An interface rather than an alias, so type errors name it: an alias would print as the
// mapped type it stands for.
/**
 * Filters, search, sort and paging for `client.todos.list()`, `page()` and `iterate()`, sent as
 * query parameters. `order` takes one key or several; `-field` sorts descending. `limit` asks for
 * pages of at most that many todos (the reference server allows up to 1000); `cursor` is a
 * `nextCursor` from `page()`, valid with the query it came with.
 *
 * @example { completed: false, q: 'milk', order: ['completed', '-id'] }
 * @example { completed: false, limit: 50, cursor: page.nextCursor }
 */
export interface TodoListParams extends OrUndefined<Omit<TodoListQuery, 'order'>> {
  /** One sort key or several, most significant first; `-field` sorts descending. */
  order?: OrderKey | readonly OrderKey[] | undefined
}

/** `T` with every member optional and open to an explicit `undefined`. */
type OrUndefined<T> = { [Key in keyof T]?: T[Key] | undefined }

/**
 * One page of `client.todos.page()`: its todos, and the cursor of the page after it.
 *
 * @example
 * const { todos, nextCursor } = await client.todos.page({ limit: 20 })
 * const hasMore = nextCursor !== undefined
 */
export interface TodoPage {
  /** The todos of this page, in the query's order. */
  todos: Todo[]
  /** The `cursor` to ask for the next page with; `undefined` on the last page. */
  nextCursor: string | undefined
}
