import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { fromRoot } from '../../scripts/lib/paths.ts'

// docs/contract.md carries the contract inside the repository (a clone or a package has nothing
// beside it); its source lives next to the repository where todokit is developed. The copy is the
// page minus its header line and the blank line after it.
const SOURCE = fromRoot('..', 'shared', 'seed', 'todos-contract.md')
const copy = () => readFileSync(fromRoot('docs', 'contract.md'), 'utf8')

describe('docs/contract.md', () => {
  it('opens with one header line saying it is the contract todokit implements', () => {
    const [header, blank] = copy().split('\n')
    expect(header).toMatch(/^> The todos REST contract that todokit implements/)
    expect(blank).toBe('')
  })

  it.skipIf(!existsSync(SOURCE))(
    'equals the contract beside the repository, byte for byte (skipped where ../shared/seed/todos-contract.md is absent, as in a fresh clone)',
    () => {
      const body = copy().split('\n').slice(2).join('\n')
      expect(body).toBe(readFileSync(SOURCE, 'utf8'))
    },
  )
})
