import { beforeAll, describe, expect, it } from 'vitest'
import {
  type ConformanceReport,
  LEVELS,
  renderFailure,
  renderJunit,
  renderPretty,
  renderReport,
  runConformance,
} from '../src/index.ts'
import { shouldUseColor } from '../src/reporters/color.ts'
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
      // The exploration finds the same defect; explore.test.ts shows how it reports it.
      skip: ['explore.*'],
    })
  })

  it('pretty: shows check, rule, expected vs actual and every exchange with a curl line', () => {
    const text = renderPretty(report)
    expect(text).toContain('✗ patch.keeps-unsent-fields PATCH leaves the fields it did not send')
    expect(text).toContain('rule:      §4 rule 1: When PATCH sends a subset of fields')
    expect(text).toMatch(
      /expected: {2}\{"content":"\[todokit-conformance \w+\] patch.keeps-unsent-fields kept"\}/,
    )
    expect(text).toContain('actual:    {"content":"untitled"}')
    expect(text).toMatch(
      /\d\. PATCH http:\/\/todokit\.test\/todos\/\d+\n\s+request body: {2}\{"completed":true\}\n\s+response: {6}200 OK/,
    )
    expect(text).toMatch(
      /curl -i -X PATCH 'http:\/\/todokit\.test\/todos\/\d+' .*--data-raw '\{"completed":true\}'/,
    )
    expect(text).toContain('FAIL 1 counted check(s) failed: patch.keeps-unsent-fields')
    expect(text).toMatch(/capability filter\s+2 passed, 0 failed, 1 skipped {2}\(claimed\)/)
    expect(text).not.toContain('\x1b[')
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
    const failed = parsed.checks.find((c: { id: string }) => c.id === 'patch.keeps-unsent-fields')
    expect(failed).toMatchObject({
      level: 'required',
      status: 'failed',
      rule: expect.stringMatching(/^§4 rule 1/),
    })
    expect(failed.exchanges.length).toBeGreaterThan(1)
  })

  it('junit: a testsuite per level and a testcase per check, failures only where counted', () => {
    const xml = renderJunit(report)
    // One suite per level, and one for cleanup: the PATCH that reset content to "untitled"
    // took the run's marker off a record, so cleanup may not delete it and reports it.
    expect(xml.match(/<testsuite /g)).toHaveLength(LEVELS.length + 1)
    expect(xml).toMatch(
      /possible residue: not deleted: GET \/todos\/\d+ shows a record without the run's marker/,
    )
    expect(xml.match(/<testcase /g)).toHaveLength(report.checks.length + 1)
    expect(xml).toMatch(/<testsuites name="[^"]+" tests="\d+" failures="1"/)
    const required = report.checks.filter((c) => c.level === 'required').length
    expect(xml).toMatch(new RegExp(`<testsuite name="required" tests="${required}" failures="1"`))
    expect(xml).toMatch(
      /<failure message="PATCH \{&quot;completed&quot;:true\} response changed content: content differs" type="required">/,
    )
  })

  it('junit: a suite takes the wall time of its checks, not the sum of concurrent durations', () => {
    // Two checks of 400 ms that overlap by 200 ms took 600 ms, not 800.
    const [first, second] = report.checks.filter((check) => check.level === 'required')
    const xml = renderJunit({
      ...report,
      checks: [
        { ...first!, startMs: 1000, durationMs: 400 },
        { ...second!, startMs: 1200, durationMs: 400 },
      ],
    })
    expect(xml).toMatch(/<testsuite name="required" [^>]* time="0\.600"/)
  })

  it('junit: lists the records cleanup could not remove', async () => {
    const { fetch } = referenceApp()
    const leaves = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: mutants.find((m) => m.name === 'delete-leaves-record')!.wrap(fetch),
      only: ['delete.succeeds'],
    })
    const xml = renderJunit(leaves)
    expect(leaves.residue).toHaveLength(1)
    expect(xml).toContain('<testsuite name="cleanup" tests="1"')
    expect(xml).toContain(`id ${leaves.residue[0]!.id} (${leaves.marker} delete.succeeds`)
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
