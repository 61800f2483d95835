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

type Document = {
  paths: Record<string, Record<string, { operationId: string; summary: string; responses: object }>>
}

describe.skipIf(skip)('the /docs API reference in headless Chromium', () => {
  let server: RunningServer
  let browser: Browser
  let page: Page
  let served: Document
  const requested: string[] = []
  const offline: string[] = []
  const errors: string[] = []

  beforeAll(async () => {
    server = await listen(createApp(), { port: 0 })
    served = await (await fetch(`${server.url}/openapi.json`)).json()
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    // No internet: every request that is not for the server under test is refused and noted.
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url())
      if (url.origin !== server.url) {
        offline.push(url.href)
        return route.abort('internetdisconnected')
      }
      requested.push(url.pathname)
      return route.continue()
    })
    // A Content-Security-Policy violation is reported on the console as an error too.
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${server.url}/docs`, { waitUntil: 'load' })
    mkdirSync(SCREENSHOTS, { recursive: true })
    await page.screenshot({ path: `${SCREENSHOTS}/api-reference.png` })
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  const operations = () =>
    Object.entries(served.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method, path, ...operation })),
    )

  it('shows every operation of the OpenAPI document, the contract’s six among them', async () => {
    expect(operations().length).toBeGreaterThanOrEqual(Object.keys(endpoints).length)
    for (const { method, path, summary, operationId } of operations()) {
      const heading = page.locator(`[id="${operationId}"] h2`)
      await expect
        .poll(() => heading.innerText())
        .toBe(`${method.toUpperCase()} ${path} · ${summary}`)
      expect(await heading.isVisible()).toBe(true)
    }
    const shown = operations().map(({ operationId }) => operationId)
    for (const { operationId } of Object.values(endpoints)) expect(shown).toContain(operationId)
  })

  it('shows every response of every operation, with its description', async () => {
    for (const { operationId, responses } of operations()) {
      for (const status of Object.keys(responses)) {
        const term = page.locator(`[id="${operationId}-${status}"]`)
        expect(await term.innerText(), `${operationId} ${status}`).toMatch(new RegExp(`^${status}`))
        const description = term.locator('xpath=following-sibling::dd[1]')
        expect((await description.innerText()).trim(), `${operationId} ${status}`).not.toBe('')
      }
    }
  })

  it('leads every in-page link to what it names, and a click there', async () => {
    const broken = await page.$$eval('a[href^="#"]', (links) =>
      links
        .map((link) => link.getAttribute('href') ?? '')
        .filter((href) => document.getElementById(href.slice(1)) === null),
    )
    expect(broken).toEqual([])
    // From the contents to an operation, from its request body to the schema, from a shared
    // answer to the problem it is.
    for (const [from, to] of [
      ['nav a[href="#updateTodo"]', 'updateTodo'],
      ['[id="createTodo"] a[href="#schema-TodoCreate"]', 'schema-TodoCreate'],
      ['[id="getTodo"] a[href="#response-Status404"]', 'response-Status404'],
    ] as const) {
      const inView = () =>
        page.locator(`[id="${to}"]`).evaluate((node) => {
          const { top, bottom } = node.getBoundingClientRect()
          return bottom > 0 && top < window.innerHeight
        })
      expect(await inView(), `${to} before the click`).toBe(false)
      await page.locator(from).first().click()
      expect(new URL(page.url()).hash).toBe(`#${to}`)
      expect(await inView(), `${to} after the click`).toBe(true)
    }
    await page.screenshot({ path: `${SCREENSHOTS}/api-reference-problem.png` })
  })

  it('fetches nothing but the page itself: no script, font or request off the server', () => {
    expect(offline).toEqual([])
    expect(requested.filter((path) => path !== '/favicon.ico')).toEqual(['/docs'])
  })

  it('logs no error to the console, a Content-Security-Policy violation included', () => {
    expect(errors).toEqual([])
  })
})
