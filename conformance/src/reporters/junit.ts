import type { CheckResult, ConformanceReport } from '../report.ts'
import { renderFailure } from './pretty.ts'
import { clean, cleanupNotes, ENTITIES, explorationSummary, view } from './view.ts'

/** Text as an XML attribute or element; what XML forbids is already escaped by `clean`. */
const xml = (text: string) => text.replace(/[&<>"]/g, (char) => ENTITIES[char]!)

function testcase(result: CheckResult): string {
  const open = `    <testcase classname="todokit.${result.level}" name="${xml(`${result.id}: ${result.title}`)}" time="0.000"`
  if (result.status === 'passed') return `${open}/>`
  const message = result.message ?? ''
  // A failure that does not decide the verdict (unclaimed capability, recommended without
  // --strict) is shown as skipped, so CI agrees with the exit code.
  const body =
    result.status === 'failed' && result.counted
      ? `<failure message="${xml(message)}" type="${result.level}">${xml(renderFailure(result))}</failure>`
      : `<skipped message="${xml(result.status === 'failed' ? `informational failure: ${message}` : message)}"/>`
  return `${open}>\n      ${body}\n    </testcase>`
}

/**
 * The report as JUnit XML, as CI systems read it: a testsuite per level, a testcase per rule. A
 * server that stopped answering is an error of a `server` testsuite; records the run could not
 * remove are the system-err of a `cleanup` testsuite (they do not change the verdict).
 */
export function renderJunit(report: ConformanceReport): string {
  const shown = clean(report)
  const { startedAt, unreachable, exploration } = shown
  const property = (name: string, value: string) =>
    `      <property name="${name}" value="${xml(value)}"/>`
  // The JUnit schema allows properties in a testsuite only: each suite carries the seed.
  const properties = [
    '    <properties>',
    property('exploration.seed', String(exploration.seed)),
    property('exploration.budget', exploration.budget),
    property('exploration.summary', explorationSummary(shown)),
    ...shown.hints.map((hint, i) => property(`hint.${i + 1}`, hint)),
    '    </properties>',
  ]
  const suite = (name: string, tests: number, failures: number, errors: number, skipped: number) =>
    `  <testsuite name="${xml(name)}" tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="0.000" timestamp="${startedAt}">`
  const { levels, broken } = view(shown)
  const suites = levels.flatMap(({ label, results, passed }) => {
    const failures = results.filter((result) => result.status === 'failed' && result.counted).length
    return [
      suite(label, results.length, failures, 0, results.length - failures - passed),
      ...properties,
      ...results.map(testcase),
      '  </testsuite>',
    ]
  })
  /** A suite of one testcase that is no rule: the server's answering, or cleanup. */
  const extra = (name: string, title: string, body: string, errors = 0) => [
    suite(name, 1, 0, errors, 0),
    `    <testcase classname="todokit.${name}" name="${name}: ${title}" time="0.000">`,
    `      ${body}`,
    '    </testcase>',
    '  </testsuite>',
  ]
  const left = cleanupNotes(shown)
  const extras = [
    ...(unreachable === undefined
      ? []
      : [
          extra(
            'server',
            'answers for the whole run',
            `<error message="${xml(`the server stopped answering: ${unreachable}`)}" type="unreachable"/>`,
            1,
          ),
        ]),
    ...(left.length === 0
      ? []
      : [
          extra(
            'cleanup',
            'records the run created and could not remove',
            `<system-err>${xml(left.join('\n'))}</system-err>`,
          ),
        ]),
  ]
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(`${shown.tool} ${shown.baseUrl}`)}" tests="${report.checks.length + extras.length}" failures="${broken.length}" errors="${unreachable ? 1 : 0}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    ...extras.flat(),
    '</testsuites>',
    '',
  ].join('\n')
}
