import { defaultClientConditions, defaultServerConditions } from 'vite'
import { configDefaults, defineConfig } from 'vitest/config'

/**
 * `npm run test:quick`: the inner loop, without the suites that install from the registry or
 * drive Chromium. `npm test` (and CI) runs everything.
 */
export const QUICK = process.env.TODOKIT_QUICK === '1'

/**
 * The suites `npm run test:quick` leaves out, relative to each workspace: all of them live in
 * package-checks (its registry installs are skipped too, see test/setup/network-installs.ts).
 */
export const NETWORK_AND_BROWSER_SUITES = [
  'test/packages.test.ts',
  'test/runtime-matrix.test.ts',
  'test/api-reference.test.ts',
]

/**
 * Shared vitest settings: workspace packages resolve to their TypeScript sources through the
 * `@todokit/source` export condition, so tests never run against a stale `dist/`.
 */
export default defineConfig({
  resolve: { conditions: ['@todokit/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@todokit/source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // vitest's 5 s default is a speed assertion in disguise: on a busy 2-core machine (turbo runs
    // the workspaces' suites side by side) a compiler-driven test took 6.8 s. A limit is only
    // there to end a hang.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    exclude: [...configDefaults.exclude, ...(QUICK ? NETWORK_AND_BROWSER_SUITES : [])],
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'] },
  },
})
