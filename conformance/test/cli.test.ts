import { type ChildProcess, spawn } from 'node:child_process'
import { listen, type RunningServer } from '@todokit/reference-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checks } from '../src/index.ts'
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
    expect(ran.stdout).toContain('✓ patch.keeps-unsent-fields')
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/^Exploration \(seed \d+, budget 4000 requests\): /m)
    expect([...reference.store]).toEqual([])
    // The default run, exploration included, spawned while other test files run: not a timing test.
  }, 60_000)

  it('exits 1 and shows the failure when a required check fails', async () => {
    const ran = await cli(broken.url, '--budget', '400')
    expect(ran.code).toBe(1)
    expect(ran.stdout).toContain('✗ patch.applies-sent-fields')
    expect(ran.stdout).toMatch(/curl -i -X PATCH 'http:\/\/127\.0\.0\.1:\d+\/todos\/\d+'/)
  })

  it('exits 0 but says PARTIAL when --only leaves counted checks out', async () => {
    const ran = await cli(server.url, '--only', 'patch.*')
    const required = checks.filter((check) => check.level === 'required')
    const notRun = required.filter((check) => !check.id.startsWith('patch.')).length
    expect(ran.stdout).toContain(
      `PARTIAL no counted check failed, but the run was incomplete: ${notRun} counted check(s) not run`,
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

  it('exits 2 for a usage error and prints the catalogue with --list', async () => {
    const missing = await cli()
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('Missing <base-url>')
    const list = await cli('--list')
    expect(list.code).toBe(0)
    for (const check of checks) expect(list.stdout).toContain(check.id)
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
    const child = start([delayed.url, '--concurrency', '2'])
    const done = finish(child)
    await new Promise<void>((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('✓')) resolve()
      })
    })
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
