import { describe, expect, it } from 'vitest'
import { parseCommandLine, USAGE } from './cli-options.ts'

describe('parseCommandLine', () => {
  it('turns the limits given into listen options, leaving the others to their defaults', () => {
    const options = parseCommandLine(['--max-connections', '50', '--request-timeout', '0'])
    expect(options).toMatchObject({
      listen: { maxConnections: 50, requestTimeout: 0, headersTimeout: undefined },
    })
  })

  it('reads latency, failure rate and seed', () => {
    const options = parseCommandLine([
      '--latency',
      '50',
      '--failure-rate',
      '0.1',
      '--fault-seed',
      '7',
    ])
    expect(options).toMatchObject({ faults: { latencyMs: 50, failureRate: 0.1, seed: 7 } })
  })

  it.each([
    [['--max-connections', '0'], '--max-connections must be a whole number from 1, got "0"'],
    [
      ['--headers-timeout=-5'],
      '--headers-timeout must be a whole number of milliseconds (0 for none), got "-5"',
    ],
    [
      ['--keep-alive-timeout', '1.5'],
      '--keep-alive-timeout must be a whole number of milliseconds (0 for none), got "1.5"',
    ],
    [['--port', '70000'], '--port must be an integer from 0 to 65535, got "70000"'],
    [['--failure-rate', '10%'], '--failure-rate must be a number from 0 to 1, got "10%"'],
    // Past the idle timeout every request would be cut, not slowed: the cap Prefer's delay has.
    [
      ['--latency', '30000'],
      '--latency must be a whole number of milliseconds up to 20000, got "30000"',
    ],
  ])('refuses %j, naming the flag and the value', (args, message) => {
    expect(parseCommandLine(args)).toBe(message)
  })

  it('refuses a headers timeout longer than the request timeout, default or given', () => {
    expect(parseCommandLine(['--headers-timeout', '60000'])).toBe(
      '--headers-timeout (60000) must not be longer than --request-timeout (30000)',
    )
    expect(
      parseCommandLine(['--headers-timeout', '60000', '--request-timeout', '0']),
    ).toMatchObject({ listen: { headersTimeout: 60_000, requestTimeout: 0 } })
  })

  it('shows every limit with its default in the usage', () => {
    expect(USAGE).toMatch(/--max-connections N .*\(default 1000\)/)
    expect(USAGE).toMatch(/--headers-timeout MS .*\(default 10000\)/)
  })
})
