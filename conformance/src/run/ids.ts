/**
 * Ids the kit proposes come from this range: far above the ids a real collection usually holds,
 * and below 2^31 so that servers storing 32-bit integers accept them.
 */
export const PROPOSED_ID_MIN = 1_000_000_000
export const PROPOSED_ID_MAX = 2_000_000_000

/**
 * Ids just below the proposal range, one digit shorter: a sort check proposes one of them (after
 * GET shows it free) so that ids of different digit counts meet, and string order shows.
 */
export const SHORT_PROPOSED_ID_MIN = 999_000_000

/** A random 9-digit id from just below the proposal range. */
export function randomShortProposedId(): number {
  return (
    SHORT_PROPOSED_ID_MIN + Math.floor(Math.random() * (PROPOSED_ID_MIN - SHORT_PROPOSED_ID_MIN))
  )
}

/** A random id in the proposal range. */
export function randomProposedId(): number {
  return PROPOSED_ID_MIN + Math.floor(Math.random() * (PROPOSED_ID_MAX - PROPOSED_ID_MIN))
}

/** A short random run id, printed in every record the run creates. */
export function randomRunId(): string {
  return Math.random().toString(36).slice(2, 8).padEnd(6, '0')
}

/** The content prefix that marks records of one run. */
export function runMarker(runId: string): string {
  return `[todokit-conformance ${runId}]`
}
