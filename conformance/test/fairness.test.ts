import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ConformanceReport, type FetchLike, runConformance } from '../src/index.ts'
import { type RunningJsonServer, startJsonServer } from './json-server.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'
import { type StoredRecord, type VariantOptions, variantServer } from './variant-server.ts'

/** Seeds per server: each replays a different exploration after the same scenarios. */
const SEEDS = Array.from({ length: 3 }, (_, i) => 1 + i * 7919)
/** The default budget: what a user's run explores. */
const BUDGET = { requests: 800 }

const FOREIGN: StoredRecord[] = [
  { id: 1, content: 'Water the plants', completed: false },
  { id: 2, content: 'water the plants', completed: true },
  { id: 3, content: 'Straße', completed: false },
]

/** One variant for each choice the contract leaves open. */
const VARIANTS: Record<string, VariantOptions> = {
  'list order without order: reversed': { unordered: 'reverse' },
  'list order without order: shuffled': { unordered: 'shuffled' },
  'q matches case-sensitively': { searchCase: 'sensitive' },
  'q read by a full-text index: markup, short words and stop words skipped, words stemmed': {
    fullText: true,
  },
  'strings ordered by locale collation': { collation: 'locale' },
  'ids of deleted records reused (lowest free)': { assignIds: 'lowest-free' },
  'random server ids': { assignIds: 'random' },
  'PUT creates a record at an unknown id': { putCreates: true },
  'create answers 200': { createStatus: 200 },
  'DELETE answers a text body': { deleteBody: 'text' },
  'DELETE answers an empty object': { deleteBody: 'empty-object' },
  'extra fields on every record': { extraFields: true },
  'client ids ignored (server assigns)': { clientIds: 'ignore' },
  'client ids refused with 400': { clientIds: 'reject' },
  'no server-assigned ids (client ids required)': { assignIds: 'none' },
  'paging of its own make, the next page linked relative to the request': {
    pagingLink: 'relative',
  },
}

const failures = (report: ConformanceReport) =>
  report.checks
    .filter((c) => c.status === 'failed')
    .map((c) => `${c.id} [${c.level}]: ${c.message}`)

async function exploreSeeds(
  fetch: FetchLike | undefined,
  baseUrl = IN_PROCESS_URL,
  capabilities: 'all' | Array<'filter' | 'search'> = 'all',
) {
  const found: string[] = []
  for (const seed of SEEDS) {
    const report = await runConformance({
      baseUrl,
      fetch,
      capabilities,
      strict: true,
      seed,
      budget: BUDGET,
      // A loaded machine may be slow to answer; a timeout here would say nothing of fairness.
      timeout: 20_000,
    })
    found.push(...failures(report).map((f) => `seed ${seed}: ${f}`))
  }
  return found
}

describe('fair to every correct server: zero failures over 3 seeds', () => {
  it('the reference server', async () => {
    const { store, fetch } = referenceApp()
    expect(await exploreSeeds(fetch)).toEqual([])
    expect([...store]).toEqual([])
  })

  it.each(Object.entries(VARIANTS))('a variant: %s', async (_name, options) => {
    const server = variantServer({ seed: FOREIGN, ...options })
    const whole = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: server.fetch,
      capabilities: 'all',
      strict: true,
      budget: BUDGET,
    })
    expect(failures(whole)).toEqual([])
    expect(await exploreSeeds(server.fetch)).toEqual([])
    // Someone else's records, untouched; none of the run's left.
    expect(server.records()).toEqual(FOREIGN)
  })

  describe('json-server 0.17.4', () => {
    let server: RunningJsonServer
    const DATA = { todos: structuredClone(FOREIGN) }
    beforeAll(async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {})
      server = await startJsonServer(structuredClone(DATA))
    })
    afterAll(() => server.close())

    it('finds no fault with its filter and search over several seeds, and leaves its data as it was', {
      timeout: 120_000,
    }, async () => {
      const found = await exploreSeeds(undefined, server.url, ['filter', 'search'])
      // Its real defects (json-server.test.ts) are the required rules'; its filter and search
      // are the contract's.
      expect(found.filter((f) => / \[(filter|search)\]: /.test(f))).toEqual([])
      expect(server.state()).toEqual(DATA)
    })
  })
})
