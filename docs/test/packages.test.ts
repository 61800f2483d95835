import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Packed,
  PUBLISHED,
  type PublishedFolder,
  packPublished,
} from '../../scripts/lib/pack.ts'
import { bin, fromRoot } from '../../scripts/lib/paths.ts'
import {
  runToCompletion,
  type ServerProcess,
  startServerProcess,
} from '../../scripts/lib/processes.ts'

// A stranger's project: the three tarballs installed from disk, their own dependencies from the
// registry (or npm's cache), and Node 24 first on PATH as the `node` their bins' shebang finds.
const work = mkdtempSync(join(tmpdir(), 'todokit-packages-'))
const project = join(work, 'consumer')
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` }
const folders = Object.keys(PUBLISHED) as PublishedFolder[]
let packed: Record<PublishedFolder, Packed>

// The install took 23 s alone and 177 s under a loaded turbo run on 2 cores: the limits leave
// more than twice that worst case, since a slow machine is no defect of the packages.
const INSTALL_LIMIT_MS = 400_000

beforeAll(async () => {
  packed = packPublished(work)
  cpSync(fromRoot('docs', 'test', 'fixtures', 'consumer'), project, { recursive: true })
  const tarballs = folders.map((folder) => packed[folder].tarball)
  const install = await runToCompletion(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs, '@types/node@^24'],
    { cwd: project, env, timeoutMs: INSTALL_LIMIT_MS },
  )
  if (install.code !== 0) throw new Error(`npm install of the tarballs failed:\n${install.stderr}`)
}, INSTALL_LIMIT_MS + 60_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe.each(folders)('the packed %s tarball', (folder) => {
  it('ships its README, the LICENSE and the built entry points, and no tests', () => {
    const { files } = packed[folder]
    expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']))
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts']))
    expect(files.filter((file) => /\.test(-d)?\.ts$/.test(file))).toEqual([])
    expect(readFileSync(fromRoot(folder, 'LICENSE'), 'utf8')).toBe(
      readFileSync(fromRoot('LICENSE'), 'utf8'),
    )
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
    } finally {
      await server.stop()
    }
  })
})
