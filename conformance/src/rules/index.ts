import { pagingRules, queryRules } from './queries.ts'
import { recordRules } from './records.ts'
import type { Rule } from './rule.ts'

/** Every rule the kit judges, in the order reports list them. */
export const rules: readonly Rule[] = [...recordRules, ...queryRules, ...pagingRules]
