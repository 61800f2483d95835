import { mkdirSync } from 'node:fs'
import { createApp, listen, type RunningServer } from '@todokit/reference-server'
import { endpoints } from '@todokit/sdk/contract'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fromRoot } from '../../scripts/lib/paths.ts'
import { chromiumSkipReason, launchChromium } from '../lib/chromium.ts'

const skip = chromiumSkipReason()
if (skip) console.warn(`the /docs page in Chromium: ${skip}`)

const SCREENSHOTS = fromRoot('package-checks', 'screenshots')

describe.skipIf(skip)('the /docs API reference in headless Chromium', () => {
  let server: RunningServer
  let browser: Browser
  let page: Page
  const offline: string[] = []
  const reachedServer: string[] = []
  const cspViolations: string[] = []

  beforeAll(async () => {
    server = await listen(createApp(), { port: 0 })
    // A todo only this server holds: if the page shows it, its request really reached us.
    await fetch(`${server.url}/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'seen through the API reference' }),
    })
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    // No internet: every request that is not for the server under test is refused and noted.
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url())
      if (url.origin === server.url) return route.continue()
      offline.push(url.href)
      return route.abort('internetdisconnected')
    })
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text())
    })
    page.on('response', (response) => {
      if (response.url().startsWith(`${server.url}/todos`)) {
        reachedServer.push(`${response.request().method()} ${response.status()}`)
      }
    })
    await page.goto(`${server.url}/docs`)
    await page.getByText(endpoints.delete.summary).first().waitFor({ timeout: 30_000 })
    mkdirSync(SCREENSHOTS, { recursive: true })
    await page.screenshot({ path: `${SCREENSHOTS}/api-reference.png` })
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('renders with every request kept on the server (nothing fetched from the internet)', () => {
    expect(offline).toEqual([])
  })

  it('runs within the Content-Security-Policy the server sends with it', () => {
    expect(cspViolations).toEqual([])
  })

  it('shows every operation of the OpenAPI document: the six of the contract, HEAD and OPTIONS', async () => {
    const navigation = page.getByRole('button', { name: /HTTP METHOD/i })
    const labels = (await navigation.allInnerTexts()).map((text) => text.split('\n')[0])
    const document: { paths: Record<string, Record<string, { summary: string }>> } = await (
      await fetch(`${server.url}/openapi.json`)
    ).json()
    const summaries = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.summary),
    )
    expect(labels.sort()).toEqual(summaries.sort())
    for (const { summary } of Object.values(endpoints)) expect(labels).toContain(summary)
  })

  it('sends a request from its Test Request client that reaches the running server', async () => {
    await page
      .getByRole('button', { name: /Test Request/ })
      .first()
      .click()
    await page
      .getByRole('button', { name: /Send Request/ })
      .last()
      .click()
    await expect.poll(() => reachedServer, { timeout: 15_000 }).toContain('GET 200')
    await page.getByText('seen through the API reference').last().waitFor({ timeout: 15_000 })
    await page.screenshot({ path: `${SCREENSHOTS}/api-reference-request.png` })
    expect(offline).toEqual([])
  })
})
