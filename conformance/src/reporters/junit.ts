import { curlCommand } from '../http/curl.ts'
import type { CheckResult, ConformanceReport } from '../report.ts'
import { details, escaped, explorationSummary, residueLine, view } from './view.ts'

const XML_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

function escapeXml(text: string): string {
  return (
    text
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      // XML 1.0 allows neither these characters nor lone surrogates: each is shown as \uXXXX.
      .replace(XML_FORBIDDEN, escaped)
  )
}

const seconds = (ms: number) => (ms / 1000).toFixed(3)

function failureDetails(result: CheckResult): string {
  const lines = [`rule: ${result.rule}`, ...details(result)]
  for (const exchange of result.exchanges ?? []) {
    const outcome = exchange.error ?? `${exchange.status} ${exchange.statusText}`
    lines.push(`${exchange.method} ${exchange.url} -> ${outcome}`)
    if (exchange.responseBody) lines.push(`  body: ${exchange.responseBody}`)
    lines.push(`  ${curlCommand(exchange)}`)
  }
  return lines.join('\n')
}

function testcase(result: CheckResult): string {
  const open = `    <testcase classname="todokit.${result.level}" name="${escapeXml(`${result.id}: ${result.title}`)}" time="0.000"`
  if (result.status === 'passed') return `${open}/>`
  const message = escapeXml(result.message ?? '')
  // A failure that does not decide the verdict (unclaimed capability, recommended without
  // --strict) is shown as skipped, so CI agrees with the exit code.
  const body =
    result.status === 'skipped'
      ? `<skipped message="${message}"/>`
      : result.counted
        ? `<failure message="${message}" type="${escapeXml(result.level)}">${escapeXml(failureDetails(result))}</failure>`
        : `<skipped message="${escapeXml(`informational failure: ${result.message ?? ''}`)}"/>`
  return `${open}>\n      ${body}\n    </testcase>`
}

/** A suite of one testcase that is no rule: the server's answering, or cleanup. */
function extraSuite(report: ConformanceReport, name: string, title: string, body: string) {
  const errors = body.startsWith('<error') ? 1 : 0
  return [
    `  <testsuite name="${name}" tests="1" failures="0" errors="${errors}" skipped="0" time="0.000" timestamp="${report.startedAt}">`,
    `    <testcase classname="todokit.${name}" name="${name}: ${title}" time="0.000">`,
    `      ${body}`,
    '    </testcase>',
    '  </testsuite>',
  ]
}

/**
 * A server that stopped answering mid-run, as an error of its own (not a contract failure), and
 * records the run could not remove, as a suite of their own so CI shows them.
 */
function extraSuites(report: ConformanceReport): string[][] {
  const suites: string[][] = []
  if (report.unreachable !== undefined) {
    const message = escapeXml(`the server stopped answering: ${report.unreachable}`)
    const error = `<error message="${message}" type="unreachable"/>`
    suites.push(extraSuite(report, 'server', 'answers for the whole run', error))
  }
  const { residue, cleanup, marker } = report
  if (residue.length === 0 && cleanup.verified) return suites
  const unverified = cleanup.verified
    ? ''
    : `Cleanup unverified: ${cleanup.unverifiedBecause ?? 'it could not check'}\n`
  const text = `${unverified}Cleanup left ${residue.length} record(s) the run created (content starts with ${marker}):\n${residue.map(residueLine).join('\n')}`
  const title = 'records the run created and could not remove'
  suites.push(extraSuite(report, 'cleanup', title, `<system-err>${escapeXml(text)}</system-err>`))
  return suites
}

/**
 * The report as JUnit XML: one testsuite per level, one testcase per check, as CI systems
 * (GitHub Actions, GitLab, Jenkins) read it; records the run could not remove follow in a
 * `cleanup` testsuite, as system-err (they do not change the verdict, as in the exit code).
 *
 * @example
 * writeFileSync('conformance.xml', renderJunit(await runConformance({ baseUrl })))
 */
export function renderJunit(report: ConformanceReport): string {
  const hints = report.hints.map(
    (hint, i) => `      <property name="hint.${i + 1}" value="${escapeXml(hint)}"/>`,
  )
  // The JUnit schema allows properties in a testsuite only: each suite carries the seed.
  const properties = [
    '    <properties>',
    `      <property name="exploration.seed" value="${report.exploration.seed}"/>`,
    `      <property name="exploration.budget" value="${escapeXml(report.exploration.budget)}"/>`,
    `      <property name="exploration.summary" value="${escapeXml(explorationSummary(report))}"/>`,
    ...hints,
    '    </properties>',
  ]
  const { levels, broken } = view(report)
  const suites = levels.flatMap(({ label, results, broken: failures, passed }) => [
    `  <testsuite name="${escapeXml(label)}" tests="${results.length}" failures="${failures}" errors="0" skipped="${results.length - failures - passed}" time="0.000" timestamp="${report.startedAt}">`,
    ...properties,
    ...results.map(testcase),
    '  </testsuite>',
  ])
  const extra = extraSuites(report)
  const tests = report.checks.length + extra.length
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(`${report.tool} ${report.baseUrl}`)}" tests="${tests}" failures="${broken.length}" errors="${report.unreachable ? 1 : 0}" time="${seconds(report.durationMs)}">`,
    ...suites,
    ...extra.flat(),
    '</testsuites>',
    '',
  ].join('\n')
}
