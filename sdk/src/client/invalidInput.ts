import type * as z from 'zod/mini'
import { formatIssues } from '../errors/formatIssues.ts'

/**
 * The error for an argument the contract rejects, thrown before any request is sent. A
 * `TypeError`, like other programming mistakes; `cause` holds zod's error with the issues.
 */
export function invalidInput(what: string, error: z.core.$ZodError): TypeError {
  return new TypeError(`Invalid ${what}: ${formatIssues(error.issues)}`, { cause: error })
}
