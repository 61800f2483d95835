import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { fromRoot } from '../../scripts/lib/paths.ts'

// The testing kit also runs in a browser, under msw's setupWorker: the built package must
// bundle for one, with none of Node's modules left for the bundler to resolve.
describe('the built msw kit in a browser bundle', () => {
  it('bundles for the browser with no Node module in the way', async () => {
    const result = await build({
      stdin: {
        contents: `import { createTodoApi } from '@todokit/reference-server/msw'
          export const api = createTodoApi({ baseUrl: '/api' })`,
        resolveDir: fromRoot('package-checks'),
      },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      external: ['msw'],
      logLevel: 'silent',
    }).catch((error: { errors?: Array<{ text: string }> }) => error)
    expect('errors' in result ? result.errors?.map(({ text }) => text) : []).toEqual([])
  })
})
