import { curlCommand } from '../http/exchange.ts'
import { levelLabel } from '../levels.ts'
import type { CheckResult, ConformanceReport } from '../report.ts'
import { details, ENTITIES, safe, view } from './view.ts'

/**
 * Text from the server as inline Markdown that stays text: HTML's `&`, `<` and `>` become
 * entities and every other character Markdown acts on is backslash-escaped, so a response can
 * neither open a tag, a link or an image, nor break a table or start a line of its own.
 */
function markdownText(text: string): string {
  return safe(text)
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/[&<>]/g, (char) => ENTITIES[char]!)
    .replace(/[\\`*_{}[\]()#+\-.!|~:@"']/g, (char) => `\\${char}`)
}

/** A fenced code block that no run of backticks in `text` can close early. */
function codeBlock(text: string, language = ''): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}${language}\n${safe(text)}\n${fence}`
}

function failureSection(result: CheckResult): string[] {
  const times = (result.occurrences ?? 1) > 1 ? `, broken ${result.occurrences} times` : ''
  const lines = [
    `### \`${result.id}\`: ${markdownText(result.title)}`,
    '',
    `${levelLabel(result.level)}, ${markdownText(result.rule)}${times}`,
    '',
    markdownText(result.message ?? 'failed'),
    '',
  ]
  const shown = details(result)
  if (shown.length) lines.push(codeBlock(shown.join('\n')), '')
  const replay = (result.exchanges ?? []).map(curlCommand)
  if (replay.length) lines.push('Replay:', '', codeBlock(replay.join('\n'), 'sh'), '')
  return lines
}

const section = (heading: string, items: string[]) =>
  items.length ? [`### ${heading}`, '', ...items.map((item) => `- ${item}`), ''] : []

/**
 * The report as GitHub-flavoured Markdown, for a CI job's summary or a merge request comment:
 * the verdict, a table per level, each counted failure with its replay commands, the counted
 * rules that could not be judged, then what the run observed and what cleanup left. Everything
 * the server sent is shown as text, never as Markdown or HTML.
 *
 * @example
 * appendFileSync(process.env.GITHUB_STEP_SUMMARY, renderMarkdown(report))
 */
export function renderMarkdown(report: ConformanceReport): string {
  const { broken, unjudged, informational, levels, notes, verdict } = view(report)
  const lines = [
    `## todokit conformance: ${verdict.word}: ${verdict.text}`,
    '',
    `Server: ${markdownText(report.baseUrl)}. ${report.requests} requests in ${report.durationMs} ms.`,
    '',
    '| Level | Held | Broken | Not judged |',
    '| --- | --- | --- | --- |',
    ...levels.map((l) => `| ${l.label} | ${l.passed} | ${l.failed} | ${l.skipped} |`),
    '',
    ...broken.flatMap(failureSection),
    ...section(
      'Counted rules not judged on this server',
      unjudged.map((check) => `\`${check.id}\`: ${markdownText(check.message ?? 'not judged')}`),
    ),
    ...section(
      'Informational (not counted)',
      informational.map(
        (check) =>
          `\`${check.id}\` (${levelLabel(check.level)}): ${markdownText((check.message ?? '').slice(0, 200))}`,
      ),
    ),
  ]
  for (const { text } of notes) lines.push(`- ${markdownText(text.trim())}`)
  return `${lines.join('\n')}\n`
}
