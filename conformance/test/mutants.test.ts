import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { checks } from '../src/index.ts'
import { type MutantOutcome, mutants, renderMutationReport, runMutant } from './mutants.ts'

const MUTATION_MD = new URL('../MUTATION.md', import.meta.url)

describe('the kit against deliberately broken servers', () => {
  const outcomes: MutantOutcome[] = []

  beforeAll(async () => {
    for (const mutant of mutants) outcomes.push(await runMutant(mutant))
    const caught = outcomes.filter((outcome) => outcome.caught).length
    console.log(`mutation score: ${caught}/${outcomes.length}`)
  })

  it('has at least 15 mutants, each aimed at a check of the catalogue', () => {
    expect(mutants.length).toBeGreaterThanOrEqual(15)
    const ids = checks.map((check) => check.id)
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
