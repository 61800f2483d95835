import type * as z from 'zod/mini'

/**
 * Issues of a failed parse as one readable phrase, each prefixed by a JSON Pointer to where it
 * is: `/todos/3/content: Too small: expected string to have >=1 characters`.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map(
      (issue) => `${issue.path.map((key) => `/${String(key)}`).join('') || '/'}: ${issue.message}`,
    )
    .join('; ')
}
