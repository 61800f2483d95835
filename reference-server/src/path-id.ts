import { MAX_TODO_ID } from '@todokit/sdk/contract'
import { type FieldError, jsonPointer, problem } from './problem.ts'

const CANONICAL_ID = /^[1-9][0-9]{0,15}$/

/**
 * The todo id in a path segment, or a 400 response: ids are written as positive integers
 * without leading zeros or signs, at most {@link MAX_TODO_ID}, so `/todos/1.5`, `/todos/01` and
 * `/todos/9007199254740993` (which JavaScript would round) are refused rather than guessed at.
 */
export function parsePathId(segment: string): number | Response {
  if (CANONICAL_ID.test(segment)) {
    const id = Number(segment)
    if (id <= MAX_TODO_ID) return id
  }
  const error: FieldError = {
    pointer: '/id',
    detail: `Expected a positive integer up to ${MAX_TODO_ID}, got "${segment}"`,
  }
  return problem(400, `The path's todo id "${segment}" is not a valid id`, { errors: [error] })
}

/**
 * A 400 response when a URL that takes no query parameters carries one, else `undefined`. The
 * server never ignores what a client sent.
 */
export function rejectQuery(url: string, route: string): Response | undefined {
  const mark = url.indexOf('?')
  if (mark === -1 || mark === url.length - 1) return undefined
  const names = [...new URLSearchParams(url.slice(mark + 1)).keys()]
  if (names.length === 0) return undefined
  return problem(400, `${route} takes no query parameters`, {
    errors: names.map((name) => ({
      pointer: jsonPointer([name]),
      detail: `Unknown query parameter "${name}"`,
    })),
  })
}
