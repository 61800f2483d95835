/**
 * Conformance kit for the todos REST contract: runs the check catalogue against any
 * implementation and reports, per contract rule, what passes and what fails.
 *
 * @example
 * import { runConformance, renderPretty } from '@todokit/conformance'
 * const report = await runConformance({ baseUrl: 'http://localhost:3000' })
 * console.log(renderPretty(report))
 *
 * @module
 */

// The public API only: what a user of runConformance, the reporters, the vitest adapter and
// custom checks needs. The CLI's internals (argument parsing, colour, progress lines, curl
// commands) stay in their modules.
export type { Check } from './check.ts'
export { checks } from './checks/index.ts'
export { InvalidOptionsError, ServerUnreachableError } from './errors.ts'
export type { FetchLike } from './http/client.ts'
export type { Exchange } from './http/exchange.ts'
export { CAPABILITIES, type Capability, LEVELS, type Level } from './levels.ts'
export type { ConformanceOptions } from './options.ts'
export type {
  CheckResult,
  CheckStatus,
  CleanupOutcome,
  ConformanceReport,
  Observed,
  Residue,
  Verdict,
} from './report.ts'
export { REPORTERS, type ReporterName, renderReport } from './reporters/index.ts'
export { renderJunit } from './reporters/junit.ts'
export { type PrettyOptions, renderFailure, renderPretty } from './reporters/pretty.ts'
export { type ContractRule, contractRules, type RuleId } from './rules.ts'
export { CheckFailure } from './run/assert.ts'
export type { CheckContext } from './run/context.ts'
export { runConformance } from './run/run-conformance.ts'
