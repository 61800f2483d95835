import ky, { HTTPError, KyError, TimeoutError as KyTimeoutError, type Options } from 'ky'
import { type OperationName, operations } from '../contract/operations.ts'
import { AbortError } from '../errors/AbortError.ts'
import { createApiError } from '../errors/createApiError.ts'
import { NetworkError } from '../errors/NetworkError.ts'
import { ResponseValidationError } from '../errors/ResponseValidationError.ts'
import { TimeoutError } from '../errors/TimeoutError.ts'
import { checkBody } from './checkBody.ts'
import { defined } from './defined.ts'
import {
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT,
  type RequestOptions,
  type TodoClientOptions,
} from './options.ts'
import { parseBody } from './parseBody.ts'
import { reportFetchFailures } from './reportFetchFailures.ts'

/**
 * Performs one operation of the contract and resolves with its checked body.
 *
 * @param path relative to the base URL, query string included. @example '/todos/1'
 * @param json the request body, sent as JSON.
 */
export type Send = (
  operation: OperationName,
  path: string,
  options?: RequestOptions,
  json?: unknown,
) => Promise<unknown>

/**
 * The transport behind `TodoClient`: one ky instance with the SDK's defaults, and the rules that
 * turn each answer into data or one of the SDK's errors.
 */
export function createSend(clientOptions: TodoClientOptions): Send {
  const { baseUrl, headers, retry, fetch, validate = true, hooks } = clientOptions
  const clientTimeout = clientOptions.timeout ?? DEFAULT_TIMEOUT
  // Paths are appended to the base as given. A relative base stays relative: `fetch` resolves it
  // (against the page in browsers), and no `location` is read (Deno throws without --location).
  const base = `${baseUrl}`.replace(/\/+$/, '')
  // ky takes `undefined` for headers and hooks as "none given".
  const request = ky.create({
    headers,
    retry: { ...DEFAULT_RETRY, ...(typeof retry === 'number' ? { limit: retry } : retry) },
    fetch: reportFetchFailures(fetch),
    hooks,
    // `.json()` asks for JSON (unless the caller set `accept`) and reads any body through
    // `parseBody`: JSON as a value, other text as text, nothing as `undefined`.
    parseJson: parseBody,
  })

  return async (operation, path, options = {}, json) => {
    const { signal, timeout = clientTimeout } = options
    const { method, success } = operations[operation]
    const url = base + path
    const call = { method, url }
    let response: Response
    let body: unknown
    try {
      const pending = request(
        url,
        defined({ method, json, signal, timeout, headers: options.headers }) as Options,
      )
      body = await pending.json()
      response = await pending
    } catch (error) {
      // ky's errors never reach callers: each becomes one of the SDK's.
      // Only a per-attempt timeout times out (no `totalTimeout` is set), so `timeout` is a number.
      if (error instanceof KyTimeoutError)
        throw new TimeoutError({ ...call, timeout: timeout as number })
      if (signal?.aborted) throw new AbortError({ ...call, cause: signal.reason })
      if (!(error instanceof HTTPError)) {
        // No response at all: ky's error wraps the TypeError `reportFetchFailures` made, which
        // wraps the runtime's own error. Not a ky error: the caller's own hook threw; unchanged.
        throw error instanceof KyError
          ? new NetworkError({ ...call, cause: (error.cause as Error | undefined)?.cause })
          : error
      }
      // An error status (after any retries) is handled below like every status the contract
      // does not name as success, with the body ky has read.
      ;({ response, data: body } = error)
    }
    const { status, statusText } = response
    if (!(success as readonly number[]).includes(status)) {
      throw createApiError({ ...call, status, statusText, headers: response.headers, body })
    }
    // DELETE succeeds whatever its body. Responses are checked; inputs are not: the server
    // validates them and the types guide callers.
    if (operation === 'delete' || !validate) return body
    const issues = checkBody(body, operation === 'list')
    if (issues[0]) throw new ResponseValidationError({ ...call, status, body, issues })
    return body
  }
}
