// Regenerates MUTATION.md; a test fails when it is stale. (The rule table, docs/rules.md, is
// written by `npm run docs:generate` at the root, from scripts/rules-page.ts.)
import { writeFileSync } from 'node:fs'
import { mutants, renderMutationReport, runMutant } from '../test/mutants.ts'

const root = new URL('../', import.meta.url)
const outcomes = []
for (const mutant of mutants) outcomes.push(await runMutant(mutant))
writeFileSync(new URL('MUTATION.md', root), renderMutationReport(outcomes))
console.log(
  `MUTATION.md written (${outcomes.filter((o) => o.caught).length}/${outcomes.length} mutants caught)`,
)
