import { randomUUID } from 'node:crypto'
import type { ConformanceReport } from '../report.ts'
import { renderFailure, renderPretty } from './pretty.ts'
import { safe, view } from './view.ts'

/** A workflow command's message, escaped so no text of the server's can start a command. */
export const escapeCommandData = (text: string): string =>
  safe(text.replace(/[%\r\n]/g, encodeURIComponent))

/** A workflow command's property value: as {@link escapeCommandData}, and `:` and `,` too. */
export const escapeCommandProperty = (text: string): string =>
  escapeCommandData(text).replace(/[:,]/g, encodeURIComponent)

const annotation = (kind: 'error' | 'warning', title: string, text: string) =>
  `::${kind} title=${escapeCommandProperty(title)}::${escapeCommandData(text)}`

/**
 * The report for GitHub Actions: an `::error` annotation per counted broken rule (the pretty
 * report's account of it, replay commands included), a `::warning` per counted rule not judged,
 * then the pretty report between `::stop-commands::` and an unguessable token, so no line of it
 * runs as a command. The CLI appends {@link renderStepSummary} to `$GITHUB_STEP_SUMMARY`.
 */
export function renderGithub(report: ConformanceReport): string {
  const { shown, broken, unjudged } = view(report)
  const errors = broken.map((check) =>
    annotation('error', `${check.id}: ${check.title}`, renderFailure(check)),
  )
  if (shown.unreachable !== undefined)
    errors.push(annotation('error', 'server unreachable', shown.unreachable))
  const warnings = unjudged.map((check) =>
    annotation('warning', `${check.id} not judged`, check.message ?? 'not judged'),
  )
  const token = randomUUID()
  const log = [`::stop-commands::${token}`, renderPretty(report), `::${token}::`, '']
  return [...errors, ...warnings, ...log].join('\n')
}

/**
 * The job summary: the verdict as a heading, then the pretty report in a code block fenced
 * longer than any run of backticks in it, so no text of the server's can become Markdown.
 */
export function renderStepSummary(report: ConformanceReport): string {
  const { verdict } = view(report)
  const text = renderPretty(report)
  const fence = '`'.repeat(Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length)) + 1)
  return `## todokit conformance: ${verdict.word}: ${verdict.text}\n\n${fence}\n${text}\n${fence}\n`
}
