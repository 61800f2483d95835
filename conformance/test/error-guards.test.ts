import { isErrorType } from '@todokit/sdk/internal'
import { describe, expect, it } from 'vitest'
import { NetworkError, RequestTimeoutError, ResponseTooLargeError } from '../src/http/errors.ts'
import { InvalidOptionsError, ServerUnreachableError } from '../src/index.ts'

describe("the kit's errors", () => {
  it('are named after their class, as stack traces and logs show them', () => {
    expect(new InvalidOptionsError('x').name).toBe('InvalidOptionsError')
    expect(new ServerUnreachableError('x').name).toBe('ServerUnreachableError')
    expect(new ResponseTooLargeError('x').name).toBe('ResponseTooLargeError')
  })

  it('are told apart by their brand, not by a shared name', () => {
    const lookAlike = Object.assign(new Error('not the kit’s own'), { name: 'NetworkError' })
    expect(isErrorType(lookAlike, NetworkError)).toBe(false)
    expect(isErrorType(new NetworkError('reset'), NetworkError)).toBe(true)
    expect(isErrorType(new RequestTimeoutError('slow'), NetworkError)).toBe(false)
  })
})
