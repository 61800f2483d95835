import ky, { HTTPError, KyError, TimeoutError as KyTimeoutError, type RetryOptions } from 'ky'
import type * as z from 'zod/mini'
import type { endpoints } from '../contract/endpoints.ts'
import { type OperationName, operations } from '../contract/operations.ts'
import { AbortError } from '../errors/AbortError.ts'
import { createApiError } from '../errors/createApiError.ts'
import { NetworkError } from '../errors/NetworkError.ts'
import { ResponseValidationError } from '../errors/ResponseValidationError.ts'
import { TimeoutError } from '../errors/TimeoutError.ts'
import type { RequestDescription } from '../errors/TodoClientError.ts'
import { checkBody } from './checkBody.ts'
import { defined } from './defined.ts'
import { followRedirects } from './followRedirects.ts'
import { limitErrorBodies } from './limitErrorBodies.ts'
import {
  ACCEPT,
  DEFAULT_MAX_RESPONSE_SIZE,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT,
  type RequestOptions,
  type TodoClientOptions,
} from './options.ts'
import { parseBody } from './parseBody.ts'
import { readBody } from './readBody.ts'
import { reportFetchFailures } from './reportFetchFailures.ts'

// Types only: the endpoint table's schemas name what each operation sends and returns, and
// none of them is bundled.
type Endpoint<Operation extends OperationName> = (typeof endpoints)[Operation]

/** The body an operation sends: its request schema's input (`undefined` for none). */
export type OperationBody<Operation extends OperationName> =
  Endpoint<Operation>['request'] extends infer Schema extends z.core.$ZodType
    ? z.input<Schema>
    : undefined

/**
 * What an operation resolves with: its response schema's output, or `unknown` where the
 * contract leaves the body open (DELETE).
 */
export type OperationResult<Operation extends OperationName> =
  Endpoint<Operation>['response'] extends infer Schema extends z.core.$ZodType
    ? z.output<Schema>
    : unknown

/**
 * What {@link Send} resolves with: the checked body, the response it was read from (a list page
 * reads `Link` from its headers) and the URL requested, against which a relative link resolves.
 */
export interface Reply<Operation extends OperationName> {
  body: OperationResult<Operation>
  response: Response
  url: string
}

/**
 * Performs one operation of the contract and resolves with its checked body and response.
 *
 * @param path relative to the base URL, query string included. @example '/todos/1'
 * @param json the request body, sent as JSON.
 */
export type Send = <Operation extends OperationName>(
  operation: Operation,
  path: string,
  options?: RequestOptions,
  json?: OperationBody<Operation>,
) => Promise<Reply<Operation>>

/**
 * The transport behind `TodoClient`: one ky instance with the SDK's defaults, and the rules that
 * turn each answer into data or one of the SDK's errors.
 */
