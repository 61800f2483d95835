import type { Check } from './check.ts'
import { checks as catalogue } from './checks/index.ts'
import { LEVELS, levelLabel } from './levels.ts'
import { cell, markdownTable } from './markdown-table.ts'
import { type ContractRule, contractRules, type RuleId } from './rules.ts'

/** The checks that verify `rule`, as their primary rule or as a further one. */
export function checksForRule(rule: RuleId, checks: readonly Check[] = catalogue): Check[] {
  return checks.filter((check) => check.rule === rule || check.alsoVerifies?.includes(rule))
}

/**
 * The rule ↔ check table as Markdown: every contract rule with the checks that verify it,
 * then every check with its level and rule. The docs page docs/rules.md is generated from it.
 *
 * @example
 * writeFileSync('rules.md', renderRuleTable())
 */
export function renderRuleTable(checks: readonly Check[] = catalogue): string {
  const rules = Object.entries(contractRules) as Array<[RuleId, ContractRule]>
  const ruleRows = rules.map(([id, rule]) => {
    const verifiers = checksForRule(id, checks).map(
      (check) => `\`${check.id}\` (${levelLabel(check.level)})`,
    )
    const unverified = rule.unverifiable
      ? `not verifiable from outside: ${cell(rule.unverifiable)}`
      : '**none**'
    return [cell(rule.ref), cell(rule.text), verifiers.join('<br>') || unverified]
  })
  const checkRows = LEVELS.flatMap((level) =>
    checks
      .filter((check) => check.level === level)
      .map((check) => [
        `\`${check.id}\``,
        levelLabel(level),
        cell(check.title),
        cell(contractRules[check.rule].ref),
      ]),
  )
  return `${markdownTable(['Contract rule', 'What it says', 'Verified by'], ruleRows)}

${markdownTable(['Check', 'Level', 'What it verifies', 'Rule'], checkRows)}
`
}

/** The catalogue as plain text, grouped by level (what `--list` prints). */
export function renderCatalogue(checks: readonly Check[] = catalogue): string {
  const width = Math.max(...checks.map((check) => check.id.length))
  return LEVELS.flatMap((level) => {
    const group = checks.filter((check) => check.level === level)
    if (group.length === 0) return []
    return [
      `${levelLabel(level)} (${group.length})`,
      ...group.map(
        (check) =>
          `  ${check.id.padEnd(width)}  ${check.title}  [${contractRules[check.rule].ref}]`,
      ),
      '',
    ]
  }).join('\n')
}
