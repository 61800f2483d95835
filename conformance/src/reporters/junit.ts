import { curlCommand } from '../http/curl.ts'
import { LEVELS, levelLabel } from '../levels.ts'
import type { CheckResult, ConformanceReport } from '../report.ts'
import { explorationSummary } from './pretty.ts'

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
      .replace(XML_FORBIDDEN, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
  )
}

const seconds = (ms: number) => (ms / 1000).toFixed(3)

function failureDetails(result: CheckResult): string {
  const lines = [`rule: ${result.rule}`]
  if (result.expected !== undefined) lines.push(`expected: ${result.expected}`)
  if (result.actual !== undefined) lines.push(`actual: ${result.actual}`)
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

/** A server that stopped answering mid-run, as an error of its own (not a contract failure). */
function unreachableSuite(report: ConformanceReport): string[] {
  if (report.unreachable === undefined) return []
  const message = escapeXml(`the server stopped answering: ${report.unreachable}`)
  return [
    `  <testsuite name="server" tests="1" failures="0" errors="1" skipped="0" time="0.000" timestamp="${report.startedAt}">`,
    `    <testcase classname="todokit.server" name="server: answers for the whole run" time="0.000">`,
    `      <error message="${message}" type="unreachable"/>`,
    '    </testcase>',
    '  </testsuite>',
  ]
}

/** Records the run could not remove, as a suite of its own so CI shows them. */
function cleanupSuite(report: ConformanceReport): string[] {
  if (report.residue.length === 0 && report.cleanup.verified) return []
  const records = report.residue
    .map(
      (r) =>
        `id ${r.id}${r.content === undefined ? '' : ` (${r.content})`}: ${r.possible ? 'possible residue: ' : ''}${r.reason}`,
    )
    .join('\n')
  const unverified = report.cleanup.verified
    ? ''
    : `Cleanup unverified: ${report.cleanup.unverifiedBecause ?? 'it could not check'}\n`
  const text = `${unverified}Cleanup left ${report.residue.length} record(s) the run created (content starts with ${report.marker}):\n${records}`
  return [
    `  <testsuite name="cleanup" tests="1" failures="0" errors="0" skipped="0" time="0.000" timestamp="${report.startedAt}">`,
    `    <testcase classname="todokit.cleanup" name="cleanup: records the run created and could not remove" time="0.000">`,
    `      <system-err>${escapeXml(text)}</system-err>`,
    '    </testcase>',
    '  </testsuite>',
  ]
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
  const summary = explorationSummary(report)
  const hints = report.hints.map(
    (hint, i) => `      <property name="hint.${i + 1}" value="${escapeXml(hint)}"/>`,
  )
  // The JUnit schema allows properties in a testsuite only: each suite carries the seed.
  const properties = [
    '    <properties>',
    `      <property name="exploration.seed" value="${report.exploration.seed}"/>`,
    `      <property name="exploration.budget" value="${escapeXml(report.exploration.budget)}"/>`,
    `      <property name="exploration.summary" value="${escapeXml(summary)}"/>`,
    ...hints,
    '    </properties>',
  ]
  const suites = LEVELS.flatMap((level) => {
    const results = report.checks.filter((check) => check.level === level)
    if (results.length === 0) return []
    const failures = results.filter((r) => r.status === 'failed' && r.counted).length
    const skipped = results.length - failures - results.filter((r) => r.status === 'passed').length
    const time = '0.000'
    return [
      `  <testsuite name="${escapeXml(levelLabel(level))}" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}" timestamp="${report.startedAt}">`,
      ...properties,
      ...results.map(testcase),
      '  </testsuite>',
    ]
  })
  const failures = report.checks.filter((r) => r.status === 'failed' && r.counted).length
  const cleanup = [...unreachableSuite(report), ...cleanupSuite(report)]
  const tests =
    report.checks.length + (report.unreachable ? 1 : 0) + (cleanupSuite(report).length > 0 ? 1 : 0)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(`${report.tool} ${report.baseUrl}`)}" tests="${tests}" failures="${failures}" errors="${report.unreachable ? 1 : 0}" time="${seconds(report.durationMs)}">`,
    ...suites,
    ...cleanup,
    '</testsuites>',
    '',
  ].join('\n')
}