export function createSend(clientOptions: TodoClientOptions): Send {
  // Without these every call would fail as a NetworkError, hiding that the runtime is too old
  // (Node has fetch from 18, and AbortSignal.any, which ky needs for a caller's signal, from
  // 20.3). The message names the Node that every todokit package asks for.
  if (typeof globalThis.AbortSignal?.any !== 'function') {
    throw new TypeError(
      'TodoClient needs fetch and AbortSignal.any: Node ≥ 22.13, Deno, Bun or a current browser',
    )
  }
  const { baseUrl, headers, retry, fetch, validate = true, hooks } = clientOptions
  const clientTimeout = clientOptions.timeout ?? DEFAULT_TIMEOUT
  const maxResponseSize = clientOptions.maxResponseSize ?? DEFAULT_MAX_RESPONSE_SIZE
  // Paths are appended to the base as given. A relative base stays relative: `fetch` resolves it
  // (against the page in browsers), and no `location` is read (Deno throws without --location).
  const base = `${baseUrl}`.replace(/\/+$/, '')
  // `undefined` means "not given" everywhere, so it never overrides a default.
  const retryOptions: RetryOptions = {
    ...DEFAULT_RETRY,
    ...(typeof retry === 'number' ? { limit: retry } : defined(retry ?? {})),
  }
  const { shouldRetry, maxRetryAfter = DEFAULT_RETRY.maxRetryAfter } = retryOptions
  const request = ky.create({
    ...defined({ hooks }),
    // The caller's names are lower-cased by `Headers`, so their `accept` replaces the default.
    headers: { accept: ACCEPT, ...Object.fromEntries(new Headers(headers)) },
    // ky waits at most `maxRetryAfter` whatever `Retry-After` says; a server that asks for longer
    // is not retried at all, so the caller hears at once and can read its `Retry-After`.
    retry: {
      ...retryOptions,
      shouldRetry: (state) =>
        asksToWaitLonger(state.error, maxRetryAfter) ? false : shouldRetry?.(state),
    },
    // Redirects are followed by `followRedirects`, on the request's origin only.
    redirect: 'manual',
    fetch: limitErrorBodies(followRedirects(reportFetchFailures(fetch)), maxResponseSize),
    // An error body, which ky reads, is parsed as a success body is: see `parseBody`.
    parseJson: parseBody,
  })

  return async <Operation extends OperationName>(
    operation: Operation,
    path: string,
    options: RequestOptions = {},
    json?: OperationBody<Operation>,
  ): Promise<Reply<Operation>> => {
    const { signal, timeout = clientTimeout } = options
    const { method, success } = operations[operation]
    const call = { method, url: base + path }
    let response: Response
    // Typed as the contract promises; the status and schema checks below hold the server to it.
    let body: OperationResult<Operation>
    try {
      response = await request(
        call.url,
        // Left out rather than `undefined`: ky would merge an `undefined` over its defaults.
        defined({ method, json, signal, timeout, headers: options.headers }),
      )
      // ky has thrown for an error status; any other body is read here, within the cap.
      body = parseBody(await readBody(response, call, maxResponseSize, timeout))
    } catch (error) {
      throw toClientError(error, call, signal, timeout)
    }
    const { status, statusText, headers } = response
    const successStatuses: readonly number[] = success
    if (!successStatuses.includes(status)) {
      throw createApiError({ ...call, status, statusText, headers, body })
    }
    // DELETE succeeds whatever its body. Responses are checked; inputs are not: the server
    // validates them and the types guide callers.
    const reply = { body, response, url: call.url }
    if (operation === 'delete' || !validate) return reply
    const issues = checkBody(body, operation === 'list')
    if (issues[0]) throw new ResponseValidationError({ ...call, status, body, issues })
    return reply
  }
}

/** Whether `error` is an answer whose `Retry-After` asks for a wait longer than `max` ms. */
function asksToWaitLonger(error: Error, max: number): boolean {
  const wait = error instanceof HTTPError && error.response.headers.get('retry-after')
  if (!wait) return false
  // Delay seconds, or an HTTP date; one that parses as neither leaves the backoff to decide.
  return (/^\d+$/.test(wait) ? Number(wait) * 1000 : Date.parse(wait) - Date.now()) > max
}

/**
 * The SDK's error for whatever ky threw, so ky's errors never reach callers. An error status
 * (after any retries) is a `TodoApiError` with the body ky has read, like every status the
 * contract does not name as success. Anything not from ky (the caller's own hook threw) passes
 * through unchanged.
 */
function toClientError(
  error: unknown,
  call: RequestDescription,
  signal: AbortSignal | undefined,
  timeout: number | false,
): unknown {
  // Only a per-attempt timeout times out (no `totalTimeout` is set), so there is one.
  if (error instanceof KyTimeoutError && timeout !== false) {
    return new TimeoutError({ ...call, timeout })
  }
  if (signal?.aborted) return new AbortError({ ...call, cause: signal.reason })
  if (error instanceof HTTPError) {
    const { status, statusText, headers } = error.response
    return createApiError({ ...call, status, statusText, headers, body: error.data })
  }
  // No response at all: ky's error wraps the TypeError `reportFetchFailures` made, which wraps
  // the runtime's own error.
  if (error instanceof KyError) {
    const fetchFailure = error.cause instanceof Error ? error.cause : undefined
    return new NetworkError({ ...call, cause: fetchFailure?.cause })
  }
  return error
}
