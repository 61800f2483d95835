import { endpoints } from '@todokit/sdk/contract'
import { describe, expect, it } from 'vitest'
import { renderRuleTable } from '../scripts/rules-page.ts'
import { CAPABILITIES, rules } from '../src/index.ts'

const required = rules.filter((rule) => rule.level === 'required')

describe('the rule table', () => {
  it('has a required rule for every endpoint row of the contract', () => {
    for (const { method, path } of Object.values(endpoints).filter((endpoint) =>
      ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(endpoint.method),
    )) {
      expect(
        required.some((rule) => rule.section.includes(`${method} ${path}`)),
        `${method} ${path}`,
      ).toBe(true)
    }
  })

  it('has a required rule for each numbered rule of §4 and for the todo’s fields', () => {
    for (const section of ['§4 rule 1', 'rule 3', '§4 rule 4', '§2 Todo']) {
      expect(
        required.some((rule) => rule.section.includes(section)),
        section,
      ).toBe(true)
    }
    // §4 rule 2 binds the client (PUT carries the complete record): a recommendation judges a server's side of it.
    expect(rules.find((rule) => rule.section.includes('§4 rule 2'))?.level).toBe('recommended')
  })

  it('judges each capability, todokit’s extensions apart from the contract’s conventions', () => {
    for (const capability of CAPABILITIES)
      expect(
        rules.some((rule) => rule.level === capability),
        capability,
      ).toBe(true)
    expect(
      rules
        .filter((rule) => rule.level === 'sort-extended' || rule.level === 'paging')
        .every((rule) => /todokit/.test(rule.section)),
    ).toBe(true)
  })

  it('gives every rule a unique, stable-looking id, and the table lists each', () => {
    const ids = rules.map((rule) => rule.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) {
      expect(id).toMatch(/^[a-z0-9-]+\.[a-z0-9-]+$/)
      expect(renderRuleTable()).toContain(`\`${id}\``)
    }
  })
})
