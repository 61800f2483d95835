import type { Level } from './levels.ts'
import type { RuleId } from './rules.ts'
import type { CheckContext } from './run/context.ts'

/**
 * One conformance check as data. `run` talks raw HTTP through the context and throws a
 * {@link CheckFailure} (or any error) when the server breaks the rule.
 *
 * @example
 * const check: Check = {
 *   id: 'list.returns-array',
 *   title: 'GET /todos answers 200 with a JSON array of todos',
 *   level: 'required',
 *   rule: 'endpoint.list',
 *   run: async (ctx) => { await ctx.todos.list() },
 * }
 */
export interface Check {
  /** Stable id, `area.what-it-verifies`; `--only`/`--skip` globs match it. */
  readonly id: string
  /** What the check verifies, as a sentence. */
  readonly title: string
  readonly level: Level
  /** The contract rule the check verifies. */
  readonly rule: RuleId
  /** Further rules the same exchanges verify. */
  readonly alsoVerifies?: readonly RuleId[]
  /**
   * The check sends invalid data that a lax server may store as an invalid record. Such checks
   * run after all others, so no check that reads the whole list sees those records.
   */
  readonly sendsInvalidData?: boolean
  /** The check judges what the whole run observed: it runs after every other check. */
  readonly judgesTheRun?: boolean
  run(ctx: CheckContext): Promise<void>
}
