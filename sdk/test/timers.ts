import { vi } from 'vitest'

/**
 * Records every `setTimeout` delay and runs the `expected` ones at once, so a Retry-After wait
 * can be asserted without waiting. Any other delay runs as asked: if the client waited for a
 * different time than expected, the test would time out. Undo with `vi.restoreAllMocks()`.
 */
export function recordWaits(...expected: number[]): number[] {
  const waits: number[] = []
  const realSetTimeout = globalThis.setTimeout
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    callback: () => void,
    ms?: number,
    ...rest: unknown[]
  ) => {
    waits.push(ms ?? 0)
    return realSetTimeout(callback, expected.includes(ms ?? 0) ? 0 : ms, ...rest)
  }) as typeof setTimeout)
  return waits
}
