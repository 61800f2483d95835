import { describe, expect, it } from 'vitest'
import { findJsonSyntaxError } from './json-syntax-error.ts'

describe('findJsonSyntaxError', () => {
  it.each([
    '{}',
    '[1, -2.5e3, true, false, null, "a\\n\\u00e9"]',
    ' {"todos": [{"id": 1, "content": "a", "completed": false}]} \n',
  ])('finds nothing wrong with %s', (text) => {
    expect(() => JSON.parse(text)).not.toThrow()
    expect(findJsonSyntaxError(text)).toBeUndefined()
  })

  it.each([
    ['{\n  "a": [1,]\n}', 2, 11, 'unexpected "]"'],
    ['{"a": 1', 1, 8, 'unexpected end of the file'],
    ['{"a": tru}', 1, 7, 'unexpected "t"'],
    ['[1]\n[2]', 2, 1, 'unexpected "["'],
    ['{"a\tb": 1}', 1, 4, 'unexpected "\\t"'],
    ['', 1, 1, 'unexpected end of the file'],
  ])('locates the error in %j at line %i, column %i', (text, line, column, message) => {
    expect(() => JSON.parse(text)).toThrow()
    expect(findJsonSyntaxError(text)).toMatchObject({ line, column, message })
  })
})
