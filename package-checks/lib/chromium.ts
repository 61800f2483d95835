import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium: playwright-core drives it (it cannot download a browser build here). */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/**
 * Why browser tests must be skipped, or `undefined` when they run. They skip only on a
 * developer's machine without Chromium; in CI (`CI=true`) they always run, and fail loudly if
 * `.ci/run` did not install the browser.
 */
export function chromiumSkipReason(
  installed = existsSync(CHROMIUM_PATH),
  ci = process.env.CI === 'true',
): string | undefined {
  if (installed || ci) return undefined
  return `skipped: ${CHROMIUM_PATH} is absent (install it with: apt-get install chromium)`
}

// Without the background-networking flags Chromium's own connections are refused here and slow
// every page.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Headless Chromium. Playwright gives every launch a fresh temporary profile (its own
 * --user-data-dir) and removes it on close, so runs never share state.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS })
}
