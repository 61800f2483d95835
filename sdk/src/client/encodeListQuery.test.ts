import { describe, expect, it } from 'vitest'
import { encodeListQuery } from './encodeListQuery.ts'

describe('encodeListQuery', () => {
  it('is empty without parameters', () => {
    expect(encodeListQuery()).toBe('')
    expect(encodeListQuery({})).toBe('')
    expect(encodeListQuery({ q: undefined })).toBe('')
  })

  it('writes every filter as a query parameter in wire form', () => {
    expect(encodeListQuery({ id: 3, content: 'Buy milk', completed: true })).toBe(
      '?id=3&content=Buy+milk&completed=true',
    )
  })

  it('joins several order keys with commas, earlier keys first', () => {
    expect(encodeListQuery({ order: ['-completed', 'content'] })).toBe(
      '?order=-completed%2Ccontent',
    )
  })

  it('accepts one order key on its own', () => {
    expect(encodeListQuery({ order: '-id' })).toBe('?order=-id')
  })

  it('escapes search text', () => {
    expect(new URLSearchParams(encodeListQuery({ q: 'a&b=c #1' })).get('q')).toBe('a&b=c #1')
  })

  it('keeps the order the parameters are given in', () => {
    expect(encodeListQuery({ order: '-id', completed: false })).toBe('?order=-id&completed=false')
  })

  it('sends values as given, leaving their checks to the server', () => {
    expect(encodeListQuery({ order: ['id', '-id'], id: 0 })).toBe('?order=id%2C-id&id=0')
  })
})
