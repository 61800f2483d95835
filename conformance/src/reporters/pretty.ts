import { curlCommand } from '../http/curl.ts'
import { type Exchange, excerpt } from '../http/exchange.ts'
import { levelLabel } from '../levels.ts'
import type { CheckResult, ConformanceReport } from '../report.ts'
import { type Palette, palette } from './color.ts'
import { explorationSummary, residueLine, view } from './view.ts'

/** Options of the pretty reporter. */
export interface PrettyOptions {
  /** ANSI colours. @default false */
  color?: boolean
}

/**
 * Characters a terminal acts on rather than prints (escape sequences, C1 controls, direction
 * overrides). Text the server sent is shown with them escaped, so a response can never clear a
 * screen, set a title or plant a link in the report.
 */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it escapes
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/** Text from the server, safe to print: control characters shown as `\u001b`. */
export function safe(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/**
 * Text from the server inside one line of the report: as {@link safe}, and a newline shown as
 * `\\n`, so the server can never start a line of its own (in a CI log, a line that starts
 * with `::` is a command to the runner).
 */
export function safeLine(text: string): string {
  return safe(text).replaceAll('\n', '\\n')
}

const PAD = '         '

function renderExchange(exchange: Exchange, index: number, paint: Palette): string[] {
  const lines = [
    `      ${index + 1}. ${paint.bold(safeLine(`${exchange.method} ${exchange.url}`))}`,
  ]
  if (exchange.requestBody !== undefined)
    lines.push(`${PAD}request body:  ${safeLine(excerpt(exchange.requestBody, 300))}`)
  if (exchange.error !== undefined)
    lines.push(`${PAD}no response:   ${paint.red(safeLine(exchange.error))}`)
  else {
    lines.push(`${PAD}response:      ${exchange.status} ${safeLine(exchange.statusText ?? '')}`)
    if (exchange.responseBody)
      lines.push(`${PAD}response body: ${safeLine(excerpt(exchange.responseBody, 300))}`)
  }
  lines.push(`${PAD}${paint.dim(safeLine(curlCommand(exchange)))}`)
  return lines
}

function mark(result: CheckResult, paint: Palette): string {
  if (result.status === 'passed') return paint.green('✓')
  if (result.status === 'skipped') return paint.dim('-')
  return result.counted ? paint.red('✗') : paint.yellow('!')
}

/**
 * One line for a rule's result.
 *
 * @example
 * renderProgressLine(result) // → '  ✓ list.answers-array  GET /todos answers 200 … (12 held)'
 */
export function renderProgressLine(result: CheckResult, options: PrettyOptions = {}): string {
  const paint = palette(options.color ?? false)
  const note = result.status === 'failed' && !result.counted ? paint.yellow(' (informational)') : ''
  return `  ${mark(result, paint)} ${result.id}  ${paint.dim(`${result.title} (${result.held} held)`)}${note}`
}

/** The full account of one failed rule: what broke it, expected and actual, the exchanges with curl. */
export function renderFailure(result: CheckResult, options: PrettyOptions = {}): string {
  const paint = palette(options.color ?? false)
  const times =
    (result.occurrences ?? 1) > 1
      ? paint.dim(` (${result.occurrences}${result.occurrences === 3 ? '+' : ''} times)`)
      : ''
  const lines = [
    `${mark(result, paint)} ${paint.bold(result.id)}  ${safeLine(result.message ?? 'failed')}${times}`,
    `    rule:      ${result.title} [${levelLabel(result.level)}, ${result.rule}]`,
  ]
  if (result.expected !== undefined) lines.push(`    expected:  ${safeLine(result.expected)}`)
  if (result.actual !== undefined) lines.push(`    actual:    ${safeLine(result.actual)}`)
  for (const [i, exchange] of (result.exchanges ?? []).entries())
    lines.push(...renderExchange(exchange, i, paint))
  return lines.join('\n')
}

function renderSummary(report: ConformanceReport, paint: Palette): string[] {
  return view(report).levels.map(({ label, passed, failed, skipped, note }) => {
    const parts = [`${passed} held`, failed ? paint.red(`${failed} broken`) : '0 broken']
    if (skipped) parts.push(`${skipped} not judged`)
    return `  ${label.padEnd(26)} ${parts.join(', ')}${note ? paint.dim(`  (${note})`) : ''}`
  })
}

function renderCleanup(report: ConformanceReport, paint: Palette): string[] {
  const lines: string[] = []
  if (report.readOnly) {
    lines.push(
      paint.dim(
        'Read-only: the run sent only GET, HEAD and OPTIONS, and so changed nothing and left nothing.',
      ),
    )
  } else if (!report.cleanup.verified) {
    lines.push(
      paint.yellow(
        `Cleanup unverified: ${safeLine(report.cleanup.unverifiedBecause ?? 'it could not check')}; records whose content starts with ${report.marker} may remain.`,
      ),
    )
  } else if (report.residue.length === 0) {
    lines.push(
      paint.dim(
        `Cleanup verified: every record the run created was deleted, and the final GET /todos lists none of them.`,
      ),
    )
  }
  for (const residue of report.residue)
    lines.push(paint.yellow(`  ${safeLine(residueLine(residue))}`))
  return lines
}

function renderObserved(report: ConformanceReport, paint: Palette): string[] {
  const { idAssignment, clientIds, idType, foreignRecordsAtStart, trimsContent } = report.observed
  const ids = {
    unknown: 'whether the server assigns ids is not known',
    assigns: 'the server assigns ids',
    refuses: 'the server refuses creates without an id',
  }[idAssignment]
  const lines = [
    paint.dim(
      `Observed: ${ids}; ids the client chooses are ${clientIds}; ids are ${idType === 'other' ? 'not integers' : idType}${trimsContent ? '; content is trimmed' : ''}; ${foreignRecordsAtStart} record(s) were there at the start, never written to.`,
    ),
    paint.dim(explorationSummary(report)),
  ]
  if (report.unreachable)
    lines.push(
      paint.red(`Server unreachable: ${safeLine(report.unreachable)}. The run ended there.`),
    )
  return lines
}

/**
 * The end of a pretty run: counted failures in full, informational ones a line each, a summary
 * per level, what was observed, cleanup, hints and the verdict.
 *
 * @example
 * console.log(renderPretty(await runConformance({ baseUrl }), { color: process.stdout.isTTY }))
 */
export function renderPretty(report: ConformanceReport, options: PrettyOptions = {}): string {
  const paint = palette(options.color ?? false)
  const { broken, informational, unjudged, verdict } = view(report)
  const lines: string[] = []
  for (const failure of broken) lines.push('', renderFailure(failure, options))
  if (informational.length) lines.push('', paint.bold('Informational (not counted):'))
  for (const check of informational)
    lines.push(
      `  ${paint.yellow('!')} ${check.id} [${levelLabel(check.level)}]: ${safeLine(check.message ?? '').slice(0, 200)}`,
    )
  for (const check of unjudged)
    lines.push(`  ${paint.yellow('?')} ${check.id}: ${safeLine(check.message ?? '')}`)
  lines.push(
    '',
    paint.bold(`Summary for ${safeLine(report.baseUrl)}`),
    ...renderSummary(report, paint),
  )
  lines.push('', ...renderObserved(report, paint), ...renderCleanup(report, paint))
  for (const hint of report.hints) lines.push(paint.yellow(`Hint: ${safeLine(hint)}`))
  const colour = { pass: paint.green, fail: paint.red, partial: paint.yellow }[report.verdict]
  const ids = report.verdict === 'fail' ? `: ${broken.map((check) => check.id).join(', ')}` : ''
  lines.push(
    `${colour(paint.bold(verdict.word))} ${verdict.text}${ids}`,
    paint.dim(`${report.requests} requests in ${report.durationMs} ms`) +
      (report.interrupted ? paint.yellow(' (interrupted)') : ''),
  )
  return lines.join('\n')
}
