import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { deadLinks, describeDeadLinks } from '../../scripts/lib/markdown-links.ts'
import { bin, fromRoot } from '../../scripts/lib/paths.ts'
import {
  runToCompletion,
  type ServerProcess,
  startServerProcess,
} from '../../scripts/lib/processes.ts'
import { PUBLISHED, type PublishedFolder } from '../lib/pack.ts'

// The tarballs were packed and installed into a stranger's project by the network-installs
// globalSetup, once per run; Node 24 goes first on PATH as the `node` the bins' shebang finds.
const consumer = inject('consumer')
if (!consumer.ok) throw new Error(`the packed packages could not be installed: ${consumer.error}`)
const { project, packed } = consumer.value
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` }
const folders = Object.keys(PUBLISHED) as PublishedFolder[]

describe.each(folders)('the packed %s tarball', (folder) => {
  it('ships its README, the LICENSE and the built entry points, and no tests', () => {
    const { files } = packed[folder]
    expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']))
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts']))
    const manifest = JSON.parse(readFileSync(fromRoot(folder, 'package.json'), 'utf8')) as {
      bin?: Record<string, string>
    }
    for (const target of Object.values(manifest.bin ?? {}))
      expect(files).toContain(target.replace(/^\.\//, ''))
    expect(files.filter((file) => /\.test(-d)?\.ts$/.test(file))).toEqual([])
    expect(readFileSync(fromRoot(folder, 'LICENSE'), 'utf8')).toBe(
      readFileSync(fromRoot('LICENSE'), 'utf8'),
    )
  })

  it('leads every link of its installed README, and of the guides it ships, to a file of its own', () => {
    // Installed, a package has no repository beside it: ../docs/sdk.md would lead nowhere.
    const installed = join(project, 'node_modules', PUBLISHED[folder])
    expect(describeDeadLinks(deadLinks(installed, ['README.md']))).toEqual([])
  })

  it('is clean for publint (warnings count as errors)', async () => {
    const run = await runToCompletion(bin('publint'), ['run', packed[folder].tarball, '--strict'])
    expect(run.code, run.stdout + run.stderr).toBe(0)
  })

  it('has types that resolve in every module resolution mode an ESM package supports (attw)', async () => {
    const run = await runToCompletion(
      bin('attw'),
      [packed[folder].tarball, '--profile', 'esm-only', '--format', 'table-flipped', '--no-color'],
      { timeoutMs: 60_000 },
    )
    expect(run.code, run.stdout + run.stderr).toBe(0)
  })
})

describe('the installed tarballs', () => {
  it('type-check in a consumer project (every entry point imported and used)', async () => {
    const run = await runToCompletion(bin('tsc'), ['-p', project], { env })
    expect(run.stdout + run.stderr).toBe('')
    expect(run.code).toBe(0)
  })

  it('run in a consumer project: the SDK and the conformance kit against an in-process server', async () => {
    const run = await runToCompletion(process.execPath, ['consumer.ts'], { cwd: project, env })
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/^consumer ok: 6 endpoints, 1 listed, \d+ checks passed/)
  })

  it('pull no UI framework and no AI SDK, so the testing kit installs light', () => {
    for (const heavy of ['@scalar/api-reference', 'vue', '@phosphor-icons/core', 'ai'])
      expect(existsSync(join(project, 'node_modules', heavy)), heavy).toBe(false)
  })

  it('give a working `npx todokit-server` that `npx todokit-conformance` passes', async () => {
    const server: ServerProcess = await startServerProcess(
      'npx',
      ['--no-install', 'todokit-server', '--port', '0', '--quiet'],
      { cwd: project, env },
    )
    try {
      const run = await runToCompletion(
        'npx',
        ['--no-install', 'todokit-conformance', server.url, '--strict', '--capabilities', 'all'],
        { cwd: project, env },
      )
      expect(run.code, run.stdout + run.stderr).toBe(0)
      // The API reference needs no package beyond the server's own.
      const docs = await fetch(`${server.url}/docs`)
      expect(docs.status).toBe(200)
      expect(await docs.text()).toContain('id="createTodo"')
    } finally {
      await server.stop()
    }
  })
})
