import { readFileSync } from 'node:fs'
import type { RunningServer } from '@todokit/reference-server'
import { build } from 'esbuild'
import type { Browser } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { fromRoot } from '../../scripts/lib/paths.ts'
import { chromiumSkipReason, launchChromium } from '../lib/chromium.ts'
import { serveStatic } from '../lib/static-server.ts'

/**
 * An application's browser test, as a page: the built kit under msw's `setupWorker`, called
 * through the SDK at a relative base URL, with a fault injected.
 */
const PAGE_SCRIPT = `
  import { createTodoApi } from '@todokit/reference-server/msw'
  import { isServerError, TodoClient } from '@todokit/sdk'
  import { setupWorker } from 'msw/browser'

  try {
    const api = createTodoApi({ baseUrl: '/api', initial: [{ id: 1, content: 'Buy milk', completed: false }] })
    await setupWorker(...api.handlers).start({ quiet: true })
    const client = new TodoClient({ baseUrl: '/api', retry: 0 })
    const created = await client.todos.create({ content: 'From the browser' })
    api.inject({ kind: 'status', status: 503 }, { route: 'list' })
    const outage = await client.todos.list().catch((error) => error)
    window.outcome = { created, stored: api.todos(), outageIsServerError: isServerError(outage) }
  } catch (error) {
    window.outcome = { error: String(error) } // shown by the test's comparison
  }
`

/** The page script bundled for a browser, as an application's bundler would, or its errors. */
async function bundlePage(): Promise<{ code?: string; errors: string[] }> {
  const result = await build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: fromRoot('package-checks'), loader: 'js' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).catch((error: { errors: Array<{ text: string }> }) => error)
  if ('outputFiles' in result) return { code: result.outputFiles?.[0]?.text, errors: [] }
  return { errors: result.errors.map(({ text }) => text) }
}

const skip = chromiumSkipReason()

// The testing kit also runs in a browser, under msw's setupWorker: the built package must
// bundle for one, with none of Node's modules left for the bundler to resolve, and work there.
describe('the built msw kit in a browser', () => {
  let server: RunningServer | undefined
  let browser: Browser | undefined
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('bundles for the browser with no Node module in the way', async () => {
    expect((await bundlePage()).errors).toEqual([])
  })

  it.skipIf(skip)(
    'serves an application in Chromium under setupWorker, faults included',
    async () => {
      const { code = '' } = await bundlePage()
      const worker = readFileSync(fromRoot('node_modules', 'msw', 'lib', 'mockServiceWorker.js'))
      server = await serveStatic({
        '/': ['text/html', '<!doctype html><script type="module" src="/page.js"></script>'],
        '/page.js': ['text/javascript', code],
        '/mockServiceWorker.js': ['text/javascript', worker.toString('utf8')],
      })
      browser = await launchChromium()
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(server.url)
      await page.waitForFunction(() => 'outcome' in window || document.title === 'failed', null, {
        timeout: 20_000,
      })
      expect(errors).toEqual([])
      expect(
        await page.evaluate(() => (window as unknown as { outcome: unknown }).outcome),
      ).toEqual({
        created: { id: 2, content: 'From the browser', completed: false },
        stored: [
          { id: 1, content: 'Buy milk', completed: false },
          { id: 2, content: 'From the browser', completed: false },
        ],
        outageIsServerError: true,
      })
    },
  )
})
