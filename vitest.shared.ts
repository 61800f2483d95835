import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * Shared vitest settings: workspace packages resolve to their TypeScript sources through the
 * `@todokit/source` export condition, so tests never run against a stale `dist/`.
 */
export default defineConfig({
  resolve: { conditions: ['@todokit/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@todokit/source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'] },
  },
})
