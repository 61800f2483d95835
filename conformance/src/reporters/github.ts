import { randomUUID } from 'node:crypto'
import { curlCommand } from '../http/exchange.ts'
import type { CheckResult, ConformanceReport } from '../report.ts'
import { renderPretty } from './pretty.ts'
import { details, safe, view } from './view.ts'

/**
 * A workflow command's message, escaped as GitHub's runner reads it back: `%`, CR and LF as
 * `%25`, `%0D` and `%0A`, so a server's text can never end the line and start a command of its
 * own (`::add-mask::`, `::stop-commands::`).
 */
export function escapeCommandData(text: string): string {
  return safe(text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A'))
}

/** A workflow command's property value: as {@link escapeCommandData}, and `:` and `,` too. */
export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replaceAll(':', '%3A').replaceAll(',', '%2C')
}

function annotation(kind: 'error' | 'warning', title: string, message: string): string {
  return `::${kind} title=${escapeCommandProperty(title)}::${escapeCommandData(message)}`
}

function failureMessage(result: CheckResult): string {
  const exchanges = result.exchanges ?? []
  const replay = exchanges.length ? ['replay:', ...exchanges.map(curlCommand)] : []
  return [result.message ?? 'failed', ...details(result), ...replay].join('\n')
}

/**
 * The report for GitHub Actions: one `::error` annotation per counted broken rule (its id and
 * title, the message, and the curl commands that replay it), a `::warning` per counted rule
 * that could not be judged, then the pretty report for the log, between `::stop-commands::`
 * and its unguessable token, so no line the server wrote into it runs as a command. The
 * Markdown summary for `$GITHUB_STEP_SUMMARY` is {@link renderMarkdown}'s, which the CLI appends.
 *
 * @example
 * process.stdout.write(renderGithub(await runConformance({ baseUrl })))
 */
export function renderGithub(report: ConformanceReport): string {
  const { broken, unjudged } = view(report)
  const errors = broken.map((check) =>
    annotation('error', `${check.id}: ${check.title}`, failureMessage(check)),
  )
  const warnings = unjudged.map((check) =>
    annotation('warning', `${check.id} not judged`, check.message ?? 'not judged'),
  )
  if (report.unreachable !== undefined)
    errors.push(annotation('error', 'server unreachable', report.unreachable))
  const token = randomUUID()
  return [
    ...errors,
    ...warnings,
    `::stop-commands::${token}`,
    renderPretty(report),
    `::${token}::`,
    '',
  ].join('\n')
}
