import { curlCommand } from '../http/curl.ts'
import { LEVELS, levelLabel } from '../levels.ts'
import type { CheckResult, ConformanceReport } from '../report.ts'

function escapeXml(text: string): string {
  return (
    text
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
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
  const open = `    <testcase classname="todokit.${result.level}" name="${escapeXml(`${result.id}: ${result.title}`)}" time="${seconds(result.durationMs)}"`
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

/**
 * The report as JUnit XML: one testsuite per level, one testcase per check, as CI systems
 * (GitHub Actions, GitLab, Jenkins) read it.
 *
 * @example
 * writeFileSync('conformance.xml', renderJunit(await runConformance({ baseUrl })))
 */
export function renderJunit(report: ConformanceReport): string {
  const suites = LEVELS.flatMap((level) => {
    const results = report.checks.filter((check) => check.level === level)
    if (results.length === 0) return []
    const failures = results.filter((r) => r.status === 'failed' && r.counted).length
    const skipped = results.length - failures - results.filter((r) => r.status === 'passed').length
    const time = seconds(results.reduce((sum, r) => sum + r.durationMs, 0))
    return [
      `  <testsuite name="${escapeXml(levelLabel(level))}" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}" timestamp="${report.startedAt}">`,
      ...results.map(testcase),
      '  </testsuite>',
    ]
  })
  const failures = report.checks.filter((r) => r.status === 'failed' && r.counted).length
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(`${report.tool} ${report.baseUrl}`)}" tests="${report.checks.length}" failures="${failures}" errors="0" time="${seconds(report.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n')
}
