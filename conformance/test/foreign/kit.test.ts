import { describe, expect, it } from 'vitest'
import { type Capability, type ConformanceReport, runConformance } from '../../src/index.ts'
import { catalogue, type ForeignSwitch } from './catalogue.ts'
import { startForeignServer } from './servers.ts'

/**
 * The kit on servers it was not written against, in two other stacks: every defect caught,
 * every correct variant passed, and nothing left behind on any of them.
 */

/** What the foreign servers implement: the contract's conventions and todokit's sort keys. */
const CLAIMED: Capability[] = ['filter', 'search', 'sort', 'sort-extended']

/** A defect is judged as an implementer would judge their server: everything claimed, strict. */
async function judge(entry: ForeignSwitch): Promise<{ report: ConformanceReport; left: number }> {
  const server = await startForeignServer({
    stack: entry.stack,
    ...(entry.kind === 'defect' ? { defects: [entry.name] } : { variant: entry.name }),
    debugCount: true,
  })
  try {
    const defect = entry.kind === 'defect'
    const report = await runConformance({
      baseUrl: server.baseUrl,
      capabilities: defect ? CLAIMED : ['filter', 'search', 'sort'],
      strict: defect,
      seed: 7,
      budget: { requests: 300 },
      timeout: 5_000,
    })
    const count = (await (await fetch(`${server.baseUrl}/__count`)).json()) as { count: number }
    return { report, left: count.count }
  } finally {
    await server.close()
  }
}

const counted = (report: ConformanceReport) =>
  report.checks
    .filter((check) => check.status === 'failed' && check.counted)
    .map((check) => check.id)

describe.each(['python', 'go'] as const)('the kit on the %s server', (stack) => {
  const entries = catalogue.filter((entry) => entry.stack === stack)

  it.concurrent.each(
    entries.filter((entry) => entry.expect === 'fail').map((entry) => [entry.name, entry] as const),
  )('catches the defect %s', { timeout: 120_000 }, async (_name, entry) => {
    const { report } = await judge(entry)
    expect(report.ok, entry.description).toBe(false)
    expect(report.verdict).toBe('fail')
  })

  it.concurrent.each(
    entries.filter((entry) => entry.expect !== 'fail').map((entry) => [entry.name, entry] as const),
  )(
    'judges the correct variant %s as the contract allows, and leaves nothing behind',
    { timeout: 120_000 },
    async (_name, entry) => {
      const { report, left } = await judge(entry)
      if (entry.expect === 'pass') {
        expect(counted(report), entry.description).toEqual([])
        expect(report.verdict).toBe('pass')
      } else {
        expect(counted(report), entry.note ?? entry.description).toHaveLength(1)
      }
      expect(report.residue).toEqual([])
      expect(left).toBe(0)
    },
  )

  it.concurrent.each(
    entries
      .filter(
        (entry) => entry.category === 'refused-writes-leave-trace' && /create/.test(entry.name),
      )
      .map((entry) => [entry.name, entry] as const),
  )(
    "removes what the defect %s stored of refused creates when the content proves it the run's, and names the rest",
    { timeout: 120_000 },
    async (_name, entry) => {
      const { report, left } = await judge(entry)
      expect(left).toBeGreaterThan(0)
      expect(report.residue).toHaveLength(left)
      for (const residue of report.residue) {
        expect(residue.possible).toBe(true)
        expect(String(residue.content).startsWith(report.marker)).toBe(false)
      }
    },
  )
})

describe('a server that counts ids on from the highest it holds', () => {
  it('is not failed for the id past 2^53 − 1 it counted on from the run’s, and the report says so', async () => {
    const entry = catalogue.find((e) => e.stack === 'go' && e.name === 'max-plus-one-ids')!
    const { report, left } = await judge(entry)
    expect(counted(report)).toEqual([])
    expect(left).toBe(0)
    expect(report.hints.join('\n')).toMatch(
      /After the run stored id 2\^53 − 1, the server gave a create the id 9007199254740992/,
    )
  })
})

describe('defects a required rule catches on a server that holds others’ records', () => {
  const OTHERS = [
    { content: 'Water the plants', completed: false },
    { content: '42', completed: true },
  ]

  it.concurrent.each([
    ['path-id-python-int', 'path.id-integer'],
    ['patch-body-id-renames', 'write.body-id'],
    ['content-filter-numeric', 'filter.matches'],
  ])(
    'catches %s as %s without --strict, and leaves the others’ records as they were',
    {
      timeout: 120_000,
    },
    async (name, rule) => {
      const server = await startForeignServer({ stack: 'python', defects: [name] })
      try {
        const todos = `${server.baseUrl}/todos`
        const headers = { 'content-type': 'application/json' }
        for (const todo of OTHERS)
          await fetch(todos, { method: 'POST', headers, body: JSON.stringify(todo) })
        const before = await (await fetch(todos)).json()
        // The scripted scenarios alone: an exploration could find it by chance.
        const options = { capabilities: CLAIMED, seed: 7, budget: { requests: 1 } }
        const report = await runConformance({ baseUrl: server.baseUrl, ...options })
        expect(counted(report)).toContain(rule)
        expect(await (await fetch(todos)).json()).toEqual(before)
      } finally {
        await server.close()
      }
    },
  )
})
