import { beforeAll, describe, test } from 'vitest'
import type { ConformanceOptions } from './options.ts'
import type { ConformanceReport } from './report.ts'
import { renderFailure } from './reporters/pretty.ts'
import { cleanupNotes, NOT_SELECTED } from './reporters/view.ts'
import { rules } from './rules/index.ts'
import { runConformance } from './run.ts'

/** Options of {@link describeConformance}: those of `runConformance` that make sense per test. */
export type ConformanceSuiteOptions = Omit<ConformanceOptions, 'onResult' | 'bail'>

/**
 * Registers one vitest test per conformance rule, so a server project runs the kit in its own
 * test run. The run itself happens once, in `beforeAll`; pass a function when the server starts
 * in a `beforeAll` of its own (its URL is known only then). A counted rule that broke, or that
 * the run could not judge, fails its test; informational failures and rules left out with
 * `only`/`skip` mark it skipped with the reason. Records the run could not remove fail the suite.
 *
 * @example
 * import { describeConformance } from '@todokit/conformance/vitest'
 * import { createApp } from './app.ts'
 *
 * const app = createApp()
 * describeConformance({ baseUrl: 'http://app.test', fetch: (request) => app.fetch(request), capabilities: ['filter', 'search', 'sort'] })
 */
export function describeConformance(
  options:
    | ConformanceSuiteOptions
    | (() => ConformanceSuiteOptions | Promise<ConformanceSuiteOptions>),
  name = 'todos contract conformance',
): void {
  describe(name, () => {
    let report: ConformanceReport | undefined
    // The whole run: scenarios, exploration and cleanup.
    beforeAll(async () => {
      report = await runConformance(typeof options === 'function' ? await options() : options)
    }, 120_000)

    test('cleanup removes every record the run created', () => {
      if (!report) throw new Error('The conformance run did not finish (see beforeAll)')
      const left = cleanupNotes(report).map((note) => note.text.trim())
      if (left.length > 0) throw new Error(left.join('\n'))
    })

    for (const rule of rules) {
      test(`${rule.id}: ${rule.title}`, (context) => {
        const result = report?.checks.find((check) => check.id === rule.id)
        if (!result) throw new Error('The conformance run did not finish (see beforeAll)')
        const { status, counted, message = status } = result
        if (status === 'passed') return
        if (!counted || message === NOT_SELECTED)
          return context.skip(
            status === 'failed' ? `informational (${result.level}): ${message}` : message,
          )
        throw new Error(
          status === 'failed'
            ? renderFailure(result)
            : `${rule.id} could not be judged: ${message}`,
        )
      })
    }
  })
}
