import SwaggerParser from '@apidevtools/swagger-parser'
import { endpoints } from '@todokit/sdk/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, listen, type RunningServer } from '../src/index.ts'

let server: RunningServer
// biome-ignore lint/suspicious/noExplicitAny: the test walks the JSON document freely
let document: any
const validate = (api: unknown) =>
  SwaggerParser.validate(api as Parameters<typeof SwaggerParser.validate>[0])

beforeAll(async () => {
  server = await listen(createApp(), { port: 0 })
  const response = await fetch(`${server.url}/openapi.json`)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  document = await response.json()
})
afterAll(() => server.close())

describe('the /openapi.json the reference server serves', () => {
  it('is a valid OpenAPI 3.1 document for @apidevtools/swagger-parser', async () => {
    expect(document.openapi).toMatch(/^3\.1\./)
    // validate() dereferences in place, so it gets a copy.
    await expect(validate(structuredClone(document))).resolves.toBeTruthy()
  })

  it('describes every row of the contract’s endpoint table with its success statuses', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]
      expect(operation?.operationId, name).toBe(endpoint.operationId)
      const statuses = Object.keys(operation.responses).map(Number)
      expect(
        endpoint.success.some((status) => statuses.includes(status)),
        name,
      ).toBe(true)
    }
  })

  it('names its server relative to itself, so no request header can point clients elsewhere', () => {
    expect(document.servers).toEqual([{ url: '/' }])
  })

  it('is rejected by the validator when broken, so the check above can fail', async () => {
    const broken = structuredClone(document)
    broken.paths['/todos'].get.responses = 'none'
    await expect(validate(broken)).rejects.toThrow()
  })
})
