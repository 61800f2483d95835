import { styleText } from 'node:util'
import { curlCommand, type Exchange, excerpt } from '../http/exchange.ts'
import { levelLabel } from '../levels.ts'
import type { CheckResult, ConformanceReport } from '../report.ts'
import { safeLine, view } from './view.ts'

/** Options of the pretty reporter. */
export interface PrettyOptions {
  /** ANSI colours. @default false */
  color?: boolean
}

type Paint = (style: 'green' | 'red' | 'yellow' | 'dim' | 'bold', text: string) => string
const palette =
  ({ color = false }: PrettyOptions): Paint =>
  (style, text) =>
    color ? styleText(style, text, { validateStream: false }) : text

const PAD = '         '

function renderExchange(exchange: Exchange, index: number, paint: Paint): string[] {
  const { method, url, requestBody, error, status, statusText, responseBody } = exchange
  const lines = [`      ${index + 1}. ${paint('bold', safeLine(`${method} ${url}`))}`]
  if (requestBody !== undefined)
    lines.push(`${PAD}request body:  ${safeLine(excerpt(requestBody, 300))}`)
  if (error !== undefined) lines.push(`${PAD}no response:   ${paint('red', safeLine(error))}`)
  else lines.push(`${PAD}response:      ${status} ${safeLine(statusText ?? '')}`)
  if (error === undefined && responseBody)
    lines.push(`${PAD}response body: ${safeLine(excerpt(responseBody, 300))}`)
  return [...lines, `${PAD}${paint('dim', safeLine(curlCommand(exchange)))}`]
}

function mark(result: CheckResult, paint: Paint): string {
  if (result.status === 'passed') return paint('green', '✓')
  if (result.status === 'skipped') return paint('dim', '-')
  return result.counted ? paint('red', '✗') : paint('yellow', '!')
}

/** One line for a rule's result: `  ✓ list.answers-array  GET /todos answers 200 … (12 held)`. */
export function renderProgressLine(result: CheckResult, options: PrettyOptions = {}): string {
  const paint = palette(options)
  const informational = result.status === 'failed' && !result.counted
  const note = informational ? paint('yellow', ' (informational)') : ''
  return `  ${mark(result, paint)} ${result.id}  ${paint('dim', `${result.title} (${result.held} held)`)}${note}`
}

/** The full account of one failed rule: what broke it, expected and actual, the exchanges with curl. */
export function renderFailure(result: CheckResult, options: PrettyOptions = {}): string {
  const paint = palette(options)
  const { occurrences = 1 } = result
  const times = occurrences > 1 ? paint('dim', ` (${occurrences} times)`) : ''
  const lines = [
    `${mark(result, paint)} ${paint('bold', result.id)}  ${safeLine(result.message ?? 'failed')}${times}`,
    `    rule:      ${result.title} [${levelLabel(result.level)}, ${result.rule}]`,
  ]
  if (result.expected !== undefined) lines.push(`    expected:  ${safeLine(result.expected)}`)
  if (result.actual !== undefined) lines.push(`    actual:    ${safeLine(result.actual)}`)
  for (const [i, exchange] of (result.exchanges ?? []).entries())
    lines.push(...renderExchange(exchange, i, paint))
  return lines.join('\n')
}

/**
 * The end of a pretty run: counted failures in full, informational ones a line each, a summary
 * per level, what was observed, cleanup, hints and the verdict.
 *
 * @example
 * console.log(renderPretty(await runConformance({ baseUrl }), { color: process.stdout.isTTY }))
 */
export function renderPretty(report: ConformanceReport, options: PrettyOptions = {}): string {
  const paint = palette(options)
  const { broken, informational, unjudged, levels, notes, verdict } = view(report)
  const lines = broken.flatMap((failure) => ['', renderFailure(failure, options)])
  if (informational.length) lines.push('', paint('bold', 'Informational (not counted):'))
  for (const check of informational)
    lines.push(
      `  ${paint('yellow', '!')} ${check.id} [${levelLabel(check.level)}]: ${safeLine(check.message ?? '').slice(0, 200)}`,
    )
  for (const check of unjudged)
    lines.push(`  ${paint('yellow', '?')} ${check.id}: ${safeLine(check.message ?? '')}`)
  lines.push('', paint('bold', `Summary for ${safeLine(report.baseUrl)}`))
  for (const { label, passed, failed, skipped, note } of levels) {
    const parts = [`${passed} held`, failed ? paint('red', `${failed} broken`) : '0 broken']
    if (skipped) parts.push(`${skipped} not judged`)
    lines.push(
      `  ${label.padEnd(26)} ${parts.join(', ')}${note ? paint('dim', `  (${note})`) : ''}`,
    )
  }
  lines.push('', ...notes.map(({ text, tone }) => paint(tone, safeLine(text))))
  const colour = ({ pass: 'green', fail: 'red', partial: 'yellow' } as const)[report.verdict]
  const ids = report.verdict === 'fail' ? `: ${broken.map((check) => check.id).join(', ')}` : ''
  const interrupted = report.interrupted ? paint('yellow', ' (interrupted)') : ''
  lines.push(
    `${paint(colour, paint('bold', verdict.word))} ${verdict.text}${ids}`,
    paint('dim', `${report.requests} requests in ${report.durationMs} ms`) + interrupted,
  )
  return lines.join('\n')
}
