import { describe, expect, it } from 'vitest'
import { type FetchLike, renderJunit, renderPretty, runConformance } from '../src/index.ts'
import { is, json } from './defects.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

/** Terminal control a hostile server might send: a screen clear, a title, an OSC 8 link. */
const ESCAPES =
  '\u001b[2J\u001b]0;pwned\u0007\u001b]8;;http://evil.example\u001b\\\\click\u001b]8;;\u001b\\\\\u009b31m'

describe('a hostile server', () => {
  it('cannot put terminal control into the pretty report: whatever it sent is shown escaped', async () => {
    const { fetch } = referenceApp()
    const hostile: FetchLike = async (request) =>
      is(request, 'PATCH', 'record')
        ? json({ id: 1, content: ESCAPES, completed: ESCAPES }, 200, { 'x-evil': 'y' })
        : fetch(request)
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: hostile,
      budget: { requests: 50 },
    })
    const text = renderPretty(report)
    expect(report.ok).toBe(false)
    for (const control of ['\u001b', '\u0007', '\u009b']) expect(text).not.toContain(control)
    expect(text).toContain('\\u001b]0;pwned')
  })

  it('cannot break the JUnit XML with characters XML forbids', async () => {
    const { fetch } = referenceApp()
    const hostile: FetchLike = async (request) =>
      is(request, 'GET', 'list') ? json({ '\uFFFE': '\uFFFF\u0000\uD800' }) : fetch(request)
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: hostile,
      budget: { requests: 50 },
    })
    const xml = renderJunit(report)
    expect(report.ok).toBe(false)
    // XML 1.0's Char production: tab, newline, carriage return, and U+0020 on, less surrogates
    // that pair nothing, U+FFFE and U+FFFF.
    const forbidden =
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML forbids
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
    expect(xml).not.toMatch(forbidden)
    expect(xml).toContain('\\ufffe')
  })

  it('cannot make the kit hold an endless body: the exchange fails at the cap and the run goes on', async () => {
    const { fetch } = referenceApp()
    let sent = 0
    const endless: FetchLike = async (request) => {
      if (!is(request, 'GET', 'record')) return fetch(request)
      const chunk = new TextEncoder().encode(`${'x'.repeat(65_535)}\n`)
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.byteLength
          controller.enqueue(chunk)
        },
      })
      return new Response(body, { headers: { 'content-type': 'application/json' } })
    }
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: endless,
      budget: { requests: 20 },
      timeout: 20_000,
    })
    const get = report.checks.find((check) => check.id === 'get.returns-record')
    expect(get?.status).toBe('failed')
    expect(get?.message).toMatch(/Response body over \d+ bytes: GET /)
    // Each endless body was read no further than the cap and a chunk beyond it.
    expect(sent / (get?.occurrences ?? 1)).toBeLessThan(40 * 1024 * 1024)
    expect(report.residue.map((r) => r.reason)).toEqual([])
  })
})
