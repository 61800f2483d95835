import { checks as catalogue } from '../checks/index.ts'
import { InvalidOptionsError } from '../errors.ts'
import { describeBudget } from '../explore/budget.ts'
import { type ConformanceOptions, resolveOptions } from '../options.ts'
import type { CheckResult, CleanupOutcome, ConformanceReport } from '../report.ts'
import { TOOL_NAME, TOOL_VERSION } from '../version.ts'
import { forEachConcurrent } from './pool.ts'
import { isSelected } from './select.ts'
import { createSession, skippedResult } from './session.ts'

function notRunReason(
  selected: boolean,
  bailedOn: string | undefined,
  unreachable: string | undefined,
): string {
  if (!selected) return 'not selected by only/skip'
  if (unreachable) return `not run: the server stopped answering (${unreachable})`
  return bailedOn ? `not run: bail after ${bailedOn} failed` : 'not run: interrupted'
}

/**
 * Runs the conformance catalogue against a server and returns the report. Only touches records
 * it creates, and removes them all, even when checks fail or the signal aborts the run.
 *
 * Throws `InvalidOptionsError` for unusable options and `ServerUnreachableError` when the base
 * URL does not answer at all; a server that answers wrongly yields a report with failures.
 *
 * @example
 * const report = await runConformance({ baseUrl: 'http://localhost:3000', capabilities: 'all' })
 * if (!report.ok) console.log(report.checks.filter((check) => check.status === 'failed'))
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const resolved = resolveOptions(options)
  const startedAt = new Date()
  const started = performance.now()
  const session = createSession(resolved)
  const all = options.checks ?? catalogue
  const selected = all.filter((check) => isSelected(check.id, resolved.only, resolved.skip))
  if (selected.length === 0) {
    throw new InvalidOptionsError(
      `No check matches only [${resolved.only.join(', ')}] and skip [${resolved.skip.join(', ')}]; see --list`,
    )
  }
  const results = new Map<string, CheckResult>()
  let bailedOn: string | undefined

  await session.preflight()
  let cleanup: CleanupOutcome = { residue: [], verified: false }
  try {
    // Checks that may leave invalid records on a lax server run after the others, so that no
    // check reading the whole list sees those records; checks that judge what the whole run
    // observed run last.
    const phases = [
      selected.filter((check) => !check.sendsInvalidData && !check.judgesTheRun),
      selected.filter((check) => check.sendsInvalidData),
      selected.filter((check) => check.judgesTheRun),
    ]
    for (const phase of phases) {
      await forEachConcurrent(
        phase,
        resolved.concurrency,
        async (check) => {
          const result = await session.run(check)
          results.set(check.id, result)
          if (result.status === 'failed' && result.counted && resolved.bail) bailedOn ??= check.id
          options.onResult?.(result, { done: results.size, total: selected.length })
        },
        () =>
          bailedOn !== undefined ||
          resolved.signal?.aborted === true ||
          session.unreachable !== undefined,
      )
    }
  } finally {
    cleanup = await session.cleanUp()
  }

  const checks = all.map(
    (check) =>
      results.get(check.id) ??
      skippedResult(
        check,
        resolved,
        notRunReason(selected.includes(check), bailedOn, session.unreachable),
      ),
  )
  const count = (status: CheckResult['status']) =>
    checks.filter((check) => check.status === status).length
  const interrupted = resolved.signal?.aborted === true
  const unreachable = session.unreachable
  const failed = checks.some((check) => check.status === 'failed' && check.counted)
  const notRun = checks.filter((check) => check.status === 'skipped' && check.counted).length
  return {
    tool: TOOL_NAME,
    version: TOOL_VERSION,
    baseUrl: resolved.baseUrl,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    marker: session.marker,
    capabilities: resolved.capabilities,
    strict: resolved.strict,
    ok: !failed && !interrupted && unreachable === undefined,
    interrupted,
    verdict: failed ? 'fail' : interrupted || notRun > 0 || unreachable ? 'partial' : 'pass',
    notRun,
    ...(unreachable === undefined ? {} : { unreachable }),
    observed: {
      idAssignment: session.state.idAssignment,
      duplicateIds: session.state.ledger.duplicates.map((d) => d.id),
      foreignRecordsAtStart: session.state.ledger.foreignIds.size,
    },
    exploration: {
      seed: resolved.seed,
      budget: describeBudget(resolved.budget),
      kinds: session.state.exploration.stats,
    },
    summary: { passed: count('passed'), failed: count('failed'), skipped: count('skipped') },
    checks,
    residue: cleanup.residue,
    cleanup: {
      verified: cleanup.verified,
      ...(cleanup.unverifiedBecause === undefined
        ? {}
        : { unverifiedBecause: cleanup.unverifiedBecause }),
    },
  }
}
