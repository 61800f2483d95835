import { describe, expect, it } from 'vitest'
import { InvalidOptionsError } from './errors.ts'
import { OPTIONS, readOptions, resolveOptions } from './options.ts'

const BASE = { baseUrl: 'http://h.test' }
/** Options as the command line gives them: text. */
const fromText = (input: object) => readOptions(OPTIONS, { ...BASE, ...input })

describe('options', () => {
  it('reads capabilities as a list, all or none', () => {
    expect(fromText({ capabilities: 'filter, sort' }).capabilities).toEqual(['filter', 'sort'])
    expect(resolveOptions({ ...BASE, capabilities: 'all' }).capabilities).toEqual([
      'filter',
      'search',
      'sort',
      'sort-extended',
      'paging',
    ])
    expect(resolveOptions({ ...BASE, capabilities: ['paging', 'filter'] }).capabilities).toEqual([
      'paging',
      'filter',
    ])
    expect(resolveOptions({ ...BASE, capabilities: 'none' }).capabilities).toEqual([])
    expect(resolveOptions(BASE).capabilities).toEqual([])
    expect(() => fromText({ capabilities: 'pagination' })).toThrow(InvalidOptionsError)
  })

  it('names the value at fault, not only the option', () => {
    expect(() => fromText({ capabilities: 'filter,pagination' })).toThrow(
      /^Unknown capability "pagination": use filter, search, sort, sort-extended, paging, all or none$/,
    )
    expect(() => fromText({ budget: '5 minutes' })).toThrow(/--budget .* got "5 minutes"$/)
  })

  it('reads a budget as requests or seconds', () => {
    expect(fromText({ budget: '800' }).budget).toEqual({ requests: 800 })
    expect(fromText({ budget: '2.5s' }).budget).toEqual({ ms: 2500 })
    expect(resolveOptions({ ...BASE, budget: { ms: 100 } }).budget).toEqual({ ms: 100 })
  })

  it('keeps a base path and drops the trailing slash', () => {
    expect(resolveOptions({ baseUrl: 'https://host.test/api/' }).baseUrl).toBe(
      'https://host.test/api',
    )
    expect(resolveOptions({ baseUrl: 'http://127.0.0.1:3000' }).baseUrl).toBe(
      'http://127.0.0.1:3000',
    )
  })

  it('refuses base URLs it cannot use', () => {
    for (const url of ['localhost:3000', 'ftp://host/', 'http://host/?x=1', 'not a url']) {
      expect(() => resolveOptions({ baseUrl: url }), url).toThrow(InvalidOptionsError)
    }
  })

  it('defaults to a 5 s timeout, 8 creates at once and 800 requests, and refuses non-positive ones', () => {
    expect(resolveOptions(BASE)).toMatchObject({
      timeout: 5_000,
      concurrency: 8,
      budget: { requests: 800 },
    })
    expect(() => resolveOptions({ ...BASE, concurrency: 0 })).toThrow(/concurrency/)
    expect(() => resolveOptions({ ...BASE, timeout: 0 })).toThrow(/timeout/)
  })
})
