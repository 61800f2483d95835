import { createApp, listen, MemoryStore, type RunningServer } from '@todokit/reference-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../src/cli/main.ts'
import { createHttpClient } from '../src/http/client.ts'
import {
  type ConformanceOptions,
  type ConformanceReport,
  type FetchLike,
  rules,
  runConformance,
} from '../src/index.ts'
import { EDGE_CONTENTS } from '../src/scenarios.ts'
import { editJson, is, json, pathId, withQuery } from './defects.ts'
import { IN_PROCESS_URL } from './servers.ts'

/** Records a server holds before a read-only run: plain, edge contents, and ids of several lengths. */
const SEED = [
  ...['Buy milk', 'walk the dog', 'Write the report', 'alpha Beta', 'Épée alpha'].map(
    (content, i) => ({ id: i + 1, content, completed: i % 2 === 0 }),
  ),
  ...EDGE_CONTENTS.map((content, i) => ({ id: 100 + i, content, completed: i % 3 === 0 })),
  { id: 2 ** 31 - 1, content: 'a large id', completed: false },
]

/** A reference server holding {@link SEED}, in process. */
function seeded(todos = SEED): { store: MemoryStore; fetch: FetchLike } {
  const store = new MemoryStore(todos)
  const app = createApp({ store, onError: () => {} })
  return { store, fetch: (request) => app.fetch(request) }
}

const readOnly = (fetch: FetchLike, options: Partial<ConformanceOptions> = {}) =>
  runConformance({
    baseUrl: IN_PROCESS_URL,
    fetch,
    capabilities: 'all',
    strict: true,
    readOnly: true,
    timeout: 2_000,
    ...options,
  })

const withStatus = (report: ConformanceReport, status: string) =>
  report.checks.filter((check) => check.status === status).map((check) => check.id)
const counted = (report: ConformanceReport) =>
  report.checks.filter((check) => check.status === 'failed' && check.counted).map((c) => c.id)
const readRules = rules.filter((rule) => rule.readsAlone).map((rule) => rule.id)
const writeRules = rules.filter((rule) => !rule.readsAlone).map((rule) => rule.id)

