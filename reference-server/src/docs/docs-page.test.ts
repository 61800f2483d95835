import { endpoints } from '@todokit/sdk/contract'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { registerDocsPage } from './docs-page.ts'

const page = async (app: Hono = createApp()) => {
  const response = await app.request('/docs')
  return { response, html: await response.text() }
}

const ids = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1])

describe('GET /docs', () => {
  it('shows every operation of the document with each of its responses, under anchors', async () => {
    const { response, html } = await page()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const served = await (await createApp().request('/openapi.json')).json()
    const shown = ids(html)
    for (const operations of Object.values<
      Record<string, { operationId: string; responses: object }>
    >(served.paths)) {
      for (const { operationId, responses } of Object.values(operations)) {
        expect(shown).toContain(operationId)
        for (const status of Object.keys(responses))
          expect(shown).toContain(`${operationId}-${status}`)
      }
    }
    for (const { summary } of Object.values(endpoints)) expect(html).toContain(summary)
    for (const name of Object.keys(served.components.schemas))
      expect(shown).toContain(`schema-${name}`)
    for (const name of Object.keys(served.components.responses))
      expect(shown).toContain(`response-${name}`)
  })

  it('links only to anchors the page has, and to /openapi.json', async () => {
    const { html } = await page()
    const targets = [...html.matchAll(/ href="([^"]+)"/g)].map((match) => match[1])
    expect(targets).toContain('#schema-TodoCreate')
    expect(targets).toContain('#response-Status404')
    const shown = new Set(ids(html))
    for (const target of targets) {
      if (target !== '/openapi.json') expect(shown.has(target?.slice(1)), target).toBe(true)
    }
  })

  it('runs no script and lets the browser load nothing but its own nonce-bearing style', async () => {
    const { response, html } = await page()
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/^default-src 'none'; style-src 'nonce-[\w+/=]+';/)
    expect(policy).toContain("frame-ancestors 'none'")
    const nonce = policy.match(/'nonce-([^']+)'/)?.[1]
    expect(html).toContain(`<style nonce="${nonce}">`)
    expect(html).not.toMatch(/<script|https?:\/\//)
  })

  it('escapes what the document says, so no text of it becomes markup', async () => {
    const app = new Hono()
    const hostile = '<img src=x onerror=alert(1)>"'
    app.get('/openapi.json', (c) =>
      c.json({
        info: { title: hostile, version: '1', description: `\`${hostile}\`` },
        paths: {
          '/x': {
            get: {
              operationId: 'x"><b>',
              summary: hostile,
              description: hostile,
              responses: {
                '200': { description: hostile, content: { 'text/plain': { example: hostile } } },
              },
            },
          },
        },
        components: { schemas: { [hostile]: { description: hostile } }, responses: {} },
      }),
    )
    registerDocsPage(app)
    const { response, html } = await page(app)
    expect(response.status).toBe(200)
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<b>')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;')
  })

  it('keeps no failure: a request after the document could not be read renders the page', async () => {
    const app = new Hono()
    let valid = false
    app.get('/openapi.json', (c) =>
      c.json(
        valid
          ? {
              info: { title: 't', version: '1', description: '' },
              paths: {},
              components: { schemas: {}, responses: {} },
            }
          : {},
      ),
    )
    registerDocsPage(app)
    expect((await app.request('/docs')).status).toBe(500)
    valid = true
    expect((await page(app)).html).toContain('<h1>t 1</h1>')
  })
})
