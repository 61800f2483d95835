import { expect, it } from 'vitest'
import * as kit from '../src/index.ts'
import * as adapter from '../src/vitest.ts'

it('exports from the root what runConformance, the reporters and readers of the rule table need, and no CLI internals', () => {
  expect(Object.keys(kit).sort()).toEqual([
    'CAPABILITIES',
    'InvalidOptionsError',
    'LEVELS',
    'REPORTERS',
    'ServerUnreachableError',
    'renderFailure',
    'renderGithub',
    'renderJunit',
    'renderPretty',
    'renderReport',
    'rules',
    'runConformance',
  ])
})

it('exports only describeConformance from the vitest entry point', () => {
  expect(Object.keys(adapter)).toEqual(['describeConformance'])
})
