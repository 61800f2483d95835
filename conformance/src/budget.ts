/** How much the exploration may spend: requests, or milliseconds of wall time. */
export type Budget = { requests: number } | { ms: number }

/**
 * The default budget: enough runs to meet most defects, small enough that a whole run against
 * the reference server stays well under 10 s over HTTP.
 */
export const DEFAULT_BUDGET: Budget = { requests: 800 }

/** A budget as a report shows it. */
export function describeBudget(budget: Budget): string {
  return 'requests' in budget ? `${budget.requests} requests` : `${budget.ms / 1000} s`
}
