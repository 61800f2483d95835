import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { listen, type RunningServer } from '@todokit/reference-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import packageJson from '../package.json' with { type: 'json' }
import { runCli } from '../src/cli/main.ts'
import { rules } from '../src/index.ts'
import { LAST_SCENARIOS, SCENARIOS } from '../src/scenarios.ts'
import { type RunningJsonServer, startJsonServer } from './json-server.ts'
import { mutants } from './mutants.ts'
import { referenceApp } from './servers.ts'

/** Runs the CLI in process, capturing what it writes. */
async function cli(...args: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
  })
  return { code, stdout, stderr }
}

describe('runCli', () => {
  const reference = referenceApp()
  let server: RunningServer
  let broken: RunningServer
  let jsonServer: RunningJsonServer
  const JSON_SERVER_DATA = { todos: [{ id: 1, content: 'kept', completed: false }] }

  beforeAll(async () => {
    server = await listen({ fetch: reference.fetch }, { port: 0 })
    broken = await listen(
      { fetch: mutants.find((m) => m.name === 'patch-ignores-sent')!.wrap(referenceApp().fetch) },
      { port: 0 },
    )
    // json-server logs a stack trace for each malformed body it receives.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    jsonServer = await startJsonServer(structuredClone(JSON_SERVER_DATA))
  })
  afterAll(() => Promise.all([server.close(), broken.close(), jsonServer.close()]))

  it('exits 1 for json-server, which stores bodies as sent, and leaves its data as it was', async () => {
    const plain = await cli(jsonServer.url, '--budget', '200', '--capabilities', 'filter,search')
    expect(plain.stdout).toMatch(/^ {2}! sort\.ascending \[capability sort\]: /m)
    expect(plain.stdout).toMatch(/^FAIL .*todo\.fields.*write\.wrong-types/m)
    expect(plain.stdout).toMatch(
      /^✗ todo\.fields {2}POST \/todos answered a todo where it has no completed/m,
    )
    expect(plain.code).toBe(1)
    // Its filter and search are the contract's; its sort is not (json-server sorts with _sort).
    expect(plain.stdout).toMatch(/^ {2}✓ filter\.matches /m)
    expect(plain.stdout).toMatch(/^ {2}✓ search\.matches /m)
    expect(jsonServer.state()).toEqual(JSON_SERVER_DATA)
  })

  it('prints a line to stderr as each part of a pretty run begins, and none for another reporter', async () => {
    const pretty = await cli(server.url, '--budget', '50')
    for (const name of Object.keys({ ...SCENARIOS, ...LAST_SCENARIOS }))
      expect(pretty.stderr).toContain(`… ${name}\n`)
    expect(pretty.stderr).toMatch(/^… random sequences \(seed \d+\)$/m)
    const json = await cli(server.url, '--budget', '50', '--reporter', 'json')
    expect(json.stderr).toBe('')
  })

  it('exits 2 for usage errors, naming the mistake', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /Missing <base-url>/],
      [[server.url, '--reporter', 'tap'], /Unknown --reporter "tap"/],
      [[server.url, '--capabilities', 'pagination'], /Unknown capability "pagination"/],
      [[server.url, '--timeout', 'soon'], /--timeout expects a positive integer/],
      [[server.url, '--header', 'no colon'], /Invalid --header/],
      [['localhost:3000'], /Invalid base URL/],
      [[server.url, '--frobnicate'], /Unknown option '--frobnicate'/],
      [[server.url, server.url], /Expected one base URL/],
      [[server.url, '--only', 'typo.*'], /No rule matches only \[typo\.\*\]/],
    ]
    for (const [args, message] of cases) {
      const ran = await cli(...args)
      expect(ran.code, args.join(' ')).toBe(2)
      expect(ran.stderr).toMatch(message)
    }
  })

  it('prints the version of its package.json with --version, and needs no base URL for it', async () => {
    const ran = await cli('--version')
    expect(ran.code).toBe(0)
    expect(ran.stdout).toBe(`${packageJson.version}\n`)
  })

  it('prints help naming every flag', async () => {
    const help = await cli('--help')
    expect(help.code).toBe(0)
    for (const flag of [
      '--reporter',
      '--output',
      '--capabilities',
      '--strict',
      '--header',
      '--only',
      '--skip',
      '--timeout',
      '--bail',
      '--list',
      '--version',
    ]) {
      expect(help.stdout).toContain(flag)
    }
  })

  it('prints only a JSON report on stdout with --reporter json', async () => {
    const ran = await cli(server.url, '--reporter', 'json', '--only', 'list.*,create.*')
    expect(ran.code).toBe(0)
    const report = JSON.parse(ran.stdout)
    const selected = rules.filter((rule) => /^(list|create)\./.test(rule.id)).length
    expect(report.summary).toEqual({
      passed: selected,
      failed: 0,
      skipped: rules.length - selected,
    })
  })

  it('writes JUnit XML to --output and keeps the pretty summary on stdout', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'todokit-conformance-')), 'report.xml')
    const ran = await cli(broken.url, '--reporter', 'junit', '--output', file)
    expect(ran.code).toBe(1)
    expect(ran.stdout).toContain('✗ patch.answers-updated')
    expect(ran.stdout).toContain(`Report (junit) written to ${file}`)
    const xml = readFileSync(file, 'utf8')
    expect(xml).toMatch(/^<\?xml/)
    expect(xml).toContain('<testcase classname="todokit.required" name="patch.answers-updated:')
  })

  it('exits 2 before running when the --output directory does not exist', async () => {
    const requests = reference.store.revision
    const ran = await cli(server.url, '--output', '/nonexistent/dir/r.json')
    expect(ran.code).toBe(2)
    expect(ran.stderr).toBe(
      'todokit-conformance: --output /nonexistent/dir/r.json: the directory /nonexistent/dir does not exist\n',
    )
    expect(ran.stdout).toBe('')
    expect(reference.store.revision).toBe(requests)
  })

  it('exits 2 with a clear message, no stack, when the report cannot be written', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'todokit-conformance-'))
    const file = join(directory, 'report.json')
    // The directory exists when the run starts and is gone by the time the report is written.
    const vanishing = await listen(
      {
        fetch: (request) => {
          if (request.method === 'POST') rmSync(directory, { recursive: true, force: true })
          return reference.fetch(request)
        },
      },
      { port: 0 },
    )
    const ran = await cli(vanishing.url, '--reporter', 'json', '--output', file)
    await vanishing.close()
    expect(ran.code).toBe(2)
    expect(ran.stderr).toBe(`todokit-conformance: could not write the report to ${file} (ENOENT)\n`)
    expect(ran.stdout).toMatch(/^PASS /m)
  })

  it('stops after the first counted failure with --bail', async () => {
    const ran = await cli(broken.url, '--bail', '--reporter', 'json')
    const whole = JSON.parse((await cli(broken.url, '--reporter', 'json')).stdout)
    const report = JSON.parse(ran.stdout)
    expect(ran.code).toBe(1)
    expect(
      report.checks
        .filter((c: { status: string }) => c.status === 'failed')
        .map((c: { id: string }) => c.id),
    ).toEqual(['patch.answers-updated'])
    expect(report.requests).toBeLessThan(whole.requests / 2)
  })

  it('exits 2 and says so when the server stops answering mid-run', async () => {
    const dying = referenceApp()
    let requests = 0
    let server: RunningServer | undefined
    server = await listen(
      {
        fetch: (request) => {
          if (++requests === 60) void server?.close()
          return dying.fetch(request)
        },
      },
      { port: 0 },
    )
    const ran = await cli(server.url, '--budget', '200')
    expect(ran.code).toBe(2)
    expect(ran.stderr).toMatch(/stopped answering mid-run \(.*\); the run ended there/)
    expect(ran.stdout).toMatch(/^Server unreachable: /m)
    expect(ran.stdout).not.toMatch(/^FAIL /m)
  })

  it('sends --header with every request', async () => {
    const seen = new Set<string | null>()
    const auth = await listen(
      {
        fetch: (request) => {
          seen.add(request.headers.get('authorization'))
          return reference.fetch(request)
        },
      },
      { port: 0 },
    )
    const ran = await cli(auth.url, '--header', 'Authorization: Bearer s3cret', '--budget', '50')
    await auth.close()
    expect(ran.code).toBe(0)
    expect([...seen]).toEqual(['Bearer s3cret'])
  })
})
