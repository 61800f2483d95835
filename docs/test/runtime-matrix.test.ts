import { describe, expect, it } from 'vitest'
import { formatMatrix, runMatrix } from '../../scripts/matrix/run-matrix.ts'

describe('the runtime matrix', () => {
  it('runs the SDK in Node 22, Node 24, Bun, Deno and Chromium, and the server under Bun and Deno', async () => {
    const rows = await runMatrix()
    console.log(`runtime matrix\n${formatMatrix(rows)}`)
    expect(rows.map((row) => `${row.client.split('.')[0]} → ${row.server.split('.')[0]}`)).toEqual([
      'Node 22 → Node 24',
      'Node 24 → Node 24',
      'Bun 1 → Node 24',
      'Deno 2 → Node 24',
      'Chromium 156 → Node 24',
      'Node 24 → Bun 1',
      'todokit-conformance (Node 24 → Bun 1',
      'Node 24 → Deno 2',
      'todokit-conformance (Node 24 → Deno 2',
    ])
    expect(rows.filter((row) => !row.ok)).toEqual([])
  }, 300_000)
})
