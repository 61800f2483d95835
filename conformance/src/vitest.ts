import { afterAll, beforeAll, describe, test } from 'vitest'
import type { Check } from './check.ts'
import { checks as catalogue } from './checks/index.ts'
import { type ConformanceOptions, resolveOptions } from './options.ts'
import { renderFailure } from './reporters/pretty.ts'
import { isSelected } from './run/select.ts'
import { createSession, type Session } from './run/session.ts'

/** Time an exploration test may take, in milliseconds. */
const EXPLORATION_TEST_TIMEOUT = 120_000

/** Options of {@link describeConformance}: those of `runConformance` that make sense per test. */
export type ConformanceSuiteOptions = Omit<
  ConformanceOptions,
  'onResult' | 'bail' | 'concurrency' | 'checks'
>

/**
 * Registers one vitest test per conformance check, so a server project runs the suite in its
 * own test run. Pass a function when the server starts in a `beforeAll` (its URL is known only
 * then). Failing required and claimed-capability checks fail their test; other failures mark the
 * test skipped with the reason. Every record created is removed after the suite; records it
 * could not remove fail the suite.
 *
 * @example
 * import { describeConformance } from '@todokit/conformance/vitest'
 * import { createApp } from './app.ts'
 *
 * const app = createApp()
 * describeConformance({ baseUrl: 'http://app.test', fetch: (request) => app.fetch(request), capabilities: 'all' })
 */
export function describeConformance(
  options:
    | ConformanceSuiteOptions
    | (() => ConformanceSuiteOptions | Promise<ConformanceSuiteOptions>),
  name = 'todos contract conformance',
): void {
  describe(name, () => {
    let session: Session | undefined

    beforeAll(async () => {
      const given = typeof options === 'function' ? await options() : options
      session = createSession(resolveOptions(given))
      await session.preflight()
    })

    afterAll(async () => {
      if (!session) return
      const { residue, verified, unverifiedBecause } = await session.cleanUp()
      if (residue.length > 0) {
        throw new Error(
          `Conformance cleanup left ${residue.length} record(s)${verified ? '' : ` (cleanup unverified: ${unverifiedBecause})`}: ${residue.map((r) => `${r.id} (${r.reason})`).join('; ')}`,
        )
      }
      if (!verified) throw new Error(`Conformance cleanup unverified: ${unverifiedBecause}`)
    })

    const register = (check: Check) => {
      const title = `${check.id}: ${check.title}`
      // The exploration spends its budget (4000 requests by default): more than vitest's 5 s
      // default allows against a server over HTTP.
      const timeout = check.id.startsWith('explore.') ? EXPLORATION_TEST_TIMEOUT : undefined
      test.concurrent(title, { timeout }, async (context) => {
        if (!session) throw new Error('The conformance session did not start (see beforeAll)')
        if (!isSelected(check.id, session.options.only, session.options.skip)) {
          context.skip('not selected by only/skip')
          return
        }
        const result = await session.run(check)
        if (result.status === 'passed') return
        if (result.status === 'skipped') {
          context.skip(result.message ?? 'skipped')
          return
        }
        if (!result.counted) {
          context.skip(`informational (${result.level}): ${result.message ?? 'failed'}`)
          return
        }
        throw new Error(renderFailure(result))
      })
    }

    // Checks that may leave invalid records on a lax server run after the others: the two
    // groups are sequential, the tests within each concurrent.
    describe('checks', () => {
      for (const check of catalogue.filter((c) => !c.sendsInvalidData && !c.judgesTheRun)) {
        register(check)
      }
    })
    describe('checks with invalid input', () => {
      for (const check of catalogue.filter((c) => c.sendsInvalidData)) register(check)
    })
    describe('checks of what the run observed', () => {
      for (const check of catalogue.filter((c) => c.judgesTheRun)) register(check)
    })
  })
}
