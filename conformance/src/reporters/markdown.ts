import { levelLabel } from '../levels.ts'
import type { CheckResult, ConformanceReport } from '../report.ts'
import { renderFailure } from './pretty.ts'
import { entities, view } from './view.ts'

/**
 * Text as inline Markdown that stays text: `&`, `<` and `>` as entities and every other
 * character Markdown acts on backslash-escaped, so it opens no tag, link or image, and breaks no
 * table.
 */
const md = (text: string) => entities(text).replace(/[\\`*_{}[\]()#+\-.!|~:@']/g, '\\$&')

/** A counted failure: its heading, then the pretty report's account of it, replay lines included. */
function failure(result: CheckResult): string[] {
  const block = renderFailure(result)
  // Longer than any run of backticks in the block, so no text of the server's can close it.
  const fence = '`'.repeat(Math.max(2, ...(block.match(/`+/g) ?? []).map((run) => run.length)) + 1)
  return [`### \`${result.id}\`: ${md(result.title)}`, '', fence, block, fence, '']
}

function list(heading: string, checks: CheckResult[]): string[] {
  const items = checks.map(
    ({ id, level, message = '' }) =>
      `- \`${id}\` (${levelLabel(level)}): ${md(message.slice(0, 200))}`,
  )
  return items.length ? [`### ${heading}`, '', ...items, ''] : []
}

/**
 * The report as GitHub-flavoured Markdown, for a CI job's summary or a merge request comment:
 * the verdict, a table per level, each counted failure with its replay commands, the counted
 * rules not judged, what the run observed and what cleanup left.
 */
export function renderMarkdown(report: ConformanceReport): string {
  const { shown, broken, unjudged, informational, levels, notes, verdict } = view(report)
  const lines = [
    `## todokit conformance: ${verdict.word}: ${verdict.text}`,
    '',
    `Server: ${md(shown.baseUrl)}. ${report.requests} requests in ${report.durationMs} ms.`,
    '',
    '| Level | Held | Broken | Not judged |',
    '| --- | --- | --- | --- |',
    ...levels.map((l) => `| ${l.label} | ${l.passed} | ${l.failed} | ${l.skipped} |`),
    '',
    ...broken.flatMap(failure),
    ...list('Counted rules not judged on this server', unjudged),
    ...list('Informational (not counted)', informational),
    ...notes.map(([, text]) => `- ${md(text.trim())}`),
  ]
  return `${lines.join('\n')}\n`
}
