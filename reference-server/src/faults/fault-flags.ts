import type { ParseArgsOptionsConfig } from 'node:util'
import type { FaultOptions } from './fault-plan.ts'
import { MAX_PREFERRED_DELAY_MS } from './prefer.ts'

/** The flags that make the CLI's server misbehave on purpose, for `parseArgs`. */
export const FAULT_FLAGS = {
  latency: { type: 'string' },
  'failure-rate': { type: 'string' },
  'fault-seed': { type: 'string' },
} as const satisfies ParseArgsOptionsConfig

/** The usage lines of {@link FAULT_FLAGS}. */
export const FAULT_USAGE = `  --latency MS             time added before every answer (default 0)
  --failure-rate R         share of requests answered 503, 0 to 1 (default 0)
  --fault-seed N           seed of the failure rate: same seed, same failures (default 1)
A request may ask for its own fault with a Prefer header: code=503 (as Prism),
retry-after=S (with code), delay=MS, hang, drop, body=invalid.`

/**
 * The fault options given on the command line, or the message for a bad one.
 *
 * @example
 * faultsFromFlags({ latency: '50', 'failure-rate': '0.1' }) // → { latencyMs: 50, failureRate: 0.1 }
 * faultsFromFlags({ 'failure-rate': '10%' }) // → '--failure-rate must be a number from 0 to 1, got "10%"'
 */
export function faultsFromFlags(
  values: Partial<Record<keyof typeof FAULT_FLAGS, string>>,
): FaultOptions | string {
  const faults: FaultOptions = {}
  const { latency, 'failure-rate': rate, 'fault-seed': seed } = values
  if (latency !== undefined) {
    // Past the idle timeout every request would be cut, not slowed: the cap Prefer's delay has.
    if (!/^\d{1,9}$/.test(latency) || Number(latency) > MAX_PREFERRED_DELAY_MS) {
      return `--latency must be a whole number of milliseconds up to ${MAX_PREFERRED_DELAY_MS}, got "${latency}"`
    }
    faults.latencyMs = Number(latency)
  }
  if (rate !== undefined) {
    const failureRate = Number(rate)
    if (!/^\d*\.?\d+$/.test(rate) || !(failureRate >= 0 && failureRate <= 1)) {
      return `--failure-rate must be a number from 0 to 1, got "${rate}"`
    }
    faults.failureRate = failureRate
  }
  if (seed !== undefined) {
    if (!/^\d{1,9}$/.test(seed)) return `--fault-seed must be a whole number, got "${seed}"`
    faults.seed = Number(seed)
  }
  return faults
}
