import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumSkipReason, launchChromium } from '../../scripts/lib/chromium.ts'
import { createApp } from '../src/app.ts'
import { listen, type RunningServer } from '../src/http/listen.ts'

const skip = chromiumSkipReason()

describe.skipIf(skip !== undefined)('the /docs page in Chromium', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await listen(createApp(), { port: 0 })
  })
  afterAll(() => server?.close())

  it('renders the operations while contacting nothing but this server', async () => {
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      const elsewhere: string[] = []
      const violations: string[] = []
      page.on('request', (request) => {
        const url = request.url()
        if (!url.startsWith(server.url) && !/^(data|blob):/.test(url)) elsewhere.push(url)
      })
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text())
      })
      await page.goto(`${server.url}/docs`)
      await page.getByText('Change part of a todo').first().waitFor({ timeout: 20_000 })
      expect(elsewhere).toEqual([])
      expect(violations).toEqual([])
    } finally {
      await browser.close()
    }
  }, 40_000)
})
