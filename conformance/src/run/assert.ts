import { ConformanceError } from '../errors.ts'
/**
 * The server broke a rule: the check states what it expected and what it got. Distinct from a
 * request that failed (timeout, network), which surfaces as its own error.
 */
export class CheckFailure extends ConformanceError {
  static override readonly type: string = 'conformance.CheckFailure'
  readonly expected: string | undefined
  readonly actual: string | undefined

  constructor(message: string, details: { expected?: unknown; actual?: unknown } = {}) {
    super(message)
    this.expected = describe(details.expected)
    this.actual = describe(details.actual)
  }
}

/**
 * The check cannot decide its rule without risking a record that is not the run's (say, a
 * freed id another client took): it ends as skipped, with the reason, rather than guess.
 */
export class CheckInconclusive extends ConformanceError {
  static override readonly type = 'conformance.CheckInconclusive'
}

/** A value as a report shows it: strings as they are, the rest as compact JSON. */
export function describe(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string') return value
  const json = JSON.stringify(value)
  return json.length > 500 ? `${json.slice(0, 500)}…` : json
}

/** Throws a {@link CheckFailure} unless `condition` holds. */
export function ensure(
  condition: boolean,
  message: string,
  details?: { expected?: unknown; actual?: unknown },
): asserts condition {
  if (!condition) throw new CheckFailure(message, details)
}
