import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bin, fromRoot, ROOT } from '../../scripts/lib/paths.ts'
import { runToCompletion, startServerProcess } from '../../scripts/lib/processes.ts'
import { PUBLISHED } from '../lib/pack.ts'

const work = mkdtempSync(join(tmpdir(), 'todokit-bins-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Every bin the published packages declare, with the file it runs. */
const BINS = Object.keys(PUBLISHED).flatMap((folder) => {
  const manifest = JSON.parse(readFileSync(fromRoot(folder, 'package.json'), 'utf8')) as {
    bin?: Record<string, string>
  }
  return Object.entries(manifest.bin ?? {}).map(([name, target]) => ({ name, folder, target }))
})

describe("the packages' bins in a todokit checkout", () => {
  it('are linked by npm install, before anything is built', () => {
    expect(BINS.map(({ name }) => name).sort()).toEqual(['todokit-conformance', 'todokit-server'])
    for (const { name } of BINS) expect(existsSync(bin(name)), name).toBe(true)
  })

  it('work through npx from the repository root, as the README shows', async () => {
    const server = await startServerProcess(
      'npx',
      ['--no-install', 'todokit-server', '--port', '0', '--quiet'],
      { cwd: ROOT },
    )
    try {
      // The whole catalogue, exploration included, takes most of a minute on a busy 2-core
      // machine: the limit is there to end a hang, under the test's own 120 s.
      const run = await runToCompletion(
        'npx',
        ['--no-install', 'todokit-conformance', server.url],
        { cwd: ROOT, timeoutMs: 110_000 },
      )
      expect(run.code, run.stdout + run.stderr).toBe(0)
      expect(run.stdout).toMatch(/^PASS /m)
    } finally {
      await server.stop()
    }
  })

  it.each(BINS)(
    '$name refuses a Node older than its package supports, saying which Node and what it needs',
    async ({ name, folder, target }) => {
      // The bin as published, beside a manifest that asks for a Node from the future.
      const copy = join(work, name, target)
      mkdirSync(dirname(copy), { recursive: true })
      copyFileSync(fromRoot(folder, target), copy)
      writeFileSync(
        join(work, name, 'package.json'),
        '{"type":"module","engines":{"node":">=99.1"}}',
      )
      const run = await runToCompletion(process.execPath, [copy])
      // The server exits 2, as for any usage error: it never started.
      expect(run.code).toBe(name === 'todokit-server' ? 2 : 1)
      expect(run.stderr).toBe(
        `${name}: needs Node >=99.1, but ${process.execPath} is Node ${process.versions.node}.\n`,
      )
    },
  )
})
