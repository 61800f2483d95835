import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { GENERATED_FILES } from '../../scripts/generate/targets.ts'
import { fromRoot } from '../../scripts/lib/paths.ts'

describe.each(GENERATED_FILES)('the generated $path', ({ path, render }) => {
  it('is up to date with its source (else run `npm run docs:generate`)', async () => {
    const committed = readFileSync(fromRoot(path), 'utf8')
    expect(committed === (await render()), `${path} is stale: run npm run docs:generate`).toBe(true)
  })
})
