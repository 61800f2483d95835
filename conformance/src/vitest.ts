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
 * Registers a vitest test per rule, for a server project's own test run; the run happens once,
 * in `beforeAll` (pass a function when the server's URL is known only then). A counted rule
 * broken or not judged fails its test; informational failures and rules left out with
 * `only`/`skip` are skipped with the reason; records cleanup could not remove fail the suite.
 *
 * @example
 * const app = createApp()
 * describeConformance({ baseUrl: 'http://app.test', fetch: (request) => app.fetch(request) })
 */
export function describeConformance(
  options:
    | ConformanceSuiteOptions
    | (() => ConformanceSuiteOptions | Promise<ConformanceSuiteOptions>),
  name = 'todos contract conformance',
): void {
  describe(name, () => {
    let report: ConformanceReport | undefined
    const unfinished = 'The conformance run did not finish (see beforeAll)'
    beforeAll(async () => {
      report = await runConformance(typeof options === 'function' ? await options() : options)
    }, 120_000)

    test('cleanup removes every record the run created', () => {
      if (!report) throw new Error(unfinished)
      const left = cleanupNotes(report).map((note) => note.trim())
      if (left.length > 0) throw new Error(left.join('\n'))
    })

    for (const rule of rules) {
      test(`${rule.id}: ${rule.title}`, (context) => {
        const result = report?.checks.find((check) => check.id === rule.id)
        if (!result) throw new Error(unfinished)
        const { status, counted, level, message = status } = result
        const failed = status === 'failed'
        if (status === 'passed') return
        if (!counted || message === NOT_SELECTED)
          return context.skip(failed ? `informational (${level}): ${message}` : message)
        throw new Error(
          failed ? renderFailure(result) : `${rule.id} could not be judged: ${message}`,
        )
      })
    }
  })
}
