import type { explore } from './explore.ts'
import type { Capability } from './levels.ts'
import type { Judgement, Rule } from './rules/rule.ts'

/** A rule's outcome: `skipped` when the run did not judge it (the message says why). */
export type CheckStatus = 'passed' | 'failed' | 'skipped'

/** One rule's result: the first failure's expected, actual and exchanges with it. */
export interface CheckResult
  extends Pick<Rule, 'id' | 'title' | 'level'>,
    Omit<Extract<Judgement, { failed: string }>, 'failed'> {
  /** Where the contract says so, e.g. `§4 rule 1`. */
  rule: string
  status: CheckStatus
  /** Whether it decides the verdict: required, claimed capabilities, recommended under `strict`. */
  counted: boolean
  /** Exchanges that held the rule. */
  held: number
  /** Exchanges that broke it; the report shows the first. */
  occurrences?: number
  /** Why the rule failed, or why it was not judged. */
  message?: string
}

/** `pass` only when every counted rule was judged and held. */
export type Verdict = 'pass' | 'partial' | 'fail'

/** A record the run created and could not remove; `possible` when it cannot prove it its own. */
export interface Residue {
  id: number | string
  content?: string
  reason: string
  possible?: boolean
}

/** What cleanup could check: `verified` when a final GET /todos showed none of the run's records. */
export interface CleanupOutcome {
  residue: Residue[]
  verified: boolean
  unverifiedBecause?: string
}

/** What the run learnt of the server where the contract leaves it open. */
export interface Observed {
  idAssignment: 'unknown' | 'assigns' | 'refuses'
  /** What a create did with an id the kit chose. */
  clientIds: 'unknown' | 'stored' | 'ignored' | 'refused'
  idType: 'unknown' | 'integer' | 'other'
  /** Records listed when the run started, never written to. */
  foreignRecordsAtStart: number
  /** Ids of those the final GET /todos no longer listed: the run sent them no write. */
  foreignRecordsGoneAtEnd: Array<number | string>
  trimsContent: boolean
}

/** What the exploration did: the same seed and budget replay it. */
export interface ExplorationStats extends Awaited<ReturnType<typeof explore>> {
  seed: number
  budget: string
}

/** What `runConformance` returns and the json reporter prints. */
export interface ConformanceReport {
  tool: string
  version: string
  baseUrl: string
  startedAt: string
  durationMs: number
  /** The content marker of the run's records. */
  marker: string
  capabilities: Capability[]
  strict: boolean
  /** Every counted rule was judged and held (rules left out on purpose aside). */
  ok: boolean
  interrupted: boolean
  verdict: Verdict
  /** Counted rules not judged: left out with only/skip, or not judgeable on this server. */
  notRun: number
  /** Why the server stopped answering, when it did mid-run. */
  unreachable?: string
  observed: Observed
  exploration: ExplorationStats
  /** Requests the whole run sent. */
  requests: number
  summary: Record<CheckStatus, number>
  checks: CheckResult[]
  /** Hints for reading the report: a base URL ending in /todos, paging alone failing, ids past 2^53 − 1. */
  hints: string[]
  residue: Residue[]
  cleanup: Omit<CleanupOutcome, 'residue'>
}
