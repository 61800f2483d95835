import { styleText } from 'node:util'
import { curlCommand, excerpt } from '../http/exchange.ts'
import { levelLabel } from '../levels.ts'
import type { CheckResult, ConformanceReport } from '../report.ts'
import { clean, cleanupNotes, explorationSummary, view } from './view.ts'

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

function mark({ status, counted }: CheckResult, paint: Paint): string {
  if (status === 'passed') return paint('green', '✓')
  if (status === 'skipped') return paint('dim', '-')
  return counted ? paint('red', '✗') : paint('yellow', '!')
}

/** One line for a rule's result: `  ✓ list.answers-array  GET /todos answers 200 … (12 held)`. */
export function renderProgressLine(result: CheckResult, options: PrettyOptions = {}): string {
  const paint = palette(options)
  const informational = result.status === 'failed' && !result.counted
  const note = informational ? paint('yellow', ' (informational)') : ''
  return `  ${mark(result, paint)} ${result.id}  ${paint('dim', `${result.title} (${result.held} held)`)}${note}`
}

const PAD = '         '

/** The full account of one failed rule: what broke it, expected and actual, the exchanges with curl. */
export function renderFailure(result: CheckResult, options: PrettyOptions = {}): string {
  const paint = palette(options)
  const { id, title, level, rule, message, expected, actual, exchanges = [] } = clean(result)
  const { occurrences = 1 } = result
  const times = occurrences > 1 ? paint('dim', ` (${occurrences} times)`) : ''
  const lines = [
    `${mark(result, paint)} ${paint('bold', id)}  ${message ?? 'failed'}${times}`,
    `    rule:      ${title} [${levelLabel(level)}, ${rule}]`,
  ]
  if (expected !== undefined) lines.push(`    expected:  ${expected}`)
  if (actual !== undefined) lines.push(`    actual:    ${actual}`)
  for (const [i, exchange] of exchanges.entries()) {
    const { method, url, requestBody, error, status, statusText = '', responseBody } = exchange
    lines.push(`      ${i + 1}. ${paint('bold', `${method} ${url}`)}`)
    if (requestBody !== undefined) lines.push(`${PAD}request body:  ${excerpt(requestBody, 300)}`)
    if (error !== undefined) lines.push(`${PAD}no response:   ${paint('red', error)}`)
    else lines.push(`${PAD}response:      ${status} ${statusText}`)
    if (error === undefined && responseBody)
      lines.push(`${PAD}response body: ${excerpt(responseBody, 300)}`)
    lines.push(PAD + paint('dim', curlCommand(exchange)))
  }
  return lines.join('\n')
}

function observation({ observed }: ConformanceReport): string {
  const { idAssignment, clientIds, idType, foreignRecordsAtStart, trimsContent } = observed
  const gone = observed.foreignRecordsGoneAtEnd
  const ids = {
    unknown: 'whether the server assigns ids is not known',
    assigns: 'the server assigns ids',
    refuses: 'the server refuses creates without an id',
  }[idAssignment]
  return `Observed: ${ids}; ids the client chooses are ${clientIds}; ids are ${idType === 'other' ? 'not integers' : idType}${trimsContent ? '; content is trimmed' : ''}; ${foreignRecordsAtStart} record(s) were there at the start, never written to${gone.length ? `; of them, the final list no longer shows id ${gone.join(', ')}` : ''}.`
}

/**
 * The end of a pretty run: counted failures in full, informational ones a line each, a summary
 * per level, what was observed, cleanup, hints and the verdict.
 */
export function renderPretty(report: ConformanceReport, options: PrettyOptions = {}): string {
  const paint = palette(options)
  const { shown, broken, informational, unjudged, levels, verdict } = view(report)
  const lines = broken.flatMap((failure) => ['', renderFailure(failure, options)])
  if (informational.length) lines.push('', paint('bold', 'Informational (not counted):'))
  for (const { id, level, message = '' } of informational)
    lines.push(`  ${paint('yellow', '!')} ${id} [${levelLabel(level)}]: ${message.slice(0, 200)}`)
  for (const { id, message = '' } of unjudged)
    lines.push(`  ${paint('yellow', '?')} ${id}: ${message}`)
  lines.push('', paint('bold', `Summary for ${shown.baseUrl}`))
  for (const { label, passed, failed, skipped, note } of levels) {
    const parts = [`${passed} held`, failed ? paint('red', `${failed} broken`) : '0 broken']
    if (skipped) parts.push(`${skipped} not judged`)
    const noted = note ? paint('dim', `  (${note})`) : ''
    lines.push(`  ${label.padEnd(26)} ${parts.join(', ')}${noted}`)
  }
  lines.push('', paint('dim', observation(shown)), paint('dim', explorationSummary(shown)))
  if (shown.unreachable !== undefined)
    lines.push(paint('red', `Server unreachable: ${shown.unreachable}. The run ended there.`))
  const left = cleanupNotes(shown).map((note) => paint('yellow', note))
  const verified =
    'Cleanup verified: every record the run created was deleted, and the final GET /todos lists none of them.'
  lines.push(...(left.length ? left : [paint('dim', verified)]))
  for (const hint of shown.hints) lines.push(paint('yellow', `Hint: ${hint}`))
  const colour = ({ pass: 'green', fail: 'red', partial: 'yellow' } as const)[report.verdict]
  const ids = report.verdict === 'fail' ? `: ${broken.map((check) => check.id).join(', ')}` : ''
  const interrupted = report.interrupted ? paint('yellow', ' (interrupted)') : ''
  lines.push(
    `${paint(colour, paint('bold', verdict.word))} ${verdict.text}${ids}`,
    paint('dim', `${report.requests} requests in ${report.durationMs} ms`) + interrupted,
  )
  return lines.join('\n')
}
