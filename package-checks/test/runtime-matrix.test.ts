import { describe, expect, inject, it } from 'vitest'
import { formatMatrix, runMatrix } from '../matrix/run-matrix.ts'
import { currentHost, isCiPlatform } from '../matrix/runtimes.ts'

// Every step of package-checks/matrix/sdk-smoke.js, in order: a runtime whose row passes ran them all.
const SMOKE_STEPS = [
  'create',
  '409 error',
  'get',
  'list',
  'replace',
  'update',
  'hook reads ETag',
  '412 error',
  'delete',
  '404 error',
  'abort',
  'network error',
  'timeout',
  'validation error',
  'retry 503',
  'no POST retry',
  'body over the cap',
  'length over the cap',
  'gzip bomb',
  'redirect to another origin',
  'redirect on the same origin',
  'Retry-After beyond the cap',
  'paging loop',
  'accepts problem details',
].join(', ')

describe('the runtime matrix', () => {
  it('runs the SDK in Node 22, Node 24, Bun, Deno and Chromium, and the server under Bun and Deno', async () => {
    // The network-installs globalSetup installed the runtimes; runMatrix finds them in place.
    const runtimes = inject('runtimes')
    if (!runtimes.ok)
      throw new Error(`the matrix's runtimes could not be installed: ${runtimes.error}`)
    const rows = await runMatrix()
    console.log(`runtime matrix\n${formatMatrix(rows)}`)
    const cells = rows.map((row) => `${row.client} → ${row.server}`)
    // A row skipped on a host without that runtime's build names the runtime without a version.
    const expected = [
      /^Node 22(\.\S+)? → Node 24\.\S+ \(todokit-server\)$/,
      /^Node 24\.\S+ → Node 24\./,
      /^Bun( \d\S+)? → Node 24\./,
      /^Deno( \d\S+)? → Node 24\./,
      /^Chromium\b.* → Node 24\./,
      /^Node 24\.\S+ → Bun( \S+)? \(Bun\.serve\)$/,
      /^todokit-conformance \(Node 24\.\S+\) → Bun( \S+)? \(Bun\.serve\)$/,
      /^Node 24\.\S+ → Deno( \S+)? \(Deno\.serve\)$/,
      /^todokit-conformance \(Node 24\.\S+\) → Deno( \S+)? \(Deno\.serve\)$/,
    ]
    expect(cells).toHaveLength(expected.length)
    for (const [index, cell] of cells.entries()) expect(cell).toMatch(expected[index] as RegExp)
    expect(rows.filter((row) => !row.ok)).toEqual([])
    const smokeRows = rows.filter((row) => !row.skipped && !row.client.startsWith('todokit-'))
    for (const row of smokeRows) expect(row.detail, row.client).toBe(SMOKE_STEPS)
    for (const row of rows.filter((each) => each.skipped)) expect(row.detail).toMatch(/^skipped: /)
    // CI's platform has every runtime: only Chromium may skip there, and only outside CI.
    if (isCiPlatform(currentHost()))
      expect(rows.filter((row) => row.skipped && row.client !== 'Chromium')).toEqual([])
  }, 600_000)
})
