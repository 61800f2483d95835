import type { CheckResult, ConformanceReport } from '../report.ts'
import { renderFailure } from './pretty.ts'
import { cleanupNotes, ENTITIES, escaped, explorationSummary, view } from './view.ts'

const XML_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Text as an XML attribute or element: markup as entities, what XML 1.0 forbids as `\uXXXX`. */
const xml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ENTITIES[char]!).replace(XML_FORBIDDEN, escaped)

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

/** A suite of one testcase that is no rule: the server's answering, or cleanup. */
const extraSuite = (report: ConformanceReport, name: string, title: string, body: string) =>
  `  <testsuite name="${name}" tests="1" failures="0" errors="${body.startsWith('<error') ? 1 : 0}" skipped="0" time="0.000" timestamp="${report.startedAt}">
    <testcase classname="todokit.${name}" name="${name}: ${title}" time="0.000">
      ${body}
    </testcase>
  </testsuite>`

/**
 * The report as JUnit XML: one testsuite per level, one testcase per check, as CI systems
 * (GitHub Actions, GitLab, Jenkins) read it. A server that stopped answering mid-run is an error
 * of a `server` testsuite; records the run could not remove follow in a `cleanup` testsuite, as
 * system-err (they do not change the verdict, as in the exit code).
 *
 * @example
 * writeFileSync('conformance.xml', renderJunit(await runConformance({ baseUrl })))
 */
export function renderJunit(report: ConformanceReport): string {
  const { seed, budget } = report.exploration
  const property = (name: string, value: string) =>
    `      <property name="${name}" value="${xml(value)}"/>`
  // The JUnit schema allows properties in a testsuite only: each suite carries the seed.
  const properties = [
    '    <properties>',
    property('exploration.seed', String(seed)),
    property('exploration.budget', budget),
    property('exploration.summary', explorationSummary(report)),
    ...report.hints.map((hint, i) => property(`hint.${i + 1}`, hint)),
    '    </properties>',
  ]
  const { levels, broken } = view(report)
  const suites = levels.flatMap(({ label, results, broken: failures, passed }) => [
    `  <testsuite name="${xml(label)}" tests="${results.length}" failures="${failures}" errors="0" skipped="${results.length - failures - passed}" time="0.000" timestamp="${report.startedAt}">`,
    ...properties,
    ...results.map(testcase),
    '  </testsuite>',
  ])
  const extra: string[] = []
  if (report.unreachable !== undefined) {
    const message = xml(`the server stopped answering: ${report.unreachable}`)
    const error = `<error message="${message}" type="unreachable"/>`
    extra.push(extraSuite(report, 'server', 'answers for the whole run', error))
  }
  const left = cleanupNotes(report).map(({ text }) => text)
  if (left.length > 0) {
    const text = `<system-err>${xml(left.join('\n'))}</system-err>`
    extra.push(extraSuite(report, 'cleanup', 'records the run created and could not remove', text))
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(`${report.tool} ${report.baseUrl}`)}" tests="${report.checks.length + extra.length}" failures="${broken.length}" errors="${report.unreachable ? 1 : 0}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    ...extra,
    '</testsuites>',
    '',
  ].join('\n')
}
