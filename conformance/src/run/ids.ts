/**
 * Ids the kit proposes come from this range: far above the ids a real collection usually holds,
 * and below 2^31 so that servers storing 32-bit integers accept them.
 */
export const PROPOSED_ID_MIN = 1_000_000_000
export const PROPOSED_ID_MAX = 2_000_000_000

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
