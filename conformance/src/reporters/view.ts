import { LEVELS, levelCounts, levelLabel } from '../levels.ts'
import type { CheckResult, CheckStatus, ConformanceReport } from '../report.ts'

/** The message of a rule left out with `--only`/`--skip`: not judged on purpose. */
export const NOT_SELECTED = 'not selected by only/skip'

/**
 * What a terminal acts on rather than prints (escape sequences, C1 controls, direction
 * overrides) and what XML 1.0 forbids: a response must never clear a screen, plant a link in a
 * report or break a JUnit file.
 */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it escapes
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

export const safe = (text: string): string =>
  text.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)

/**
 * A copy of a report or result whose every string is safe and one line, a newline shown as
 * `\n`: the server's text never starts a line of its own (in a CI log, `::` starts a command).
 */
export const clean = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value), (_, v) =>
    typeof v === 'string' ? safe(v).replaceAll('\n', '\\n') : v,
  )

export function explorationSummary({ exploration }: ConformanceReport): string {
  const { seed, budget, sequences, operations, listQueries, requests } = exploration
  return `Exploration (seed ${seed}, budget ${budget}): ${operations} operations in ${sequences} random sequences, ${listQueries} of them list queries, ${requests} requests. Replay with --seed ${seed}.`
}

/** What cleanup could not do, a sentence each; none when it removed everything and verified it. */
export function cleanupNotes({ cleanup, residue, marker }: ConformanceReport): string[] {
  const left = residue.map(({ possible, id, content, reason }) => {
    const shown = content === undefined ? '' : ` ${JSON.stringify(content).slice(0, 80)}`
    return `  ${possible ? 'possible residue' : 'left behind'}: id ${id}${shown}: ${reason}`
  })
  const because = cleanup.unverifiedBecause ?? 'it could not check'
  const unverified = `Cleanup unverified: ${because}; records whose content carries ${marker} may remain.`
  return cleanup.verified ? left : [unverified, ...left]
}

/** Why a run that broke no counted rule still did not show conformance. */
function partialReason({ unreachable, interrupted }: ConformanceReport, unjudged: CheckResult[]) {
  if (unreachable) return 'the server stopped answering'
  if (interrupted) return 'the run was interrupted'
  if (unjudged.length === 0) return 'rules were left out with --only/--skip'
  return `${unjudged.length} counted rule(s) could not be judged`
}

/** What every reporter shows of a report, worked out once over its {@link clean} copy. */
export function view(report: ConformanceReport) {
  const shown = clean(report)
  const { checks } = shown
  const failed = checks.filter((check) => check.status === 'failed')
  const broken = failed.filter((check) => check.counted)
  const unjudged = checks.filter(
    (check) => check.status === 'skipped' && check.counted && check.message !== NOT_SELECTED,
  )
  const levels = LEVELS.flatMap((level) => {
    const results = checks.filter((check) => check.level === level)
    const count = (status: CheckStatus) => results.filter((r) => r.status === status).length
    const [off, on] =
      level === 'recommended'
        ? ['informational without --strict', 'counted (--strict)']
        : ['not claimed: informational', 'claimed']
    const note = level === 'required' ? '' : levelCounts(level, shown) ? on : off
    const counts = { passed: count('passed'), failed: count('failed'), skipped: count('skipped') }
    return results.length ? [{ label: levelLabel(level), results, ...counts, note }] : []
  })
  const text = {
    pass: 'conforms to the todos contract',
    fail: `${broken.length} counted rule(s) broken`,
    partial: `no counted rule broken, but ${partialReason(shown, unjudged)}: conformance is not shown`,
  }[shown.verdict]
  const verdict = { word: shown.verdict.toUpperCase(), text }
  const informational = failed.filter((check) => !check.counted)
  return { shown, broken, informational, unjudged, levels, verdict }
}
