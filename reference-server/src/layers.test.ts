import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const folder = (name: string) => join(import.meta.dirname, name)
const imports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^import .* from '([^']+)'/gm)].map((match) => match[1])

it('keeps the store to the domain: nothing in store/ imports the HTTP layer or the routes', () => {
  const found = readdirSync(folder('store'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .flatMap((name) =>
      imports(join(folder('store'), name))
        .filter((path) => /^\.\.\/(http|routes|docs|faults)\//.test(path ?? ''))
        .map((path) => `${name} imports ${path}`),
    )
  expect(found).toEqual([])
})
