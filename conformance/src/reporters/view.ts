import { LEVELS, type Level, levelLabel } from '../levels.ts'
import type { CheckResult, ConformanceReport } from '../report.ts'

/** The message of a rule left out with `--only`/`--skip`: not judged on purpose. */
export const NOT_SELECTED = 'not selected by only/skip'

export const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`

/**
 * Characters a terminal acts on rather than prints (escape sequences, C1 controls, direction
 * overrides): a response must never clear a screen, set a title or plant a link in a report.
 */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it escapes
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/** Text from the server, safe to print: control characters shown escaped. */
export const safe = (text: string): string => text.replace(UNSAFE, escaped)

/**
 * Text from the server inside one line of a report, a newline shown as `\n`: the server can
 * never start a line of its own (in a CI log, a line that starts with `::` is a command).
 */
export const safeLine = (text: string): string => safe(text).replaceAll('\n', '\\n')

export const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
}

/** A failure's expected and actual values, as the plain-text reporters show them. */
export const details = ({ expected, actual }: CheckResult): string[] => [
  ...(expected === undefined ? [] : [`expected: ${expected}`]),
  ...(actual === undefined ? [] : [`actual:   ${actual}`]),
]

/** One line on what the exploration did. */
export function explorationSummary(report: ConformanceReport): string {
  if (report.readOnly)
    return 'Read-only: no exploration, as its random sequences write; the run read what the server holds.'
  const { seed, budget, sequences, operations, listQueries, requests } = report.exploration
  return `Exploration (seed ${seed}, budget ${budget}): ${operations} operations in ${sequences} random sequences, ${listQueries} of them list queries, ${requests} requests. Replay with --seed ${seed}.`
}

/** A sentence of a report's closing notes, and the colour the pretty report gives it. */
export type Note = { text: string; tone: 'dim' | 'red' | 'yellow' }

const note = (tone: Note['tone'], text: string): Note => ({ text, tone })

/** What cleanup could not do, as sentences; none when it removed everything and verified it. */
export function cleanupNotes({ cleanup, residue, marker }: ConformanceReport): Note[] {
  const unverified = `Cleanup unverified: ${cleanup.unverifiedBecause ?? 'it could not check'}; records whose content starts with ${marker} may remain.`
  const lines = residue.map(
    ({ possible, id, content, reason }) =>
      `  ${possible ? 'possible residue' : 'left behind'}: id ${id}${content === undefined ? '' : ` ${JSON.stringify(content).slice(0, 80)}`}: ${reason}`,
  )
  return [...(cleanup.verified ? [] : [unverified]), ...lines].map((text) => note('yellow', text))
}

/** What the run saw of the server, how it ended, what cleanup left, and hints, as sentences. */
function notes(report: ConformanceReport): Note[] {
  const { idAssignment, clientIds, idType, foreignRecordsAtStart, trimsContent } = report.observed
  const ids = {
    unknown: 'whether the server assigns ids is not known',
    assigns: 'the server assigns ids',
    refuses: 'the server refuses creates without an id',
  }[idAssignment]
  const observed = `Observed: ${ids}; ids the client chooses are ${clientIds}; ids are ${idType === 'other' ? 'not integers' : idType}${trimsContent ? '; content is trimmed' : ''}; ${foreignRecordsAtStart} record(s) were there at the start, never written to.`
  const left = report.readOnly ? [] : cleanupNotes(report)
  const nothingLeft = report.readOnly
    ? 'Read-only: the run sent only GET, HEAD and OPTIONS, and so changed nothing and left nothing.'
    : 'Cleanup verified: every record the run created was deleted, and the final GET /todos lists none of them.'
  return [
    note('dim', observed),
    note('dim', explorationSummary(report)),
    ...(report.unreachable
      ? [note('red', `Server unreachable: ${report.unreachable}. The run ended there.`)]
      : []),
    ...(left.length > 0 ? left : [note('dim', nothingLeft)]),
    ...report.hints.map((hint) => note('yellow', `Hint: ${hint}`)),
  ]
}

/** Whether a level counts: claimed, `--strict`, or informational. */
function levelNote(level: Level, { strict, capabilities }: ConformanceReport): string {
  if (level === 'required') return ''
  if (level === 'recommended')
    return strict ? 'counted (--strict)' : 'informational without --strict'
  return capabilities.includes(level) ? 'claimed' : 'not claimed: informational'
}

/** Why a run that broke no counted rule still did not show conformance. */
function partialReason(report: ConformanceReport, unjudged: CheckResult[]): string {
  if (report.unreachable) return 'the server stopped answering'
  if (report.interrupted) return 'the run was interrupted'
  if (unjudged.length === 0) return 'rules were left out with --only/--skip'
  // A read-only run names the rules it could not judge for want of a write apart from the rest.
  const needsWrite = unjudged.filter((check) => check.message?.startsWith('needs a write'))
  const others = unjudged.filter((check) => !needsWrite.includes(check))
  const ids = (checks: CheckResult[]) => checks.map((check) => check.id).join(', ')
  return [
    needsWrite.length &&
      `${needsWrite.length} counted rule(s) need a write, which --read-only does not send (${ids(needsWrite)})`,
    others.length &&
      `${others.length} counted rule(s) could not be judged on this server (${ids(others)})`,
  ]
    .filter(Boolean)
    .join(', and ')
}

/**
 * What every reporter shows of a report, worked out once: the broken rules, the informational
 * failures, the counted rules not judged, a summary per level, closing notes, and the verdict.
 */
export function view(report: ConformanceReport) {
  const { checks } = report
  const broken = checks.filter((check) => check.status === 'failed' && check.counted)
  const unjudged = checks.filter(
    (check) => check.status === 'skipped' && check.counted && check.message !== NOT_SELECTED,
  )
  const levels = LEVELS.map((level) => {
    const results = checks.filter((check) => check.level === level)
    const count = (status: CheckResult['status']) =>
      results.filter((result) => result.status === status).length
    return {
      label: levelLabel(level),
      results,
      passed: count('passed'),
      /** Failed, counted or not. */
      failed: count('failed'),
      /** Failed and counted: what CI shows as a failure. */
      broken: broken.filter((check) => check.level === level).length,
      skipped: count('skipped'),
      note: levelNote(level, report),
    }
  }).filter(({ results }) => results.length > 0)
  const verdict = {
    pass: { word: 'PASS', text: 'conforms to the todos contract' },
    fail: { word: 'FAIL', text: `${broken.length} counted rule(s) broken` },
    partial: {
      word: 'PARTIAL',
      text: `no counted rule broken, but ${partialReason(report, unjudged)}: conformance is not shown`,
    },
  }[report.verdict]
  return {
    broken,
    informational: checks.filter((check) => check.status === 'failed' && !check.counted),
    unjudged,
    levels,
    notes: notes(report),
    verdict,
  }
}
