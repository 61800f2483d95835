import { describe, expect, it } from 'vitest'
import { InvalidOptionsError } from './errors.ts'
import { normalizeBaseUrl, parseCapabilities, resolveOptions } from './options.ts'

describe('options', () => {
  it('reads capabilities as a list, all or none', () => {
    expect(parseCapabilities('filter, sort')).toEqual(['filter', 'sort'])
    expect(parseCapabilities('all')).toEqual([
      'filter',
      'search',
      'sort',
      'sort-extended',
      'paging',
    ])
    expect(parseCapabilities('paging,filter')).toEqual(['paging', 'filter'])
    expect(parseCapabilities('none')).toEqual([])
    expect(parseCapabilities(undefined)).toEqual([])
    expect(() => parseCapabilities('pagination')).toThrow(InvalidOptionsError)
  })

  it('keeps a base path and drops the trailing slash', () => {
    expect(normalizeBaseUrl('https://host.test/api/')).toBe('https://host.test/api')
    expect(normalizeBaseUrl('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000')
  })

  it('refuses base URLs it cannot use', () => {
    for (const url of ['localhost:3000', 'ftp://host/', 'http://host/?x=1', 'not a url']) {
      expect(() => normalizeBaseUrl(url), url).toThrow(InvalidOptionsError)
    }
  })

  it('defaults to a 5 s timeout and refuses non-positive ones', () => {
    expect(resolveOptions({ baseUrl: 'http://h.test' }).timeout).toBe(5_000)
    expect(() => resolveOptions({ baseUrl: 'http://h.test', timeout: 0 })).toThrow(/timeout/)
  })
})
