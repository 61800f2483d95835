import { describe, expect, it } from 'vitest'
import { faultsFromFlags } from './fault-flags.ts'

describe('faultsFromFlags', () => {
  it('reads latency, failure rate and seed', () => {
    expect(faultsFromFlags({ latency: '50', 'failure-rate': '0.1', 'fault-seed': '7' })).toEqual({
      latencyMs: 50,
      failureRate: 0.1,
      seed: 7,
    })
  })

  it('refuses a latency past the cap Prefer: delay has, which the idle timeout would cut', () => {
    expect(faultsFromFlags({ latency: '20000' })).toEqual({ latencyMs: 20_000 })
    expect(faultsFromFlags({ latency: '30000' })).toBe(
      '--latency must be a whole number of milliseconds up to 20000, got "30000"',
    )
  })
})
