import { describe, expect, it } from 'vitest'
import { InvalidOptionsError } from '../errors.ts'
import { resolveOptions } from '../options.ts'
import { parseCliArgs, USAGE } from './main.ts'

describe('parseCliArgs', () => {
  it('reads each flag into the runConformance option it sets', () => {
    const options = parseCliArgs([
      'http://host.test/api/',
      '--header',
      'X-Api-Key: k',
      '--only',
      'patch.*,list.*',
      '--skip',
      'explore.*',
      '--timeout',
      '100',
      '--concurrency',
      '2',
      '--budget',
      '5s',
      '--seed=-7',
      '--strict',
      '--bail',
      '--capabilities',
      'filter,sort',
      '--reporter',
      'junit',
      '--output',
      'report.xml',
    ])
    expect(options).toEqual({
      command: 'run',
      options: {
        baseUrl: 'http://host.test/api',
        fetch: expect.any(Function),
        headers: { 'x-api-key': 'k' },
        only: ['patch.*', 'list.*'],
        skip: ['explore.*'],
        timeout: 100,
        concurrency: 2,
        budget: { ms: 5000 },
        seed: -7,
        strict: true,
        bail: true,
        capabilities: ['filter', 'sort'],
        reporter: 'junit',
        output: 'report.xml',
      },
    })
  })

  it('gives absent options the defaults runConformance gives them', () => {
    const cli = parseCliArgs(['http://host.test'])
    const { seed, fetch, ...defaults } = resolveOptions({ baseUrl: 'http://host.test' })
    expect(cli).toEqual({
      command: 'run',
      options: { ...defaults, seed: expect.any(Number), fetch, reporter: 'pretty' },
    })
    expect(defaults).toMatchObject({ timeout: 5_000, concurrency: 8, budget: { requests: 800 } })
    for (const named of ['(default 5000)', '(default 8)', '(default 800 requests)'])
      expect(USAGE).toContain(named)
  })

  it('names every flag it accepts in the help, -h included', () => {
    expect(parseCliArgs(['-h'])).toEqual({ command: 'help' })
    for (const flag of USAGE.matchAll(/^ {2}(--[a-z-]+)/gm)) {
      expect(() => parseCliArgs(['http://host.test', flag[1]!, 'x'])).not.toThrow(/Unknown option/)
    }
  })

  it('refuses a reporter it does not have', () => {
    expect(() => parseCliArgs(['http://host.test', '--reporter', 'tap'])).toThrow(
      InvalidOptionsError,
    )
  })
})
