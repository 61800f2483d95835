import type { RunningServer } from '@todokit/reference-server'
import { build } from 'esbuild'
import { fromRoot } from '../../scripts/lib/paths.ts'
import { launchChromium } from '../lib/chromium.ts'
import { serveStatic } from '../lib/static-server.ts'

/** Where the smoke program sends its requests. */
export interface SmokeUrls {
  /** The todos server under test. */
  baseUrl: string
  /** Where nothing listens. */
  closedUrl: string
  /** package-checks/matrix/quirks-server.ts */
  quirksUrl: string
}

/** The SDK smoke program bundled for browsers, as an application's bundler would ship it. */
export async function bundleSmokeForBrowser(): Promise<string> {
  const result = await build({
    entryPoints: [fromRoot('package-checks', 'matrix', 'sdk-smoke.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}

/** A page on 127.0.0.1 that loads the bundled smoke program, from its own origin. */
export async function serveSmokePage(): Promise<RunningServer> {
  return serveStatic({
    // The module lands on window.smoke, so the test never writes import() into code that a
    // test runner's transform might rewrite.
    '/': [
      'text/html',
      '<!doctype html><title>todokit SDK smoke</title><h1>SDK smoke</h1>' +
        '<script type="module">import * as smoke from "/smoke.js"; window.smoke = smoke</script>',
    ],
    '/smoke.js': ['text/javascript', await bundleSmokeForBrowser()],
  })
}

/**
 * Runs the SDK smoke program inside headless Chromium against `baseUrl` (with `closedUrl`, where
 * nothing listens, and the quirks server): a cross-origin page, so the server's CORS answers are
 * part of what is tested.
 */
export async function runSmokeInChromium(pageOrigin: string, urls: SmokeUrls) {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    await page.goto(`${pageOrigin}/`)
    await page.waitForFunction(() => 'smoke' in window)
    const result = await page.evaluate(
      async ([url, closed, quirks]) => {
        // biome-ignore lint/suspicious/noExplicitAny: the module exists only in the page
        const { smoke } = window as any
        try {
          const { steps } = await smoke.runSdkSmoke(url, closed, quirks)
          return { ok: true, steps: steps as string[] }
        } catch (error) {
          return { ok: false, error: String(error) }
        }
      },
      [urls.baseUrl, urls.closedUrl, urls.quirksUrl],
    )
    // The user agent hides the minor version; the browser process knows it.
    return { ...result, runtime: `Chromium ${browser.version()}` }
  } finally {
    await browser.close()
  }
}
