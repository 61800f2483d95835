import { describe, expect, it } from 'vitest'
import { LIMIT_USAGE, limitsFromFlags } from './listen-flags.ts'

describe('limitsFromFlags', () => {
  it('turns the flags given into listen options, leaving the others to their defaults', () => {
    expect(
      limitsFromFlags({ 'max-connections': '50', 'request-timeout': '0', 'idle-timeout': '100' }),
    ).toEqual({ maxConnections: 50, requestTimeout: 0, idleTimeout: 100 })
    expect(limitsFromFlags({})).toEqual({})
  })

  it.each([
    ['max-connections', '0', /--max-connections must be a whole number from 1, got "0"/],
    ['headers-timeout', '-5', /--headers-timeout must be a whole number of milliseconds/],
    ['keep-alive-timeout', '1.5', /--keep-alive-timeout .* got "1\.5"/],
    ['request-timeout', '10s', /--request-timeout .* got "10s"/],
  ] as const)('refuses --%s %s, naming the flag and the value', (flag, value, message) => {
    expect(limitsFromFlags({ [flag]: value })).toMatch(message)
  })

  it('refuses a headers timeout longer than the request timeout, default or given', () => {
    expect(limitsFromFlags({ 'headers-timeout': '60000' })).toMatch(
      /--headers-timeout \(60000\) must not be longer than --request-timeout \(30000\)/,
    )
    expect(limitsFromFlags({ 'headers-timeout': '60000', 'request-timeout': '0' })).toEqual({
      headersTimeout: 60_000,
      requestTimeout: 0,
    })
  })

  it('shows every flag with its default in the usage', () => {
    expect(LIMIT_USAGE).toMatch(/--max-connections N .*\(default 1000\)/)
    expect(LIMIT_USAGE).toMatch(/--headers-timeout MS .*\(default 10000\)/)
  })
})
