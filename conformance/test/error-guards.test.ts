import { NetworkError as SdkNetworkError } from '@todokit/sdk'
import { brandError } from '@todokit/sdk/internal'
import { describe, expect, it } from 'vitest'
import { ExplorationFinding } from '../src/explore/commands.ts'
import {
  type Check,
  CheckFailure,
  type CheckResult,
  InvalidOptionsError,
  runConformance,
} from '../src/index.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

/** The result of one custom check that throws `error`, against the reference server. */
async function resultOfThrowing(error: unknown): Promise<CheckResult> {
  const check: Check = {
    id: 'custom.throws',
    title: 'throws the given error',
    level: 'required',
    rule: 'endpoint.list',
    run: async () => {
      throw error
    },
  }
  const report = await runConformance({
    baseUrl: IN_PROCESS_URL,
    fetch: referenceApp().fetch,
    checks: [check],
  })
  return report.checks[0]!
}

describe("the kit's errors", () => {
  it('are named after their class, as stack traces and logs show them', () => {
    expect(new InvalidOptionsError('x').name).toBe('InvalidOptionsError')
    expect(new CheckFailure('x').name).toBe('CheckFailure')
    expect(new ExplorationFinding('x', 'endpoint.list', 'required', true, {}).name).toBe(
      'ExplorationFinding',
    )
  })
})

describe("the kit's error guards", () => {
  it('fail a check whose error merely shares the name CheckInconclusive, instead of skipping it', async () => {
    const lookAlike = Object.assign(new Error('not the kit’s own'), { name: 'CheckInconclusive' })
    const result = await resultOfThrowing(lookAlike)
    expect(result.status).toBe('failed')
  })

  it("do not take the SDK's NetworkError, whose name is the same, for the kit's own", async () => {
    // The kit's NetworkError means the server under test stopped answering; a custom check that
    // fails to reach some other host with the SDK has simply failed.
    const result = await resultOfThrowing(
      new SdkNetworkError({
        method: 'GET',
        url: 'http://elsewhere.test/',
        cause: new TypeError('fetch failed'),
      }),
    )
    expect(result).toMatchObject({ status: 'failed' })
  })

  it('recognise a CheckFailure made by another copy of the kit, keeping what it expected', async () => {
    class CheckFailureFromAnotherCopy extends Error {
      static readonly type = 'conformance.CheckFailure'
      readonly expected = '200'
      readonly actual = '500'
      constructor() {
        super('GET /todos answered 500')
        brandError(this, new.target)
      }
    }
    const result = await resultOfThrowing(new CheckFailureFromAnotherCopy())
    expect(result).toMatchObject({ status: 'failed', expected: '200', actual: '500' })
  })
})
