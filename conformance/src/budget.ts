import { InvalidOptionsError } from './errors.ts'

/** How much the exploration may spend: requests, or milliseconds of wall time. */
export type Budget = { requests: number } | { ms: number }

/**
 * The default budget: enough runs to meet most defects, small enough that a whole run against
 * the reference server stays well under 10 s over HTTP.
 */
export const DEFAULT_BUDGET: Budget = { requests: 800 }

/**
 * Reads `--budget`: a number of requests (`800`) or seconds (`5s`).
 *
 * @example
 * parseBudget('5s') // → { ms: 5000 }
 * parseBudget('800') // → { requests: 800 }
 */
export function parseBudget(text: string): Budget {
  const seconds = /^([0-9]+(?:\.[0-9]+)?)s$/.exec(text)
  if (seconds) return { ms: Math.round(Number(seconds[1]) * 1000) }
  if (/^[1-9][0-9]*$/.test(text)) return { requests: Number(text) }
  throw new InvalidOptionsError(
    `--budget expects a number of requests (800) or seconds (5s), got "${text}"`,
  )
}

/** A budget as a report shows it. */
export function describeBudget(budget: Budget): string {
  return 'requests' in budget ? `${budget.requests} requests` : `${budget.ms / 1000} s`
}
