import type { ExplorationStats } from './explore/explore.ts'
import type { Exchange } from './http/exchange.ts'
import type { Capability, Level } from './levels.ts'

/** Outcome of one check. */
export type CheckStatus = 'passed' | 'failed' | 'skipped'

/** One check's result in a report. */
export interface CheckResult {
  id: string
  title: string
  level: Level
  /** The contract rule verified, e.g. `§4 rule 1: When PATCH sends a subset of fields, …`. */
  rule: string
  status: CheckStatus
  /**
   * Whether this result decides the verdict: required checks, claimed capabilities, and
   * recommended checks under `strict`. Other failures are informational.
   */
  counted: boolean
  /** When the check started, in ms after the run started; absent for a check that did not run. */
  startMs?: number
  durationMs: number
  /** Why the check failed or was skipped. */
  message?: string
  expected?: string
  actual?: string
  /** The HTTP exchanges of a failed check, in order. */
  exchanges?: Exchange[]
}

/** The overall outcome: only `pass` means the server was shown to conform. */
export type Verdict = 'pass' | 'partial' | 'fail'

/** A record the run created and could not remove, or may have left behind. */
export interface Residue {
  id: number
  content?: string
  reason: string
  /**
   * `true` when the kit cannot tell whether the record remains: its DELETE got no answer, it
   * could not be read back, or its id is shared with someone else's record.
   */
  possible?: boolean
}

/** What cleanup could check. */
export interface CleanupOutcome {
  residue: Residue[]
  /**
   * `true` when cleanup read back every record it had to and the final list: then `residue` is
   * exactly what the run left (possible residue aside). `false` when it could not check.
   */
  verified: boolean
  /** Why cleanup could not check, when `verified` is `false`. */
  unverifiedBecause?: string
}

/** What the run observed of the server. */
export interface Observed {
  /** Whether a create without an id got one from the server (`unknown`: never tried). */
  idAssignment: 'unknown' | 'assigns' | 'refuses'
  /** Ids a create answered although another record held them (a defect). */
  duplicateIds: number[]
  /** How many records were listed when the run started (never written to). */
  foreignRecordsAtStart: number
}

/** What `runConformance` returns and the json reporter prints. */
export interface ConformanceReport {
  tool: string
  version: string
  baseUrl: string
  /** ISO 8601 time the run started. */
  startedAt: string
  durationMs: number
  /** The content marker of the run's records: `[todokit-conformance <run id>]`. */
  marker: string
  capabilities: Capability[]
  strict: boolean
  /**
   * `true` when no counted check failed and the run was not interrupted. A filtered run may be
   * `ok` and still `partial`: see `verdict`.
   */
  ok: boolean
  /** `true` when the signal interrupted the run. */
  interrupted: boolean
  /**
   * `fail` when a counted check failed; otherwise `partial` when the run was interrupted or
   * counted checks did not run or could not decide (`notRun`); otherwise `pass`.
   */
  verdict: Verdict
  /** Counted checks that were skipped: not selected, not run after bail or interrupt, or inconclusive. */
  notRun: number
  /**
   * Set when the server stopped answering mid-run (connection refused or reset, and a fresh
   * `GET /todos` failed too): the run ended there, and what was not decided is not charged to
   * the contract.
   */
  unreachable?: string
  /** What the run observed of the server's choices where the contract leaves them open. */
  observed: Observed
  /** What the exploration did: its seed (replay with `--seed`), budget, and per kind the runs, operations and query combinations. */
  exploration: { seed: number; budget: string; kinds: ExplorationStats[] }
  summary: { passed: number; failed: number; skipped: number }
  checks: CheckResult[]
  /** Records the run created and could not remove, or may have left (`possible`). */
  residue: Residue[]
  /** Whether cleanup could verify what it removed. */
  cleanup: { verified: boolean; unverifiedBecause?: string }
}
