/**
 * Conformance kit for the todos REST contract: drives the contract's operations against a
 * server, judges every exchange by one table of rules, and reports per rule.
 *
 * @example
 * const report = await runConformance({ baseUrl: 'http://localhost:3000' })
 * console.log(renderPretty(report))
 *
 * @module
 */
export { InvalidOptionsError, ServerUnreachableError } from './errors.ts'
export type { FetchLike } from './http/client.ts'
export type { Exchange } from './http/exchange.ts'
export { CAPABILITIES, type Capability, LEVELS, type Level } from './levels.ts'
export type { ConformanceOptions } from './options.ts'
export type * from './report.ts'
export { renderGithub } from './reporters/github.ts'
export { REPORTERS, type ReporterName, renderReport } from './reporters/index.ts'
export { renderJunit } from './reporters/junit.ts'
export { type PrettyOptions, renderFailure, renderPretty } from './reporters/pretty.ts'
export { rules } from './rules/index.ts'
export type { Judgement, Observation, Rule } from './rules/rule.ts'
export { runConformance } from './run.ts'
