import { type ChildProcess, spawn } from 'node:child_process'
import { listen, type RunningServer } from '@todokit/reference-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rules } from '../src/index.ts'
import { mutants } from './mutants.ts'
import { referenceApp } from './servers.ts'

const CLI = new URL('../src/cli.ts', import.meta.url).pathname

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

function start(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--conditions=@todokit/source', CLI, ...args], {
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined },
  })
}

function finish(child: ChildProcess): Promise<Ran> {
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}

const cli = (...args: string[]) => finish(start(args))

describe('the todokit-conformance binary', () => {
  const reference = referenceApp()
  let server: RunningServer
  let broken: RunningServer

  beforeAll(async () => {
    server = await listen({ fetch: reference.fetch }, { port: 0 })
    const patchIgnored = mutants.find((m) => m.name === 'patch-ignores-sent')!
    broken = await listen({ fetch: patchIgnored.wrap(referenceApp().fetch) }, { port: 0 })
  })
  afterAll(() => Promise.all([server.close(), broken.close()]))

  it('exits 0 with PASS for the reference server, all capabilities, strict', async () => {
    const ran = await cli(server.url, '--capabilities', 'all', '--strict')
    expect(ran.stdout).toContain('PASS conforms to the todos contract')
    expect(ran.stdout).toContain('✓ patch.keeps-unsent')
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/^Exploration \(seed \d+, budget 800 requests\): /m)
    expect([...reference.store]).toEqual([])
    // The default run, exploration included, spawned while other test files run: not a timing test.
  }, 60_000)

  it('exits 1 and shows the failure when a required rule is broken', async () => {
    const ran = await cli(broken.url, '--budget', '400')
    expect(ran.code).toBe(1)
    expect(ran.stdout).toContain('✗ patch.answers-updated')
    expect(ran.stdout).toMatch(/curl -i -X PATCH 'http:\/\/127\.0\.0\.1:\d+\/todos\/\d+'/)
  })

  it('exits 0 but says PARTIAL when --only leaves counted rules out', async () => {
    const ran = await cli(server.url, '--only', 'patch.*')
    expect(rules.some((rule) => rule.level === 'required' && !rule.id.startsWith('patch.'))).toBe(
      true,
    )
    expect(ran.stdout).toContain(
      'PARTIAL no counted rule broken, but rules were left out with --only/--skip',
    )
    expect(ran.stdout).not.toMatch(/^PASS /m)
    expect(ran.code).toBe(0)
  })

  it('exits 2 at once with a clear message when the server is unreachable', async () => {
    const closed = await listen({ fetch: () => new Response() }, { port: 0 })
    await closed.close()
    const ran = await cli(closed.url)
    expect(ran.code).toBe(2)
    expect(ran.stderr).toMatch(
      /Cannot reach http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED.*Is the server running/,
    )
  })

  it('exits 2 for a usage error and prints the rules with --list', async () => {
    const missing = await cli()
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('Missing <base-url>')
    const list = await cli('--list')
    expect(list.code).toBe(0)
    for (const rule of rules) expect(list.stdout).toContain(rule.id)
  })

  it('removes its records and exits 130 on SIGINT', async () => {
    const slow = referenceApp()
    const delayed = await listen(
      {
        fetch: async (request) => {
          await new Promise((resolve) => setTimeout(resolve, 30))
          return slow.fetch(request)
        },
      },
      { port: 0 },
    )
    const child = start([delayed.url])
    const done = finish(child)
    while ([...slow.store].length < 3) await new Promise((resolve) => setTimeout(resolve, 20))
    child.kill('SIGINT')
    const ran = await done
    await delayed.close()
    expect(ran.code).toBe(130)
    expect(ran.stdout).toMatch(/^PARTIAL /m)
    expect(ran.stdout).not.toMatch(/^PASS /m)
    expect(ran.stderr).toContain('Interrupted: removing the records this run created')
    expect(ran.stdout).toContain('Cleanup verified')
    expect([...slow.store]).toEqual([])
  })
})
