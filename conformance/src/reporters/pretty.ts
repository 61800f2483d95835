import { curlCommand } from '../http/curl.ts'
import { type Exchange, excerpt } from '../http/exchange.ts'
import { LEVELS, type Level, levelLabel } from '../levels.ts'
import type { CheckResult, ConformanceReport } from '../report.ts'
import { type Palette, palette } from './color.ts'

/** Options of the pretty reporter. */
export interface PrettyOptions {
  /** ANSI colours. @default false */
  color?: boolean
}

const INDENT = '      '

/**
 * Longest request body shown on its own line: the curl line below it carries the whole body
 * (it must, to replay), so a long body would otherwise be printed twice in full.
 */
const REQUEST_BODY_EXCERPT_LENGTH = 300

function indentLines(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? line : `${prefix}${line}`))
    .join('\n')
}

function mark(result: CheckResult, paint: Palette): string {
  if (result.status === 'passed') return paint.green('✓')
  if (result.status === 'skipped') return paint.dim('-')
  return result.counted ? paint.red('✗') : paint.yellow('!')
}

/**
 * One progress line for a finished check.
 *
 * @example
 * renderProgressLine(result) // → '  ✓ list.returns-array  GET /todos answers 200 … (3 ms)'
 */
export function renderProgressLine(result: CheckResult, options: PrettyOptions = {}): string {
  const paint = palette(options.color ?? false)
  const note = result.status === 'failed' && !result.counted ? paint.yellow(' (informational)') : ''
  return `  ${mark(result, paint)} ${result.id}  ${paint.dim(`${result.title} (${result.durationMs} ms)`)}${note}`
}

function renderExchange(exchange: Exchange, index: number, paint: Palette): string {
  const lines = [`${INDENT}${index + 1}. ${paint.bold(`${exchange.method} ${exchange.url}`)}`]
  const pad = `${INDENT}   `
  if (exchange.requestBody !== undefined) {
    const body = excerpt(exchange.requestBody, REQUEST_BODY_EXCERPT_LENGTH)
    lines.push(`${pad}request body:  ${indentLines(body, `${pad}               `)}`)
  }
  if (exchange.error !== undefined) {
    lines.push(`${pad}no response:   ${paint.red(exchange.error)}`)
  } else {
    lines.push(`${pad}response:      ${exchange.status} ${exchange.statusText}`)
    const type = exchange.responseHeaders?.['content-type']
    if (type) lines.push(`${pad}content-type:  ${type}`)
    if (exchange.responseBody) {
      lines.push(
        `${pad}response body: ${indentLines(exchange.responseBody, `${pad}               `)}`,
      )
    }
  }
  if (exchange.note) lines.push(`${pad}note:          ${exchange.note}`)
  lines.push(`${pad}${paint.dim(curlCommand(exchange))}`)
  return lines.join('\n')
}

/** The full account of one failed check: rule, expected vs actual, each exchange with curl. */
export function renderFailure(result: CheckResult, options: PrettyOptions = {}): string {
  const paint = palette(options.color ?? false)
  const heading = `${mark(result, paint)} ${paint.bold(result.id)} ${result.title}`
  const lines = [
    heading + (result.counted ? '' : paint.yellow(` [${levelLabel(result.level)}, informational]`)),
    `    rule:      ${result.rule}`,
    `    problem:   ${result.message ?? 'failed'}`,
  ]
  if (result.expected !== undefined) lines.push(`    expected:  ${result.expected}`)
  if (result.actual !== undefined) lines.push(`    actual:    ${result.actual}`)
  const exchanges = result.exchanges ?? []
  if (exchanges.length > 0) {
    lines.push('    exchanges:')
    exchanges.forEach((exchange, i) => {
      lines.push(renderExchange(exchange, i, paint))
    })
  }
  return lines.join('\n')
}

function levelNote(level: Level, report: ConformanceReport): string {
  if (level === 'required') return ''
  if (level === 'recommended')
    return report.strict ? 'counted (--strict)' : 'informational without --strict'
  return report.capabilities.includes(level) ? 'claimed' : 'not claimed: informational'
}

function renderSummary(report: ConformanceReport, paint: Palette): string[] {
  return LEVELS.flatMap((level) => {
    const results = report.checks.filter((check) => check.level === level)
    if (results.length === 0) return []
    const count = (status: CheckResult['status']) =>
      results.filter((r) => r.status === status).length
    const failed = count('failed')
    const parts = [`${count('passed')} passed`, failed ? paint.red(`${failed} failed`) : '0 failed']
    if (count('skipped')) parts.push(`${count('skipped')} skipped`)
    const note = levelNote(level, report)
    return [
      `  ${levelLabel(level).padEnd(20)} ${parts.join(', ')}${note ? paint.dim(`  (${note})`) : ''}`,
    ]
  })
}

