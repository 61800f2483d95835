import { describe, expect, it } from 'vitest'
import { isSelected } from './select.ts'

describe('isSelected', () => {
  it('selects everything when only is empty', () => {
    expect(isSelected('patch.keeps-unsent-fields', [], [])).toBe(true)
  })

  it('matches globs against the whole id', () => {
    expect(isSelected('patch.keeps-unsent-fields', ['patch.*'], [])).toBe(true)
    expect(isSelected('patch.keeps-unsent-fields', ['keeps'], [])).toBe(false)
    expect(isSelected('not-found.patch', ['*.patch'], [])).toBe(true)
  })

  it('treats dots literally and lets skip win over only', () => {
    expect(isSelected('patchXkeeps', ['patch.keeps'], [])).toBe(false)
    expect(isSelected('sort.id-descending', ['sort.*'], ['*-descending'])).toBe(false)
  })
})
