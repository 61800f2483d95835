import { TODO_FIELDS } from '@todokit/sdk/contract'
import * as z from 'zod/mini'
import type { HttpResponse } from '../http/client.ts'
import { CheckFailure, ensure } from './assert.ts'

function statusLine(response: HttpResponse): string {
  return `${response.status} ${response.statusText}`.trim()
}

/** What `response` answered to, for messages: `PATCH /todos/7`. */
export function requestLine(response: Pick<HttpResponse, 'exchange'>): string {
  const url = new URL(response.exchange.url)
  return `${response.exchange.method} ${url.pathname}${url.search}`
}

/** Fails unless the response status is one of `allowed`. */
export function expectStatus(response: HttpResponse, allowed: readonly number[]): void {
  ensure(
    allowed.includes(response.status),
    `${requestLine(response)} answered ${statusLine(response)}`,
    {
      expected: `status ${allowed.join(' or ')}`,
      actual: statusLine(response),
    },
  )
}

/** Fails when the status is a 5xx: the server must not break on a client's mistake. */
export function expectNoServerError(response: HttpResponse): void {
  ensure(response.status < 500, `${requestLine(response)} answered ${statusLine(response)}`, {
    expected: 'a 4xx status for a client mistake',
    actual: statusLine(response),
  })
}

/** Parses the response body with a contract schema, failing with the schema's issues. */
export function expectBody<S extends z.ZodMiniType>(
  response: HttpResponse,
  schema: S,
  what: string,
): z.output<S> {
  ensure(response.isJson, `${requestLine(response)} did not answer with a JSON body`, {
    expected: what,
    actual: response.text === '' ? '(empty body)' : response.text.slice(0, 200),
  })
  const parsed = z.safeParse(schema, response.json)
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.length ? issue.path.join('.') : '(body)'}: ${issue.message}`)
      .join('; ')
    throw new CheckFailure(
      `${requestLine(response)} answered a body that is not ${what}: ${issues}`,
      {
        expected: what,
        actual: response.json,
      },
    )
  }
  return parsed.data
}

/**
 * Fails unless `actual` holds the contract fields of `expected` with the same values. Other
 * fields are ignored: a server may add its own.
 */
export function expectFields(
  actual: Record<string, unknown> | undefined,
  expected: Record<string, unknown>,
  what: string,
): void {
  const differs = Object.entries(expected).filter(
    ([key, value]) => (TODO_FIELDS as readonly string[]).includes(key) && actual?.[key] !== value,
  )
  const verb = differs.length === 1 ? 'differs' : 'differ'
  ensure(differs.length === 0, `${what}: ${differs.map(([key]) => key).join(', ')} ${verb}`, {
    expected: Object.fromEntries(differs),
    actual:
      actual === undefined
        ? 'no record'
        : Object.fromEntries(differs.map(([key]) => [key, actual[key]])),
  })
}
