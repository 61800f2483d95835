import * as z from 'zod/mini'
import { type FieldError, jsonPointer } from './problem.ts'

/**
 * English messages for zod issues. zod/mini ships no locale (its messages are "Invalid input"),
 * so every parse passes this map instead of changing zod's global configuration, which belongs
 * to the application that embeds the server.
 */
const english = z.locales.en().localeError

/** English messages, with "Required" for a missing field rather than "received undefined". */
const englishMessages: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input === undefined
    ? `Required: expected ${issue.expected}`
    : english(issue)

/** Parse options that give issues clear English messages. */
export const PARSE_OPTIONS = { error: englishMessages } as const

/** How {@link fieldErrors} words its messages. */
export interface Wording {
  unknown?: (key: string) => string
  describe?: (issue: z.core.$ZodIssue) => string
  depth?: number
}

/**
 * One {@link FieldError} per invalid field: unknown keys each get their own pointer, and when zod
 * reports a field twice (an id that is both not an integer and too big) the first message wins.
 *
 * @param wording.unknown the message for a key the schema does not know.
 * @param wording.describe the message for any other issue, e.g. to quote the offending value.
 * @param wording.depth how many path segments make a field: 1 for query parameters, where
 *   `/order` is the field even when zod blames its third key.
 */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  wording: Wording = {},
): FieldError[] {
  const {
    unknown = (key) => `Unknown field "${key}"`,
    describe = (issue) => issue.message,
    depth = Number.POSITIVE_INFINITY,
  } = wording
  const byPointer = new Map<string, string>()
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        byPointer.set(jsonPointer([...issue.path, key]), unknown(key))
      }
      continue
    }
    const pointer = jsonPointer(issue.path.slice(0, depth))
    if (!byPointer.has(pointer)) byPointer.set(pointer, describe(issue))
  }
  return [...byPointer].map(([pointer, detail]) => ({ pointer, detail }))
}
