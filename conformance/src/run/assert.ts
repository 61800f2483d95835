/**
 * The server broke a rule: the check states what it expected and what it got. Distinct from a
 * request that failed (timeout, network), which surfaces as its own error.
 */
export class CheckFailure extends Error {
  override name = 'CheckFailure'
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
export class CheckInconclusive extends Error {
  override name = 'CheckInconclusive'
}

/** Guard that survives realms: `instanceof` or the error's name. */
export function isCheckInconclusive(error: unknown): error is CheckInconclusive {
  return (
    error instanceof CheckInconclusive || (error as Error | undefined)?.name === 'CheckInconclusive'
  )
}

/** A value as a report shows it: strings as they are, the rest as compact JSON. */
export function describe(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string') return value
  const json = JSON.stringify(value)
  return json.length > 500 ? `${json.slice(0, 500)}…` : json
}

/** Guard that survives realms: `instanceof` or the error's name. */
export function isCheckFailure(error: unknown): error is CheckFailure {
  return error instanceof CheckFailure || (error as Error | undefined)?.name === 'CheckFailure'
}

/** Throws a {@link CheckFailure} unless `condition` holds. */
export function ensure(
  condition: boolean,
  message: string,
  details?: { expected?: unknown; actual?: unknown },
): asserts condition {
  if (!condition) throw new CheckFailure(message, details)
}
