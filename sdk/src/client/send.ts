import ky, { HTTPError, type Options } from 'ky'
import { type OperationName, operations } from '../contract/operations.ts'
import { createApiError } from '../errors/createApiError.ts'
import { ResponseValidationError } from '../errors/ResponseValidationError.ts'
import { checkBody } from './checkBody.ts'
import { defined } from './defined.ts'
import {
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT,
  type RequestOptions,
  type TodoClientOptions,
} from './options.ts'
import { parseBody } from './parseBody.ts'
import { resolveBaseUrl } from './resolveBaseUrl.ts'
import { toClientError } from './toClientError.ts'

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
  const { baseUrl, retry, fetch, validate = true, hooks } = clientOptions
  const clientTimeout = clientOptions.timeout ?? DEFAULT_TIMEOUT
  const base = resolveBaseUrl(baseUrl)
  // `Headers` lower-cases names, so the caller's `Accept` (any case) replaces the default.
  const clientHeaders = {
    accept: 'application/json',
    ...Object.fromEntries(new Headers(clientOptions.headers)),
  }
  const request = ky.create(
    defined({
      headers: clientHeaders,
      retry: { ...DEFAULT_RETRY, ...(typeof retry === 'number' ? { limit: retry } : retry) },
      fetch,
      hooks,
    }),
  )

  return async (operation, path, { signal, timeout = clientTimeout, headers } = {}, json) => {
    const { method, success } = operations[operation]
    const url = new URL(`.${path}`, base).href
    const call = { method, url }
    let response: Response
    let body: unknown
    try {
      const pending = request(url, defined({ method, json, signal, timeout, headers }) as Options)
      body = parseBody(await pending.text())
      response = await pending
    } catch (error) {
      if (!(error instanceof HTTPError))
        throw toClientError(error, call, timeout, signal)
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
