import { expect, it } from 'vitest'
import * as kit from '../src/index.ts'
import * as adapter from '../src/vitest.ts'

it('exports from the root what runConformance, the reporters and custom checks need, and no CLI internals', () => {
  expect(Object.keys(kit).sort()).toEqual([
    'CAPABILITIES',
    'CheckFailure',
    'InvalidOptionsError',
    'LEVELS',
    'REPORTERS',
    'ServerUnreachableError',
    'checks',
    'contractRules',
    'renderFailure',
    'renderJunit',
    'renderPretty',
    'renderReport',
    'runConformance',
  ])
})

it('exports only describeConformance from the vitest entry point', () => {
  expect(Object.keys(adapter)).toEqual(['describeConformance'])
})
