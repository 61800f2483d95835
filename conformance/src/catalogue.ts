import { LEVELS, levelLabel } from './levels.ts'
import { rules as allRules } from './rules/index.ts'
import type { Rule } from './rules/rule.ts'

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
