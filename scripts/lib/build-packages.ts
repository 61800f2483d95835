import { execFileSync } from 'node:child_process'
import { bin, ROOT } from './paths.ts'

/**
 * Builds the three published packages (turbo; a cache hit when nothing changed), so tests that
 * use `dist/` as a consumer does never see a stale build when run directly with vitest, where
 * this file is their globalSetup. Inside a turbo task (`TURBO_HASH` is set) turbo.json's `^build`
 * has already built them, and a second turbo run would restore `dist/` from its cache while
 * another task packs or imports it.
 */
export default function buildPackages(): void {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: turbo sets it in every task it runs
  if (process.env.TURBO_HASH) return
  execFileSync(
    bin('turbo'),
    [
      'run',
      'build',
      '--filter=@todokit/sdk',
      '--filter=@todokit/reference-server',
      '--filter=@todokit/conformance',
      '--output-logs=errors-only',
      '--log-prefix=none',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  )
}
