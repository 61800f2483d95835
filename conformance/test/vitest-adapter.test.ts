import { describeConformance } from '@todokit/conformance/vitest'
import { afterAll, expect, vi } from 'vitest'
import { idReusingServer } from './id-reusing-server.ts'
import { type RunningJsonServer, startJsonServer } from './json-server.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

// The adapter as a server project uses it: one vitest test per check.
const reference = referenceApp()
describeConformance(
  { baseUrl: IN_PROCESS_URL, fetch: reference.fetch, capabilities: 'all', strict: true },
  'the reference server, in process',
)

// A server started in beforeAll: options come from a function. json-server has no `order`, so
// the sort tests are marked skipped (informational) rather than failing the run.
const DATA = { todos: [{ id: 1, content: 'kept', completed: false }] }
let jsonServer: RunningJsonServer | undefined
describeConformance(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  jsonServer = await startJsonServer(structuredClone(DATA))
  // Its real defects (it stores bodies as sent, unvalidated) are left out here: the adapter is
  // under test, not json-server; json-server.test.ts shows them.
  return {
    baseUrl: jsonServer.url,
    capabilities: ['filter', 'search'],
    skip: ['create.without-completed', 'todo.stays-complete', 'bad-request.non-integer-id'],
  }
}, 'json-server 0.17.4')

// A server that reuses ids while another client writes: delete-twice cannot decide safely and
// is marked skipped with its reason, not failed.
const reusing = idReusingServer('lowest-free', { foreignWriter: true })
describeConformance(
  { baseUrl: IN_PROCESS_URL, fetch: reusing.fetch, capabilities: 'all', strict: true },
  'a server that reuses ids, with another client writing',
)

afterAll(async () => {
  expect([...reference.store]).toEqual([])
  expect(reusing.list()).toEqual(expect.arrayContaining(reusing.foreign))
  expect(reusing.list()).toHaveLength(reusing.foreign.length)
  expect(jsonServer?.state()).toEqual(DATA)
  await jsonServer?.close()
})
