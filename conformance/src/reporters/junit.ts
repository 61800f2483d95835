import type { CheckResult, ConformanceReport } from '../report.ts'
import { renderFailure } from './pretty.ts'
// What XML forbids in the server's text, `clean` has escaped: markup is what is left.
import { clean, cleanupNotes, explorationSummary, view, entities as xml } from './view.ts'

const testcase = (classname: string, name: string, body?: string) =>
  `    <testcase classname="todokit.${classname}" name="${xml(name)}" time="0.000"${body ? `>\n      ${body}\n    </testcase>` : '/>'}`

/** A failure that does not decide the verdict is shown as skipped, so CI agrees with the exit code. */
function outcome(result: CheckResult) {
  const { status, counted, level, message = '' } = result
  if (status === 'passed') return undefined
  if (status === 'failed' && counted)
    return `<failure message="${xml(message)}" type="${level}">${xml(renderFailure(result))}</failure>`
  return `<skipped message="${xml(status === 'failed' ? `informational failure: ${message}` : message)}"/>`
}

/**
 * The report as JUnit XML: a testsuite per level, a testcase per rule. A server that stopped
 * answering is an error of a `server` testsuite; records the run could not remove are the
 * system-err of a `cleanup` testsuite (they do not change the verdict).
 */
export function renderJunit(report: ConformanceReport): string {
  const shown = clean(report)
  const { startedAt, unreachable, exploration, hints } = shown
  const { levels, broken } = view(shown)
  const suite = (name: string, tests: number, counts: string, body: string[]) => [
    `  <testsuite name="${xml(name)}" tests="${tests}" ${counts} time="0.000" timestamp="${startedAt}">`,
    ...body,
    '  </testsuite>',
  ]
  // The JUnit schema allows properties in a testsuite only: each suite carries the seed.
  const properties = Object.entries({
    'exploration.seed': String(exploration.seed),
    'exploration.budget': exploration.budget,
    'exploration.summary': explorationSummary(shown),
    ...Object.fromEntries(hints.map((hint, i) => [`hint.${i + 1}`, hint])),
  }).map(([name, value]) => `      <property name="${name}" value="${xml(value)}"/>`)
  const suites = levels.flatMap(({ label, results, passed }) => {
    const failures = results.filter((result) => result.status === 'failed' && result.counted).length
    const counts = `failures="${failures}" errors="0" skipped="${results.length - failures - passed}"`
    const cases = results.map((result) =>
      testcase(result.level, `${result.id}: ${result.title}`, outcome(result)),
    )
    return suite(label, results.length, counts, [
      '    <properties>',
      ...properties,
      '    </properties>',
      ...cases,
    ])
  })
  const left = cleanupNotes(shown)
  const extras = [
    unreachable !== undefined &&
      suite('server', 1, 'failures="0" errors="1" skipped="0"', [
        testcase(
          'server',
          'server: answers for the whole run',
          `<error message="${xml(`the server stopped answering: ${unreachable}`)}" type="unreachable"/>`,
        ),
      ]),
    left.length > 0 &&
      suite('cleanup', 1, 'failures="0" errors="0" skipped="0"', [
        testcase(
          'cleanup',
          'cleanup: records the run created and could not remove',
          `<system-err>${xml(left.join('\n'))}</system-err>`,
        ),
      ]),
  ].filter((extra) => extra !== false)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(`${shown.tool} ${shown.baseUrl}`)}" tests="${report.checks.length + extras.length}" failures="${broken.length}" errors="${unreachable ? 1 : 0}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    ...extras.flat(),
    '</testsuites>',
    '',
  ].join('\n')
}