describe('a read-only run', () => {
  it('throws before a write leaves the client, and sends nothing', async () => {
    const sent: string[] = []
    const http = createHttpClient({
      baseUrl: IN_PROCESS_URL,
      fetch: (request) => {
        sent.push(request.method)
        return json([])
      },
      headers: {},
      timeout: 1_000,
      readOnly: true,
    })
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      await expect(http.request(method, '/todos/1', { json: {} })).rejects.toThrow(
        `A read-only run tried to send ${method} /todos/1`,
      )
    await http.request('GET', '/todos')
    await http.request('HEAD', '/todos')
    await http.request('OPTIONS', '/todos')
    expect(sent).toEqual(['GET', 'HEAD', 'OPTIONS'])
  })

  describe('against a server that refuses every write with 405', () => {
    const methods = new Set<string>()
    const { fetch } = seeded()
    let server: RunningServer

    beforeAll(async () => {
      server = await listen(
        {
          fetch: (request) => {
            methods.add(request.method)
            return ['GET', 'HEAD', 'OPTIONS'].includes(request.method)
              ? fetch(request)
              : json({ title: 'Method Not Allowed' }, 405)
          },
        },
        { port: 0 },
      )
    })
    afterAll(() => server.close())

    it('sends only GET, HEAD and OPTIONS, and exits 1 PARTIAL naming the rules that need a write', async () => {
      let stdout = ''
      const code = await runCli([server.url, '--read-only', '--capabilities', 'all'], {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: () => {} },
        env: {},
      })
      expect([...methods].every((method) => ['GET', 'HEAD', 'OPTIONS'].includes(method))).toBe(true)
      expect(methods.has('GET')).toBe(true)
      expect(code).toBe(1)
      expect(stdout).toMatch(
        /PARTIAL .* counted rule\(s\) could not be judged, \d+ of them need a write, which --read-only/,
      )
      for (const id of ['create.answers-stored', 'patch.keeps-unsent', 'delete.removes'])
        expect(stdout).toContain(`? ${id}: needs a write`)
      expect(stdout).toContain('Read-only: the run sent only GET, HEAD and OPTIONS')
    })

    it('records in the JSON report that the run was read-only', async () => {
      let stdout = ''
      await runCli([server.url, '--read-only', '--reporter', 'json'], {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: () => {} },
        env: {},
      })
      const report = JSON.parse(stdout) as ConformanceReport
      expect(report.readOnly).toBe(true)
      expect(report.verdict).toBe('partial')
      expect(report.ok).toBe(false)
      const unjudged = report.checks.filter((check) => check.message?.startsWith('needs a write'))
      expect(unjudged.map((check) => check.id)).toEqual(writeRules)
    })
  })

  describe('against the reference server holding records, edge contents among them', () => {
    it('judges every read rule, finds each held, and changes nothing', async () => {
      const { store, fetch } = seeded()
      const before = structuredClone([...store])
      const report = await readOnly(fetch)
      expect(withStatus(report, 'failed')).toEqual([])
      expect(withStatus(report, 'passed').sort()).toEqual(readRules.sort())
      expect(withStatus(report, 'skipped')).toEqual(writeRules)
      expect([...store]).toEqual(before)
      expect(report.verdict).toBe('partial')
      expect(report.ok).toBe(false)
      expect(report.readOnly).toBe(true)
      expect(report.residue).toEqual([])
      expect(report.observed.idType).toBe('integer')
    })

    it('can pass when --only keeps to the rules reads judge', async () => {
      const report = await readOnly(seeded().fetch, { only: readRules })
      expect(withStatus(report, 'failed')).toEqual([])
      expect(report.ok).toBe(true)
    })
  })

  describe('finds read defects on the data already there', () => {
    const check = (defect: (inner: FetchLike) => FetchLike) => readOnly(defect(seeded().fetch))

    it('a filter that ignores its value fails filter.matches', async () => {
      const report = await check(
        (inner) => (request) =>
          is(request, 'GET', 'list') && !new URL(request.url).searchParams.has('limit')
            ? inner(withQuery(request, (query) => query.delete('completed')))
            : inner(request),
      )
      expect(counted(report)).toEqual(['filter.matches'])
    })

    it('a sort that lists content descending fails sort.ascending', async () => {
      const report = await check((inner) => async (request) => {
        const order = new URL(request.url).searchParams.get('order')
        const response = await inner(request)
        return is(request, 'GET', 'list') && order === 'content'
          ? editJson(response, (body) => (Array.isArray(body) ? body.reverse() : body))
          : response
      })
      expect(counted(report)).toEqual(['sort.ascending'])
    })

    it('a record by id that differs from its list entry fails get.returns-record', async () => {
      const report = await check((inner) => async (request) => {
        const response = await inner(request)
        return is(request, 'GET', 'record') && pathId(request) === '3'
          ? editJson(response, (body) => ({ ...(body as object), content: 'not what was listed' }))
          : response
      })
      expect(counted(report)).toEqual(['get.returns-record'])
      const failure = report.checks.find((c) => c.id === 'get.returns-record')
      expect(failure?.message).toContain('where GET /todos showed "Write the report"')
    })

    it('a paged walk that repeats a record fails paging.walk', async () => {
      const report = await check((inner) => async (request) => {
        const response = await inner(request)
        if (!is(request, 'GET', 'list') || !new URL(request.url).searchParams.has('cursor'))
          return response
        const [first] = (await (await inner(new Request(`${IN_PROCESS_URL}/todos`))).json()) as [
          unknown,
        ]
        return editJson(response, (body) =>
          Array.isArray(body) && body.length > 0 ? [first, ...body.slice(1)] : body,
        )
      })
      expect(counted(report)).toEqual(['paging.walk'])
      expect(report.checks.find((c) => c.id === 'paging.walk')?.message).toMatch(
        /returned todo 1 \d+ times/,
      )
    })
  })

  it('on an empty server leaves the rules that need records unjudged, not failed', async () => {
    const { store, fetch } = seeded([])
    const report = await readOnly(fetch)
    expect(withStatus(report, 'failed')).toEqual([])
    for (const id of [
      'errors.client-mistakes',
      'get.returns-record',
      'todo.fields',
      'filter.matches',
      'sort.ascending',
      'paging.walk',
    ]) {
      const check = report.checks.find((c) => c.id === id)
      expect(check?.status).toBe('skipped')
      expect(check?.message).toMatch(/listed no well-typed record/)
    }
    expect(report.verdict).toBe('partial')
    expect([...store]).toEqual([])
  })
})
