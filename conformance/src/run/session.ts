import { COLLECTION_PATH } from '@todokit/sdk/contract'
import { isErrorType } from '@todokit/sdk/internal'
import type { Check } from '../check.ts'
import { ServerUnreachableError } from '../errors.ts'
import { createHttpClient, type HttpClient } from '../http/client.ts'
import { NetworkError } from '../http/errors.ts'
import type { Exchange } from '../http/exchange.ts'
import { type Level, levelCounts } from '../levels.ts'
import type { ResolvedOptions } from '../options.ts'
import type { CheckResult, CleanupOutcome } from '../report.ts'
import { contractRules, type RuleId } from '../rules.ts'
import { CheckFailure, CheckInconclusive } from './assert.ts'
import { cleanUp } from './cleanup.ts'
import { createCheckContext } from './context.ts'
import { randomRunId, runMarker } from './ids.ts'
import { Ledger } from './ledger.ts'
import { provesOurs, readLeniently } from './lenient.ts'
import type { RunState } from './run-state.ts'

/** One run against one server: shared client, record ledger and run marker. */
export interface Session {
  readonly options: ResolvedOptions
  /** Content prefix of every record this session creates. */
  readonly marker: string
  /** What the run's checks share, and what it observed of the server. */
  readonly state: RunState
  /**
   * Fails with {@link ServerUnreachableError} when the base URL does not answer at all; notes
   * the ids of the records already there, which the run never writes to.
   */
  preflight(): Promise<void>
  /** Why the server stopped answering mid-run, once it did; the run then ends. */
  readonly unreachable: string | undefined
  /** Runs one check and describes its outcome; never throws. */
  run(check: Check): Promise<CheckResult>
  /** Removes every record the session created; says what it could not remove or check. */
  cleanUp(): Promise<CleanupOutcome>
}

/** The rule a check verifies, as a report shows it. */
function ruleLabel(check: Pick<Check, 'rule'>): string {
  const rule = contractRules[check.rule]
  return `${rule.ref}: ${rule.text}`
}

function baseResult(check: Check, options: ResolvedOptions) {
  return {
    id: check.id,
    title: check.title,
    level: check.level,
    rule: ruleLabel(check),
    counted: levelCounts(check.level, options),
  }
}

/** The result of a check that did not run. */
export function skippedResult(
  check: Check,
  options: ResolvedOptions,
  message: string,
): CheckResult {
  return { ...baseResult(check, options), status: 'skipped', durationMs: 0, message }
}

/** Starts a session; nothing is sent until `preflight` or `run`. */
export function createSession(options: ResolvedOptions): Session {
  const ledger = new Ledger()
  const marker = runMarker(randomRunId())
  const http: HttpClient = createHttpClient({ ...options, onSend: ledger.sending }, [
    ledger.observe,
  ])
  const origin = performance.now()
  const state: RunState = {
    marker,
    ledger,
    idAssignment: 'unknown',
    clientIdsRefused: false,
    proposedIds: new Set(),
    firstAssignedCreate: undefined,
    exploration: { seed: options.seed, budget: options.budget, stats: [] },
  }
  let unreachable: string | undefined
  /** After a network error: does the server still answer at all? */
  const stillAnswers = async (): Promise<boolean> => {
    try {
      await http.request('GET', COLLECTION_PATH)
      return true
    } catch (error) {
      return !isErrorType(error, NetworkError)
    }
  }
  return {
    options,
    marker,
    state,
    get unreachable() {
      return unreachable
    },
    async preflight() {
      try {
        const response = await http.request('GET', COLLECTION_PATH)
        for (const record of readLeniently(response.json) ?? []) {
          if (typeof record.id === 'number' && !provesOurs(record.content, marker)) {
            ledger.foreignIds.add(record.id)
          }
        }
      } catch (error) {
        if (options.signal?.aborted) throw error
        const reason = error instanceof Error ? error.message : String(error)
        throw new ServerUnreachableError(
          `Cannot reach ${options.baseUrl}: ${reason}. Is the server running, and is the URL right?`,
        )
      }
    },
    async run(check) {
      const exchanges: Exchange[] = []
      const started = performance.now()
      const base = { ...baseResult(check, options), startMs: Math.round(started - origin) }
      try {
        await check.run(createCheckContext(check.id, http, state, exchanges))
        return { ...base, status: 'passed', durationMs: Math.round(performance.now() - started) }
      } catch (error) {
        const durationMs = Math.round(performance.now() - started)
        if (options.signal?.aborted) {
          return { ...base, status: 'skipped', durationMs, message: 'interrupted' }
        }
        if (
          unreachable === undefined &&
          isErrorType(error, NetworkError) &&
          !(await stillAnswers())
        ) {
          unreachable = error instanceof Error ? error.message : String(error)
        }
        if (unreachable !== undefined && isErrorType(error, NetworkError)) {
          return {
            ...base,
            status: 'skipped',
            durationMs,
            message: `not decided: the server stopped answering (${unreachable})`,
          }
        }
        if (isErrorType(error, CheckInconclusive)) {
          return {
            ...base,
            status: 'skipped',
            durationMs,
            message: `inconclusive: ${error.message}`,
          }
        }
        const failure = isErrorType(error, CheckFailure) ? error : undefined
        // An exploration finding names the rule it breaks and that rule's level, and carries
        // the exchanges of the shortest sequence that shows it.
        const found = error as { rule?: RuleId; level?: Level; exchanges?: Exchange[] }
        const level = found.level ?? check.level
        return {
          ...base,
          ...(found.rule ? { rule: ruleLabel({ rule: found.rule }) } : {}),
          level,
          counted: levelCounts(level, options),
          status: 'failed',
          durationMs,
          message: error instanceof Error ? error.message : String(error),
          ...(failure?.expected === undefined ? {} : { expected: failure.expected }),
          ...(failure?.actual === undefined ? {} : { actual: failure.actual }),
          exchanges: found.exchanges ?? exchanges,
        }
      }
    },
    async cleanUp() {
      if (unreachable !== undefined && !(await stillAnswers())) {
        return {
          residue: [...ledger.entries.values()]
            .filter((entry) => entry.confirmed && !entry.deleted)
            .map((entry) => ({
              id: entry.id,
              content: entry.content,
              reason: 'not removed: the server stopped answering',
              possible: true,
            })),
          verified: false,
          unverifiedBecause: `the server stopped answering (${unreachable})`,
        }
      }
      // Cleanup ignores the run's signal: an interrupted run still removes its records.
      return cleanUp(createHttpClient({ ...options, signal: undefined }), ledger, marker)
    },
  }
}
