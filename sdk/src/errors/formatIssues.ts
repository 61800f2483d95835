import type * as z from 'zod/mini'

/**
 * One line per zod issue: `path: message (expected …)`. zod/mini ships no locale, so its messages
 * are terse; `expected` names the missing type.
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const expected = 'expected' in issue ? ` (expected ${issue.expected})` : ''
      return `${issue.path.join('.') || '(root)'}: ${issue.message}${expected}`
    })
    .join('; ')
}
