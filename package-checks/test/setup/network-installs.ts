// vitest globalSetup: every install from the registry that the docs tests need happens here,
// once per run and in parallel, before any suite starts: the packed tarballs into a consumer
// project (packages.test.ts) and the runtime matrix's Node 22, Bun and Deno
// (runtime-matrix.test.ts). A failed install does not stop the other suites; the suites that
// needed it fail at once with npm's words instead.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { fromRoot } from '../../../scripts/lib/paths.ts'
import { QUICK } from '../../../vitest.shared.ts'
import { npmInstall } from '../../lib/npm.ts'
import { type Packed, type PublishedFolder, packPublished } from '../../lib/pack.ts'
import { ensureRuntimes, type Runtime, type RuntimeSource } from '../../matrix/runtimes.ts'

/** An install's outcome, as the suites receive it: what they need, or why it is missing. */
export type Installed<T> = { ok: true; value: T } | { ok: false; error: string }

declare module 'vitest' {
  export interface ProvidedContext {
    consumer: Installed<{ project: string; packed: Record<PublishedFolder, Packed> }>
    runtimes: Installed<Record<Runtime, RuntimeSource>>
  }
}

const settle = <T>(work: Promise<T>): Promise<Installed<T>> =>
  work.then(
    (value) => ({ ok: true, value }),
    (error: Error) => ({ ok: false, error: error.message }),
  )

/**
 * A stranger's project: the three tarballs installed from disk, their own dependencies from the
 * registry (or npm's cache), Node 24 first on PATH as the `node` their bins' shebang finds.
 */
async function installConsumer(work: string) {
  const packed = packPublished(work)
  const project = join(work, 'consumer')
  cpSync(fromRoot('package-checks', 'test', 'fixtures', 'consumer'), project, { recursive: true })
  const tarballs = Object.values(packed).map(({ tarball }) => tarball)
  await npmInstall([...tarballs, 'msw@^3', '@types/node@^24'], {
    cwd: project,
    env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
  })
  return { project, packed }
}

export default async function setup({ provide }: TestProject): Promise<() => void> {
  const work = mkdtempSync(join(tmpdir(), 'todokit-packages-'))
  if (!QUICK) {
    const [consumer, runtimes] = await Promise.all([
      settle(installConsumer(work)),
      settle(ensureRuntimes()),
    ])
    provide('consumer', consumer)
    provide('runtimes', runtimes)
  }
  return () => rmSync(work, { recursive: true, force: true })
}
