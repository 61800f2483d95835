import { renderRuleTable } from '../src/catalogue.ts'
import { checks } from '../src/checks/index.ts'
import { LEVELS, levelLabel } from '../src/levels.ts'

/** The docs page of the rule ↔ check table, written by `npm run docs:generate` at the root. */
export const RULES_PAGE_PATH = 'docs/rules.md'

/** docs/rules.md: the conformance kit's own rule table, with the catalogue's size per level. */
export async function renderRulesPage(): Promise<string> {
  const sizes = LEVELS.map((level) => {
    const count = checks.filter((check) => check.level === level).length
    return `${count} ${levelLabel(level)}`
  }).filter((size) => !size.startsWith('0 '))
  return `<!-- Generated from renderRuleTable() of @todokit/conformance by \`npm run docs:generate\`; a test fails when it is stale. -->

# Contract rules and the checks that verify them

Every endpoint row and numbered rule of the todos contract is verified by at least one check of
the conformance kit. The catalogue has ${checks.length} checks: ${sizes.join(', ')}. See the
[conformance guide](./conformance.md) for the levels, and the kit's
[mutation score](../conformance/MUTATION.md) for proof that each check catches the defect it is
meant for.

${renderRuleTable()}`
}
