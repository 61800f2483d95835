import { beforeAll, describe, expect, it } from 'vitest'
import { shouldUseColor } from '../src/cli/main.ts'
import {
  type ConformanceReport,
  LEVELS,
  renderFailure,
  renderJunit,
  renderPretty,
  renderReport,
  runConformance,
} from '../src/index.ts'
import { mutants } from './mutants.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

describe('reporters', () => {
  let report: ConformanceReport

  beforeAll(async () => {
    const { fetch } = referenceApp()
    const patchOverwrites = mutants.find((m) => m.name === 'patch-overwrites-unsent')!
    report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: patchOverwrites.wrap(fetch),
      capabilities: ['filter'],
      seed: 1,
    })
  })

  it('pretty: one line per broken rule naming it, the values received, and each exchange with a curl line', () => {
    const text = renderPretty(report)
    expect(text).toMatch(
      /^✗ patch\.keeps-unsent {2}PATCH \/todos\/\d+ \{"completed":true\} answered 200 OK with content "untitled", which it did not send; it was "tk\w+ \w+ patched"/m,
    )
    expect(text).toContain(
      'rule:      A PATCH leaves the fields it did not send as they were [required, §4 rule 1, §3]',
    )
    expect(text).toMatch(/actual: {4}\{"id":\d+,"content":"untitled","completed":true\}/)
    expect(text).toMatch(
      /\d\. PATCH http:\/\/todokit\.test\/todos\/\d+\n\s+request body: {2}\{"completed":true\}\n\s+response: {6}200 OK/,
    )
    expect(text).toMatch(
      /curl -i -X PATCH 'http:\/\/todokit\.test\/todos\/\d+' .*--data-raw '\{"completed":true\}'/,
    )
    expect(text).toMatch(/^FAIL \d counted rule\(s\) broken: .*patch\.keeps-unsent/m)
    expect(text).toMatch(/capability filter\s+1 held, 0 broken {2}\(claimed\)/)
    expect(text).not.toContain('\x1b[')
  })

  it('pretty: a capability nobody claimed that fails is one line, never a block with bodies', async () => {
    const { fetch } = referenceApp()
    const noSort = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: mutants.find((m) => m.name === 'sort-ignored')!.wrap(fetch),
      budget: { requests: 100 },
    })
    const text = renderPretty(noSort)
    const lines = text.split('\n').filter((line) => line.includes('sort.ascending'))
    expect(lines).toEqual([
      expect.stringMatching(/^ {2}! sort\.ascending \[capability sort\]: GET \/todos\?/),
    ])
    expect(text).not.toMatch(/response body:/)
    expect(noSort.ok).toBe(true)
  })

  it('pretty: colours only when asked', () => {
    expect(renderPretty(report, { color: true })).toContain('\x1b[31m')
  })

  it('decides colours from the terminal, NO_COLOR and FORCE_COLOR', () => {
    expect(shouldUseColor({ isTTY: true }, {})).toBe(true)
    expect(shouldUseColor({ isTTY: false }, {})).toBe(false)
    expect(shouldUseColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false)
    expect(shouldUseColor({ isTTY: true }, { TERM: 'dumb' })).toBe(false)
    expect(shouldUseColor({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true)
  })

  it('json: the report shape of the issue, parseable', () => {
    const parsed = JSON.parse(renderReport(report, 'json'))
    expect(Object.keys(parsed)).toEqual(
      expect.arrayContaining([
        'tool',
        'version',
        'baseUrl',
        'startedAt',
        'durationMs',
        'summary',
        'checks',
      ]),
    )
    expect(parsed.tool).toBe('@todokit/conformance')
    const failed = parsed.checks.find((c: { id: string }) => c.id === 'patch.keeps-unsent')
    expect(failed).toMatchObject({
      level: 'required',
      status: 'failed',
      rule: expect.stringMatching(/^§4 rule 1/),
      occurrences: expect.any(Number),
    })
    expect(failed.exchanges.length).toBeGreaterThan(0)
    expect(parsed.requests).toBeGreaterThan(100)
  })

  it('junit: a testsuite per level and a testcase per rule, failures only where counted', () => {
    const xml = renderJunit(report)
    expect(xml.match(/<testsuite /g)).toHaveLength(LEVELS.length)
    expect(xml.match(/<testcase /g)).toHaveLength(report.checks.length)
    const broken = report.checks.filter((c) => c.status === 'failed' && c.counted).length
    expect(xml).toMatch(new RegExp(`<testsuites name="[^"]+" tests="\\d+" failures="${broken}"`))
    expect(xml).toMatch(
      /<failure message="PATCH \/todos\/\d+ \{&quot;completed&quot;:true\} answered 200 OK with content &quot;untitled&quot;/,
    )
  })

  it('junit: lists the records cleanup could not remove', async () => {
    const { fetch } = referenceApp()
    const leaves = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: mutants.find((m) => m.name === 'delete-leaves-record')!.wrap(fetch),
      budget: { requests: 50 },
    })
    const xml = renderJunit(leaves)
    expect(leaves.residue.length).toBeGreaterThan(0)
    expect(xml).toContain('<testsuite name="cleanup" tests="1"')
    expect(xml).toContain(`id ${leaves.residue[0]!.id}`)
    expect(xml).toContain(
      `<testsuites name="${leaves.tool} ${leaves.baseUrl}" tests="${leaves.checks.length + 1}"`,
    )
  })

  it('pretty: prints a long request body in full only once, on the curl line', () => {
    const failed = report.checks.find((check) => check.status === 'failed')!
    const long = JSON.stringify({ content: 'x'.repeat(4_000), completed: false })
    const text = renderFailure({
      ...failed,
      exchanges: [{ ...failed.exchanges![0]!, requestBody: long }],
    })
    expect(text.split(long)).toHaveLength(2)
    expect(text).toMatch(/request body: {2}\{"content":"x{280,}… \(\d+ more characters\)/)
    expect(text).toContain(`--data-raw '${long}'`)
  })
})
