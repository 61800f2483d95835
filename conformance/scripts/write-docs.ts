// Regenerates RULES.md and MUTATION.md; tests fail when either is stale.
import { writeFileSync } from 'node:fs'
import { mutants, renderMutationReport, runMutant } from '../test/mutants.ts'
import { renderRulesDocument } from '../test/rules-document.ts'

const root = new URL('../', import.meta.url)
writeFileSync(new URL('RULES.md', root), renderRulesDocument())
const outcomes = []
for (const mutant of mutants) outcomes.push(await runMutant(mutant))
writeFileSync(new URL('MUTATION.md', root), renderMutationReport(outcomes))
console.log(
  `RULES.md and MUTATION.md written (${outcomes.filter((o) => o.caught).length}/${outcomes.length} mutants caught)`,
)
