import { describe, expectTypeOf, it } from 'vitest'
import { parseCliArgs } from './main.ts'

describe('parseCliArgs types', () => {
  it('has a base URL when it runs, and no options for --help, --version or --list', () => {
    const cli = parseCliArgs(['http://localhost:3000'])
    if (cli.command === 'run') expectTypeOf(cli.options.baseUrl).toEqualTypeOf<string>()
    else expectTypeOf(cli).not.toHaveProperty('options')
  })
})
