import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { listen, type RunningServer } from '@todokit/reference-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../src/cli/main.ts'
import {
  type ConformanceReport,
  REPORTERS,
  renderGithub,
  renderPretty,
  runConformance,
} from '../src/index.ts'
import {
  escapeCommandData,
  escapeCommandProperty,
  renderStepSummary,
} from '../src/reporters/github.ts'
import { mutants } from './mutants.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

/** Text a hostile server might send back, to break out of an annotation or a summary. */
const HOSTILE =
  'x\n::add-mask::secret\r\n::stop-commands::t%0A<img src=x onerror=alert(1)> [link](https://evil.test) ``` | # h'

describe('CI reporters', () => {
  let report: ConformanceReport

  beforeAll(async () => {
    const { fetch } = referenceApp()
    report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: mutants.find((m) => m.name === 'patch-overwrites-unsent')!.wrap(fetch),
      capabilities: ['filter'],
      seed: 1,
      budget: { requests: 200 },
    })
  })

  /** The report with the server's text replaced by {@link HOSTILE} wherever the server could put it. */
  function hostile(): ConformanceReport {
    const failed = report.checks.find((check) => check.status === 'failed' && check.counted)!
    const exchange = failed.exchanges![0]!
    return {
      ...report,
      checks: [
        {
          ...failed,
          message: HOSTILE,
          actual: HOSTILE,
          exchanges: [{ ...exchange, requestBody: HOSTILE, url: `${exchange.url}?q=${HOSTILE}` }],
        },
      ],
    }
  }

  /**
   * The report with {@link HOSTILE} in every field the server's answers can reach: the finding,
   * the exchange, an informational and an unjudged rule, cleanup, residue, hints and the reason
   * the run ended.
   */
  function hostileEverywhere(): ConformanceReport {
    const [failed] = hostile().checks
    const exchange = failed!.exchanges![0]!
    return {
      ...report,
      unreachable: HOSTILE,
      hints: [HOSTILE],
      residue: [{ id: HOSTILE, content: HOSTILE, reason: HOSTILE, possible: true }],
      cleanup: { verified: false, unverifiedBecause: HOSTILE },
      checks: [
        {
          ...failed!,
          expected: HOSTILE,
          exchanges: [
            { ...exchange, statusText: HOSTILE, responseBody: HOSTILE },
            { ...exchange, error: HOSTILE },
          ],
        },
        { ...failed!, counted: false },
        { ...failed!, id: 'list.unjudged', status: 'skipped', message: HOSTILE },
      ],
    }
  }

  it('offers github beside pretty, json and junit', () => {
    expect(REPORTERS).toEqual(['pretty', 'json', 'junit', 'github'])
  })

  it('escapes workflow commands as the runner reads them back', () => {
    expect(escapeCommandData('100%\r\nnext')).toBe('100%25%0D%0Anext')
    expect(escapeCommandProperty('a: b, c%')).toBe('a%3A b%2C c%25')
  })

  it('github: one ::error per counted broken rule, with its title, the failure and the curl replay', () => {
    const text = renderGithub(report)
    const errors = text.split('\n').filter((line) => line.startsWith('::error'))
    const broken = report.checks.filter((check) => check.status === 'failed' && check.counted)
    expect(broken.length).toBeGreaterThan(0)
    expect(errors).toHaveLength(broken.length)
    const patch = errors.find((line) => line.includes('patch.keeps-unsent'))!
    expect(patch).toMatch(
      /^::error title=patch\.keeps-unsent%3A A PATCH leaves the fields it did not send as they were::✗ patch\.keeps-unsent {2}PATCH /,
    )
    expect(patch).toMatch(/%0A {4}actual: {4}\{"id":\d+,"content":"untitled","completed":true\}%0A/)
    expect(patch).toMatch(/%0A {9}curl -i -X PATCH 'http:\/\/todokit\.test\/todos\/\d+'/)
    expect(text).toMatch(/^FAIL \d counted rule\(s\) broken/m)
  })

  it('github: a hostile server cannot end an annotation and start a command of its own', () => {
    const lines = renderGithub(hostile()).split('\n')
    // The runner reads commands until ::stop-commands::TOKEN and again after ::TOKEN::.
    const stop = lines.findIndex((line) => line.startsWith('::stop-commands::'))
    const token = lines[stop]!.slice('::stop-commands::'.length)
    const resume = lines.indexOf(`::${token}::`)
    expect(token).toMatch(/^[0-9a-f-]{36}$/)
    expect(resume).toBeGreaterThan(stop)
    const read = [...lines.slice(0, stop), ...lines.slice(resume + 1)]
    expect(read.filter((line) => line.startsWith('::'))).toHaveLength(1)
    expect(read[0]).toMatch(
      /^::error title=[^:]+::✗ patch\.keeps-unsent {2}x\\n::add-mask::secret\\u000d\\n::stop-commands::t%250A/,
    )
    // The server's text, printed in the log between them, never names the token.
    expect(lines.slice(stop + 1, resume).join('\n')).not.toContain(token)
  })

  it('github: no line the server wrote starts a command, even inside the stop-commands block', () => {
    const lines = renderGithub(hostileEverywhere()).split('\n')
    const token = lines.find((line) => line.startsWith('::stop-commands::'))!.slice(17)
    // Two errors (the broken rule, the unreachable server), one warning, stop and resume.
    const commands = lines.filter((line) => line.startsWith('::'))
    expect(commands.map((line) => line.split('::')[1])).toEqual([
      'error title=patch.keeps-unsent%3A A PATCH leaves the fields it did not send as they were',
      'error title=server unreachable',
      'warning title=list.unjudged not judged',
      'stop-commands',
      token,
    ])
    for (const line of commands.slice(0, 3)) expect(line).not.toContain('\r')
  })

  it('pretty: a newline the server sent never breaks a finding into lines of its own', () => {
    const text = renderPretty(hostileEverywhere())
    expect(text).not.toContain('\r')
    // Anywhere in the report, a line the server's text began would start with its `::`.
    expect(text.split('\n').filter((line) => /^\W*::/.test(line))).toEqual([])
    expect(text).toMatch(
      /^✗ patch\.keeps-unsent {2}x\\n::add-mask::secret\\u000d\\n::stop-commands::/m,
    )
    expect(text).toMatch(/^ {4}expected: {2}x\\n::add-mask::secret/m)
    expect(text).toMatch(/^ {9}response: {6}200 x\\n::add-mask::secret/m)
    expect(text).toMatch(/^ {2}\? list\.unjudged: x\\n::add-mask::secret\\u000d\\n/m)
    expect(text).toMatch(/^Hint: x\\n::add-mask::secret/m)
  })

  it('the step summary: the verdict as a heading, then the pretty report in a code block', () => {
    const text = renderStepSummary(report)
    expect(text).toMatch(/^## todokit conformance: FAIL: \d counted rule\(s\) broken\n\n```\n/)
    expect(text).toContain(`\n${renderPretty(report)}\n\`\`\`\n`)
  })

  it('the step summary: what a hostile server sends stays inside its code block', () => {
    const text = renderStepSummary(hostileEverywhere())
    // The hostile ``` sits inside a longer fence, so it cannot close the block early.
    expect(text).toMatch(/^## todokit conformance: FAIL: [^\n`<]*\n\n````\n/)
    expect(text.endsWith('\n````\n')).toBe(true)
    expect(text.split('\n').filter((line) => line === '````')).toHaveLength(2)
  })
})

describe('todokit-conformance --reporter github', () => {
  let broken: RunningServer
  let dir: string

  beforeAll(async () => {
    broken = await listen(
      { fetch: mutants.find((m) => m.name === 'patch-ignores-sent')!.wrap(referenceApp().fetch) },
      { port: 0 },
    )
    dir = mkdtempSync(join(tmpdir(), 'todokit-summary-'))
  })
  afterAll(async () => {
    await broken.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('prints the annotations, appends the summary to $GITHUB_STEP_SUMMARY, and exits 1', async () => {
    const summary = join(dir, 'summary.md')
    writeFileSync(summary, '# earlier step\n')
    let stdout = ''
    const code = await runCli([broken.url, '--reporter', 'github', '--budget', '200'], {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true },
      env: { GITHUB_STEP_SUMMARY: summary },
    })
    expect(code).toBe(1)
    expect(stdout).toMatch(/^::error title=patch\.[\w-]+%3A /m)
    const written = readFileSync(summary, 'utf8')
    expect(written).toMatch(/^# earlier step\n## todokit conformance: FAIL/)
  }, 60_000)
})