function renderResidue(report: ConformanceReport, paint: Palette): string[] {
  const lines: string[] = []
  if (!report.cleanup.verified) {
    lines.push(
      paint.yellow(
        `Cleanup unverified: ${report.cleanup.unverifiedBecause ?? 'it could not check'}; records marked ${report.marker} may remain.`,
      ),
    )
  } else if (report.residue.length === 0) {
    lines.push(
      paint.dim(
        `Cleanup verified: each record of the run was read back before its DELETE, and GET /todos lists none marked ${report.marker}.`,
      ),
    )
  }
  if (report.residue.length > 0) {
    const possible = report.residue.filter((r) => r.possible).length
    lines.push(
      paint.yellow(
        `Cleanup left ${report.residue.length} record(s) of the run${possible ? ` (${possible} possible residue)` : ''} (content starts with ${report.marker}):`,
      ),
      ...report.residue.map(
        (r) => `  id ${r.id}: ${r.possible ? 'possible residue: ' : ''}${r.reason}`,
      ),
    )
  }
  return lines
}

/** One line on what the exploration did, or nothing when it did not run. */
export function explorationSummary(report: ConformanceReport): string | undefined {
  const kinds = report.exploration.kinds
  if (kinds.length === 0) return undefined
  const sum = (pick: (k: (typeof kinds)[number]) => number) =>
    kinds.reduce((n, k) => n + pick(k), 0)
  const queries = kinds
    .filter((k) => k.kind !== 'operations')
    .map((k) => `${k.kind} ${k.queries.length}`)
    .join(', ')
  return `Exploration (seed ${report.exploration.seed}, budget ${report.exploration.budget}): ${sum((k) => k.operations)} operations in ${sum((k) => k.runs)} random sequences, ${sum((k) => k.queries.length)} query combinations (${queries}), ${sum((k) => k.requests)} requests. Replay with --seed ${report.exploration.seed}.`
}

function renderObserved(report: ConformanceReport, paint: Palette): string[] {
  const { idAssignment, duplicateIds, foreignRecordsAtStart } = report.observed
  const ids = {
    unknown: 'not tried',
    assigns: 'the server assigns ids to creates without one',
    refuses: 'the server refuses creates without an id',
  }[idAssignment]
  const lines = [
    paint.dim(
      `Observed: ${ids}; ${foreignRecordsAtStart} record(s) listed at the start, never written to.`,
    ),
  ]
  const exploration = explorationSummary(report)
  if (exploration) lines.push(paint.dim(exploration))
  if (duplicateIds.length > 0) {
    lines.push(paint.red(`Duplicate ids handed out by POST: ${duplicateIds.join(', ')}`))
  }
  if (report.unreachable) {
    lines.push(paint.red(`Server unreachable: ${report.unreachable}. The run ended there.`))
  }
  return lines
}

function verdictLine(report: ConformanceReport, counted: CheckResult[], paint: Palette): string {
  if (report.verdict === 'fail') {
    return `${paint.red(paint.bold('FAIL'))} ${counted.length} counted check(s) failed: ${counted.map((c) => c.id).join(', ')}`
  }
  if (report.verdict === 'partial') {
    const why = report.unreachable
      ? 'the server stopped answering'
      : report.interrupted
        ? 'the run was interrupted'
        : 'the run was incomplete'
    return `${paint.yellow(paint.bold('PARTIAL'))} no counted check failed, but ${why}: ${report.notRun} counted check(s) not run or inconclusive, so conformance is not shown`
  }
  return `${paint.green(paint.bold('PASS'))} conforms to the todos contract`
}

/**
 * The end of a pretty run: failures in full, a summary per level, cleanup, verdict, duration.
 *
 * @example
 * console.log(renderPretty(await runConformance({ baseUrl }), { color: process.stdout.isTTY }))
 */
export function renderPretty(report: ConformanceReport, options: PrettyOptions = {}): string {
  const paint = palette(options.color ?? false)
  const failures = report.checks.filter((check) => check.status === 'failed')
  const counted = failures.filter((check) => check.counted)
  const lines: string[] = []
  for (const failure of failures) lines.push('', renderFailure(failure, options))
  lines.push('', paint.bold(`Summary for ${report.baseUrl}`), ...renderSummary(report, paint), '')
  lines.push(...renderObserved(report, paint), ...renderResidue(report, paint))
  const ran = report.summary.passed + report.summary.failed
  lines.push(
    verdictLine(report, counted, paint),
    paint.dim(`${ran} checks ran in ${report.durationMs} ms`) +
      (report.interrupted ? paint.yellow(' (interrupted)') : ''),
  )
  return lines.join('\n')
}
