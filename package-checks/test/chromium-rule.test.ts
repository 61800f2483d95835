import { describe, expect, it } from 'vitest'
import { chromiumSkipReason } from '../lib/chromium.ts'

describe('the rule for browser tests', () => {
  it('skips them, saying why, only on a machine without Chromium outside CI', () => {
    expect(chromiumSkipReason(false, false)).toMatch(/\/usr\/bin\/chromium is absent/)
  })

  it('runs them in CI even without Chromium, so a missing install fails loudly', () => {
    expect(chromiumSkipReason(false, true)).toBeUndefined()
  })

  it('runs them wherever Chromium is installed', () => {
    expect(chromiumSkipReason(true, false)).toBeUndefined()
    expect(chromiumSkipReason(true, true)).toBeUndefined()
  })
})
