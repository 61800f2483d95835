import { defineConfig } from 'tsup'

export default defineConfig({
  // cli.ts starts with a shebang, which tsup keeps (and marks the file executable).
  entry: { index: 'src/index.ts', vitest: 'src/vitest.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  // Top-level await in the CLI needs ES2022 modules.
  target: 'es2022',
  platform: 'node',
  dts: { entry: { index: 'src/index.ts', vitest: 'src/vitest.ts' } },
  sourcemap: true,
  clean: true,
})
