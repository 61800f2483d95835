import type { describeConformance } from '@todokit/conformance/vitest'
import { describe, expectTypeOf, it } from 'vitest'
import type {
  Capability,
  CheckResult,
  ConformanceOptions,
  ConformanceReport,
  Level,
  runConformance,
} from '../src/index.ts'

describe('public types', () => {
  it('runConformance resolves to the report', () => {
    expectTypeOf<typeof runConformance>().returns.resolves.toEqualTypeOf<ConformanceReport>()
  })

  it('names capabilities and levels as literal unions', () => {
    expectTypeOf<Capability>().toEqualTypeOf<
      'filter' | 'search' | 'sort' | 'sort-extended' | 'paging'
    >()
    expectTypeOf<Level>().toEqualTypeOf<
      'required' | 'recommended' | 'filter' | 'search' | 'sort' | 'sort-extended' | 'paging'
    >()
    expectTypeOf<CheckResult['status']>().toEqualTypeOf<'passed' | 'failed' | 'skipped'>()
  })

  it('accepts an in-process handler as fetch and capabilities as a list, all or none', () => {
    expectTypeOf<{
      baseUrl: string
      fetch: (request: Request) => Response
    }>().toExtend<ConformanceOptions>()
    expectTypeOf<{ baseUrl: string; capabilities: 'all' }>().toExtend<ConformanceOptions>()
    expectTypeOf<{ baseUrl: string; only: readonly string[] }>().toExtend<ConformanceOptions>()
    expectTypeOf<{
      baseUrl: string
      capabilities: ['pagination']
    }>().not.toExtend<ConformanceOptions>()
  })

  it('lets the vitest adapter take options or a function returning them', () => {
    type Options = Parameters<typeof describeConformance>[0]
    expectTypeOf<() => Promise<{ baseUrl: string }>>().toExtend<Options>()
    expectTypeOf<{ baseUrl: string; strict: true }>().toExtend<Options>()
  })
})
