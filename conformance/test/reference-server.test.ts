import { listen, type RunningServer } from '@todokit/reference-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConformanceReport, rules, runConformance } from '../src/index.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

function failures(report: ConformanceReport) {
  return report.checks
    .filter((check) => check.status !== 'passed')
    .map((check) => `${check.id}: ${check.message}`)
}

describe('the reference server', () => {
  const { store, fetch } = referenceApp()
  let server: RunningServer

  beforeAll(async () => {
    server = await listen({ fetch: fetch }, { port: 0 })
  })
  afterAll(() => server.close())

  it('holds every rule over real HTTP, with all capabilities and strict', async () => {
    const report = await runConformance({
      baseUrl: server.url,
      capabilities: 'all',
      strict: true,
    })
    console.log(`default run over HTTP: ${report.requests} requests in ${report.durationMs} ms`)
    expect(failures(report)).toEqual([])
    expect(report.summary).toEqual({ passed: rules.length, failed: 0, skipped: 0 })
    expect(report.verdict).toBe('pass')
    expect(report.ok).toBe(true)
    expect(report.residue).toEqual([])
    expect([...store]).toEqual([])
    // The default run, exploration included, while other test files load the machine.
  }, 60_000)

  it('holds every rule in process, through the fetch option', async () => {
    const inProcess = referenceApp()
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: inProcess.fetch,
      capabilities: 'all',
      strict: true,
    })
    console.log(`default run in process: ${report.requests} requests in ${report.durationMs} ms`)
    expect(failures(report)).toEqual([])
    expect([...inProcess.store]).toEqual([])
  })

  it('leaves records that were there before untouched', async () => {
    const inProcess = referenceApp()
    const before = { content: 'Someone else’s todo', completed: true }
    const post = await inProcess.fetch(
      new Request(`${IN_PROCESS_URL}/todos`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(before),
      }),
    )
    const existing = await post.json()
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: inProcess.fetch,
      capabilities: 'all',
    })
    expect(report.ok).toBe(true)
    expect([...inProcess.store]).toEqual([existing])
  })

  it('sends the headers option with every request', async () => {
    const inProcess = referenceApp()
    const seen: Array<string | null> = []
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: (request) => {
        seen.push(request.headers.get('authorization'))
        return inProcess.fetch(request)
      },
      headers: { authorization: 'Bearer secret' },
      only: ['list.*', 'create.*'],
    })
    expect(report.ok).toBe(true)
    expect(seen.length).toBeGreaterThan(5)
    expect(new Set(seen)).toEqual(new Set(['Bearer secret']))
  })
})
