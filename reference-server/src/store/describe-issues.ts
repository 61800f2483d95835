import type * as z from 'zod/mini'
import { fieldErrors } from '../field-errors.ts'

/**
 * Issues of a failed parse as one readable phrase, each prefixed by a JSON Pointer to where it
 * is: `/todos/3/completed: Invalid input: expected boolean, received string`. Parse with
 * `PARSE_OPTIONS` for English messages.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return fieldErrors(issues)
    .slice(0, 3)
    .map(({ pointer, detail }) => `${pointer || '/'}: ${detail}`)
    .join('; ')
}
