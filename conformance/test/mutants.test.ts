import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { rules } from '../src/index.ts'
import { type MutantOutcome, mutants, renderMutationReport, runMutant } from './mutants.ts'

const MUTATION_MD = new URL('../MUTATION.md', import.meta.url)

describe('the kit against deliberately broken servers', () => {
  const outcomes: MutantOutcome[] = []

  beforeAll(async () => {
    for (const mutant of mutants) outcomes.push(await runMutant(mutant))
    const caught = outcomes.filter((outcome) => outcome.caught).length
    console.log(`mutation score: ${caught}/${outcomes.length}`)
  }, 600_000)

  it('has at least 40 mutants, each aimed at a rule of the table', () => {
    expect(mutants.length).toBeGreaterThanOrEqual(40)
    const ids = rules.map((rule) => rule.id)
    for (const mutant of mutants) expect(ids, mutant.name).toContain(mutant.caughtBy)
    expect(new Set(mutants.map((mutant) => mutant.name)).size).toBe(mutants.length)
  })

  it.each(mutants.map((mutant) => [mutant.name, mutant.caughtBy, mutant] as const))(
    '%s is caught by %s',
    (_name, caughtBy, mutant) => {
      const outcome = outcomes.find((o) => o.mutant === mutant)!
      if (mutant.justification === undefined) expect(outcome.failed).toContain(caughtBy)
    },
  )

  it('reports its score in MUTATION.md, up to date', () => {
    expect(readFileSync(MUTATION_MD, 'utf8')).toBe(renderMutationReport(outcomes))
  })
})
