import { describe, expect, it } from 'vitest'
import { runConformance } from '../src/index.ts'
import { type IdReuse, idReusingServer } from './id-reusing-server.ts'
import { IN_PROCESS_URL } from './servers.ts'

const POLICIES: IdReuse[] = ['highest-plus-one', 'lowest-free']
const RUNS = 5

describe.each(POLICIES)('a correct server that reuses ids (%s)', (reuse) => {
  it('passes every required check, run after run', async () => {
    for (let run = 0; run < RUNS; run++) {
      const server = idReusingServer(reuse)
      const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch: server.fetch })
      const required = report.checks.filter((check) => check.level === 'required')
      expect(
        required.filter((c) => c.status !== 'passed').map((c) => `${c.id}: ${c.message}`),
      ).toEqual([])
      expect(report.residue).toEqual([])
      expect(server.list()).toEqual([])
    }
  })
})
