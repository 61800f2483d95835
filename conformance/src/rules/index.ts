import type { Model } from '../model/model.ts'
import { judgedByModel } from './predictions.ts'
import { pagingRules, queryRules } from './queries.ts'
import { recordRules } from './records.ts'
import { inScope, type Observation, type Rule } from './rule.ts'

/** Every rule the kit judges, in the order reports list them. */
export const rules: readonly Rule[] = [...recordRules, ...queryRules, ...pagingRules]

/**
 * How every rule judges one observation: a failure the model's prediction charged to it first,
 * then its own judge on the observations in its scope, then whether the prediction judged it.
 * The prediction is made once, here, as it moves the model on (a state it charged is tolerated).
 */
export function judging(observation: Observation, model: Model) {
  const byModel = judgedByModel(observation, model)
  return ({ id, on, judge }: Rule) => {
    const predicted = byModel.get(id)
    if (predicted && 'failed' in predicted) return predicted
    const inView = judge && (!on || inScope(on, observation))
    return (inView ? judge(observation, model) : undefined) ?? predicted
  }
}
