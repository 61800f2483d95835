import { curlCommand } from '../http/curl.ts'
import { LEVELS, levelLabel } from '../levels.ts'
import type { CheckResult, ConformanceReport } from '../report.ts'
import { explorationSummary, safe } from './pretty.ts'

/**
 * Text from the server as inline Markdown that stays text: HTML's `&`, `<` and `>` become
 * entities and every other character Markdown acts on is backslash-escaped, so a response can
 * neither open a tag, a link or an image, nor break a table or start a line of its own.
 */
export function markdownText(text: string): string {
  return safe(text)
    .replace(/\r\n|\r|\n/g, ' ')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replace(/[\\`*_{}[\]()#+\-.!|~:@"']/g, (char) => `\\${char}`)
}

/** A fenced code block that no run of backticks in `text` can close early. */
export function codeBlock(text: string, language = ''): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}${language}\n${safe(text)}\n${fence}`
}

const counted = (report: ConformanceReport) =>
  report.checks.filter((check) => check.status === 'failed' && check.counted)

/** Counted rules the run could not judge on this server (left out with only/skip aside). */
export function unjudgedRules(report: ConformanceReport): CheckResult[] {
  return report.checks.filter(
    (check) =>
      check.status === 'skipped' && check.counted && check.message !== 'not selected by only/skip',
  )
}

function failureSection(result: CheckResult): string[] {
  const lines = [
    `### \`${result.id}\`: ${markdownText(result.title)}`,
    '',
    `${levelLabel(result.level)}, ${markdownText(result.rule)}${(result.occurrences ?? 1) > 1 ? `, broken ${result.occurrences} times` : ''}`,
    '',
    markdownText(result.message ?? 'failed'),
    '',
  ]
  const details = [
    ...(result.expected === undefined ? [] : [`expected: ${result.expected}`]),
    ...(result.actual === undefined ? [] : [`actual:   ${result.actual}`]),
  ]
  if (details.length) lines.push(codeBlock(details.join('\n')), '')
  const exchanges = result.exchanges ?? []
  if (exchanges.length) {
    lines.push('Replay:', '', codeBlock(exchanges.map(curlCommand).join('\n'), 'sh'), '')
  }
  return lines
}

function verdictText(report: ConformanceReport): string {
  if (report.verdict === 'pass') return 'PASS: conforms to the todos contract'
  if (report.verdict === 'fail') return `FAIL: ${counted(report).length} counted rule(s) broken`
  return 'PARTIAL: no counted rule broken, but conformance is not shown'
}

/**
 * The report as GitHub-flavoured Markdown, for a CI job's summary or a merge request comment:
 * the verdict, a table per level, each counted failure with its replay commands, the counted
 * rules that could not be judged, and what cleanup left. Everything the server sent is shown
 * as text, never as Markdown or HTML.
 *
 * @example
 * appendFileSync(process.env.GITHUB_STEP_SUMMARY, renderMarkdown(report))
 */
export function renderMarkdown(report: ConformanceReport): string {
  const rows = LEVELS.flatMap((level) => {
    const results = report.checks.filter((check) => check.level === level)
    if (results.length === 0) return []
    const count = (status: CheckResult['status']) =>
      results.filter((r) => r.status === status).length
    return [
      `| ${levelLabel(level)} | ${count('passed')} | ${count('failed')} | ${count('skipped')} |`,
    ]
  })
  const lines = [
    `## todokit conformance: ${verdictText(report)}`,
    '',
    `Server: ${markdownText(report.baseUrl)}. ${report.requests} requests in ${report.durationMs} ms.`,
    '',
    '| Level | Held | Broken | Not judged |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ]
  for (const failure of counted(report)) lines.push(...failureSection(failure))
  const unjudged = unjudgedRules(report)
  if (unjudged.length) {
    lines.push('### Counted rules not judged on this server', '')
    for (const check of unjudged)
      lines.push(`- \`${check.id}\`: ${markdownText(check.message ?? 'not judged')}`)
    lines.push('')
  }
  const informational = report.checks.filter((check) => check.status === 'failed' && !check.counted)
  if (informational.length) {
    lines.push('### Informational (not counted)', '')
    for (const check of informational)
      lines.push(
        `- \`${check.id}\` (${levelLabel(check.level)}): ${markdownText((check.message ?? '').slice(0, 200))}`,
      )
    lines.push('')
  }
  if (report.unreachable !== undefined)
    lines.push(
      `The server stopped answering: ${markdownText(report.unreachable)}. The run ended there.`,
      '',
    )
  for (const residue of report.residue)
    lines.push(
      `- ${residue.possible ? 'possible residue' : 'left behind'}: id ${markdownText(String(residue.id))}: ${markdownText(residue.reason)}`,
    )
  if (!report.cleanup.verified)
    lines.push(
      `Cleanup unverified: ${markdownText(report.cleanup.unverifiedBecause ?? 'it could not check')}.`,
    )
  lines.push('', markdownText(explorationSummary(report)), '')
  return lines.join('\n')
}
