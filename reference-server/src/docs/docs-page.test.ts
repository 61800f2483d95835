import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { DOCS_SCRIPT_PATH, registerDocsPage } from './docs-page.ts'

describe('GET /docs', () => {
  it('loads the API reference from this server with fonts and telemetry off', async () => {
    const response = await createApp().request('/docs')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await response.text()
    expect(html).toContain(`<script src="${DOCS_SCRIPT_PATH}">`)
    expect(html).toContain("url: '/openapi.json'")
    expect(html).toContain('withDefaultFonts: false')
    expect(html).not.toMatch(/https?:\/\//)
  })

  it('forbids the page to connect or load fonts anywhere but this server', async () => {
    const policy = (await createApp().request('/docs')).headers.get('content-security-policy')
    expect(policy).toContain("connect-src 'self'")
    expect(policy).toContain("font-src 'self' data:")
    expect(policy).toContain("default-src 'self'")
  })

  it('serves Scalar’s standalone bundle from the installed package', async () => {
    const response = await createApp().request(DOCS_SCRIPT_PATH)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/javascript/)
    const installed = createRequire(import.meta.url).resolve(
      '@scalar/api-reference/browser/standalone.js',
    )
    expect(await response.text()).toBe(await readFile(installed, 'utf8'))
  })
})

describe('GET /docs without @scalar/api-reference installed', () => {
  const app = new Hono()
  registerDocsPage(app, async () => undefined)

  it('is a page that says how to install it and where the OpenAPI document is', async () => {
    const response = await app.request('/docs')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await response.text()
    expect(html).toContain('npm install @scalar/api-reference')
    expect(html).toContain('<a href="/openapi.json">')
    expect(html).not.toContain(DOCS_SCRIPT_PATH)
  })

  it('answers the script with a 404 problem that says the same, never a 5xx', async () => {
    const response = await app.request(DOCS_SCRIPT_PATH)
    expect(response.status).toBe(404)
    expect((await response.json()).detail).toBe(
      'The API reference needs @scalar/api-reference, which is not installed: npm install @scalar/api-reference',
    )
  })
})
