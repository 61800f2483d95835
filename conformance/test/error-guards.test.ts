import { isErrorType } from '@todokit/sdk/internal'
import { describe, expect, it } from 'vitest'
import { InvalidOptionsError, ServerUnreachableError } from '../src/index.ts'

describe("the kit's errors", () => {
  it('are named after their class, as stack traces and logs show them', () => {
    expect(new InvalidOptionsError('x').name).toBe('InvalidOptionsError')
    expect(new ServerUnreachableError('x').name).toBe('ServerUnreachableError')
  })

  it('are told apart by their brand, not by a shared name', () => {
    const lookAlike = Object.assign(new Error('not the kit’s own'), {
      name: 'ServerUnreachableError',
    })
    expect(isErrorType(lookAlike, ServerUnreachableError)).toBe(false)
    expect(isErrorType(new ServerUnreachableError('reset'), ServerUnreachableError)).toBe(true)
    expect(isErrorType(new InvalidOptionsError('typo'), ServerUnreachableError)).toBe(false)
  })
})
