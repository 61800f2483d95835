import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CLIENT_BUDGET, drainFailures, REFUSED, terminateUnderLoad } from './floor/shutdown.ts'

let directory: string | undefined
afterEach(async () => {
  if (directory) await rm(directory, { recursive: true, force: true })
})

describe('SIGTERM', () => {
  it('answers every request it applied, closes keep-alive connections, refuses new ones and exits 0', async () => {
    directory = await mkdtemp(join(tmpdir(), 'todokit-shutdown-'))
    const result = await terminateUnderLoad(join(directory, 'todos.db'))
    expect(result.newConnection).toMatch(REFUSED)
    // The request half sent when the signal came is finished, and its answer closes.
    expect(result.busyStatuses).toEqual([100, 201])
    expect(result.busySaysClose).toBe(true)
    expect(result.exitCode).toBe(0)
    for (const client of result.clients) {
      // A connection busy with a request when the signal came was closed after its answer,
      // which said so; an idle one was closed at once (what it had not sent was never applied).
      expect(client.statuses.every((status) => status === 201)).toBe(true)
      expect(client.closes).toBeLessThanOrEqual(1)
      expect(client.sent).toBeLessThan(CLIENT_BUDGET)
    }
    // What the data file holds is exactly what was acknowledged: nothing applied unanswered.
    expect(result.stored).toEqual(result.acknowledged)
    expect(drainFailures(result)).toEqual([])
  }, 30_000)
})
