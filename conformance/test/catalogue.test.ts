import { describe, expect, it } from 'vitest'
import { checksForRule, renderRuleTable } from '../src/catalogue.ts'
import { type ContractRule, checks, contractRules, type RuleId } from '../src/index.ts'

describe('the catalogue', () => {
  it('verifies every endpoint row and numbered rule of the contract with at least one check', () => {
    const uncovered = (Object.keys(contractRules) as RuleId[]).filter(
      (rule) => checksForRule(rule).length === 0,
    )
    // The one rule a client cannot observe says why, instead of claiming a check.
    expect(uncovered).toEqual(['design.noun-uris'])
    expect(renderRuleTable()).toMatch(/§1 design rule 1 .*not verifiable from outside/)
  })

  it('claims a rule for a check only where the rule is observable from outside', () => {
    const claimed = (Object.keys(contractRules) as RuleId[]).filter(
      (rule) =>
        (contractRules[rule] as ContractRule).unverifiable !== undefined &&
        checksForRule(rule).length > 0,
    )
    expect(claimed).toEqual([])
  })

  it('covers each endpoint of the table with a required check', () => {
    const endpointRules = (Object.keys(contractRules) as RuleId[]).filter((rule) =>
      rule.startsWith('endpoint.'),
    )
    for (const rule of endpointRules.filter((rule) => rule !== 'endpoint.json')) {
      expect(
        checksForRule(rule).some((check) => check.level === 'required'),
        rule,
      ).toBe(true)
    }
  })

  it('gives every check a unique, stable-looking id', () => {
    const ids = checks.map((check) => check.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+\.[a-z0-9-]+$/)
  })
})
