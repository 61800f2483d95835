import { pagingRules } from './paging.ts'
import { judgedByModel } from './predictions.ts'
import { queryRules } from './queries.ts'
import { recordRules } from './records.ts'
import { inScope, type Rule, type RuleSpec } from './rule.ts'

/**
 * A rule's judgement of one observation: a failure the model's prediction charged to it first,
 * then its own code on the observations in its scope, then whether the prediction judged it.
 */
function toRule({ on, judge, ...rule }: RuleSpec): Rule {
  return {
    ...rule,
    judge(observation, model) {
      const byModel = judgedByModel(observation, model).get(rule.id)
      if (byModel && 'failed' in byModel) return byModel
      const own = judge && (!on || inScope(on, observation)) ? judge(observation, model) : undefined
      return own ?? byModel
    },
  }
}

/** Every rule the kit judges, in the order reports list them. */
export const rules: readonly Rule[] = [...recordRules, ...queryRules, ...pagingRules].map(toRule)
