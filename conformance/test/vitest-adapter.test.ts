import { describeConformance } from '@todokit/conformance/vitest'
import { createApp, MemoryStore } from '@todokit/reference-server'
import { afterAll, expect, vi } from 'vitest'
import { rules } from '../src/index.ts'
import { idReusingServer } from './id-reusing-server.ts'
import { type RunningJsonServer, startJsonServer } from './json-server.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

// The adapter as a server project uses it: one vitest test per rule.
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
  // Its real defects (it stores bodies as sent, unvalidated, and fails every create once it
  // holds an id near 2^53) are left out here: the adapter is under test, not json-server;
  // json-server.test.ts shows them.
  return {
    baseUrl: jsonServer.url,
    capabilities: ['filter', 'search'],
    skip: ['todo.fields', 'write.wrong-types', 'create.answers-stored', 'errors.client-mistakes'],
  }
}, 'json-server 0.17.4')

// A server that reuses ids while another client writes: a freed id may hold someone else's
// record, which the run reads but never writes to.
const reusing = idReusingServer('lowest-free', { foreignWriter: true })
describeConformance(
  { baseUrl: IN_PROCESS_URL, fetch: reusing.fetch, capabilities: 'all', strict: true },
  'a server that reuses ids, with another client writing',
)

// A read-only run kept to the rules reads can judge: each holds on the records already there.
const HELD = [
  { id: 1, content: 'Buy milk', completed: false },
  { id: 2, content: 'walk the dog', completed: true },
  { id: 3, content: '50% & more', completed: false },
]
const readOnlyStore = new MemoryStore(HELD)
const readOnlyApp = createApp({ store: readOnlyStore, onError: () => {} })
describeConformance(
  {
    baseUrl: IN_PROCESS_URL,
    // Writes are refused: without readOnly reaching the run, no record could be read back.
    fetch: (request) =>
      request.method === 'GET'
        ? readOnlyApp.fetch(request)
        : Response.json({ title: 'Method Not Allowed' }, { status: 405 }),
    capabilities: 'all',
    strict: true,
    readOnly: true,
    only: rules.filter((rule) => rule.readsAlone).map((rule) => rule.id),
  },
  'a server whose data may not change, read-only',
)

afterAll(async () => {
  expect([...reference.store]).toEqual([])
  expect([...readOnlyStore]).toEqual(HELD)
  expect(reusing.list()).toEqual(expect.arrayContaining(reusing.foreign))
  expect(reusing.list()).toHaveLength(reusing.foreign.length)
  expect(jsonServer?.state()).toEqual(DATA)
  await jsonServer?.close()
})
