import { pagingRules } from './paging.ts'
import { queryRules } from './queries.ts'
import { readFailures, readJudged } from './reads.ts'
import { recordRules } from './records.ts'
import { held, inScope, type Rule, type RuleSpec } from './rule.ts'

/**
 * A rule's judgement of one observation: a failure a read charged to it first, then its own
 * code on the observations in its scope, then a read that judged a record it answers for.
 */
function toRule({ on, judge, reads, ...rule }: RuleSpec): Rule {
  return {
    ...rule,
    judge(observation, model) {
      const charged = readFailures(observation, model).get(rule.id)
      if (charged) return charged
      const own = judge && (!on || inScope(on, observation)) ? judge(observation, model) : undefined
      if (own || !reads) return own
      return readJudged(observation, model, (record) => reads(record, observation, model))
        ? held
        : undefined
    },
  }
}

/** Every rule the kit judges, in the order reports list them. */
export const rules: readonly Rule[] = [...recordRules, ...queryRules, ...pagingRules].map(toRule)
