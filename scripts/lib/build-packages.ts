import { execFileSync } from 'node:child_process'
import { bin, ROOT } from './paths.ts'

/**
 * Builds the three published packages (turbo; a cache hit when nothing changed), so tests that
 * use `dist/` as a consumer does never see a stale build. turbo.json also makes the docs and
 * package-checks tests depend on `^build`; this covers running them directly with vitest, where
 * this file is their globalSetup.
 */
export default function buildPackages(): void {
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
