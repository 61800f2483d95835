import { describe, expectTypeOf, it } from 'vitest'
import { type CliOptions, parseCliArgs } from './args.ts'

describe('parseCliArgs types', () => {
  it('has a base URL unless --help, --version or --list was given', () => {
    const options = parseCliArgs(['http://localhost:3000'])
    if (!options.help && !options.version && !options.list)
      expectTypeOf(options.baseUrl).toEqualTypeOf<string>()
    expectTypeOf<CliOptions['baseUrl']>().toEqualTypeOf<string | undefined>()
  })
})
