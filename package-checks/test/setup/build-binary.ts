// vitest globalSetup: the standalone executable binary.test.ts runs, built by the same turbo task
// `npm test` runs before this workspace's tests (a cache hit then), so running vitest here
// directly never tests a stale binary either.
import { execFileSync } from 'node:child_process'
import { bin, ROOT } from '../../../scripts/lib/paths.ts'

export default function buildBinary(): void {
  execFileSync(
    bin('turbo'),
    [
      'run',
      'binary',
      '--filter=@todokit/conformance',
      '--output-logs=errors-only',
      '--log-prefix=none',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  )
}
