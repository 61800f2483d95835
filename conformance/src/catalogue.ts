import { LEVELS, levelLabel } from './levels.ts'
import { cell, markdownTable } from './markdown-table.ts'
import { READ_RULES } from './read-only.ts'
import { rules as allRules } from './rules/index.ts'
import type { Rule } from './rules/rule.ts'

/**
 * The rule table as Markdown: every rule with its level, where the contract says so, and whether
 * a read-only run can judge it. The docs
 * page docs/rules.md is generated from it.
 *
 * @example
 * writeFileSync('rules.md', renderRuleTable())
 */
export function renderRuleTable(rules: readonly Rule[] = allRules): string {
  const rows = LEVELS.flatMap((level) =>
    rules
      .filter((rule) => rule.level === level)
      .map((rule) => [
        `\`${rule.id}\``,
        levelLabel(level),
        cell(rule.title),
        cell(rule.section),
        READ_RULES.has(rule.id) ? 'judged' : 'needs a write',
      ]),
  )
  return `${markdownTable(['Rule', 'Level', 'What it demands', 'Contract', '--read-only'], rows)}\n`
}

/** The rules as plain text, grouped by level (what `--list` prints). */
export function renderCatalogue(rules: readonly Rule[] = allRules): string {
  const width = Math.max(...rules.map((rule) => rule.id.length))
  return LEVELS.flatMap((level) => {
    const group = rules.filter((rule) => rule.level === level)
    if (group.length === 0) return []
    return [
      `${levelLabel(level)} (${group.length})`,
      ...group.map((rule) => `  ${rule.id.padEnd(width)}  ${rule.title}  [${rule.section}]`),
      '',
    ]
  }).join('\n')
}
