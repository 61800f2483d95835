import { defineConfig } from 'tsup'

export default defineConfig({
  // cli.ts starts with a shebang, which tsup keeps (and marks the file executable).
  entry: {
    index: 'src/index.ts',
    msw: 'src/msw.ts',
    internal: 'src/internal.ts',
    cli: 'src/cli.ts',
  },
  format: ['esm'],
  target: 'es2022',
  platform: 'node',
  // node:sqlite exists only under its prefix; without this tsup would import "sqlite".
  removeNodeProtocol: false,
  dts: { entry: { index: 'src/index.ts', msw: 'src/msw.ts', internal: 'src/internal.ts' } },
  sourcemap: true,
  clean: true,
})
