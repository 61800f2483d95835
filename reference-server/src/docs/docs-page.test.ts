import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { DOCS_SCRIPT_PATH } from './docs-page.ts'

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
