import { createApp } from '@todokit/reference-server'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import { formatWithBiome } from '../lib/format.ts'

/** Where the types generated from `/openapi.json` live (checked against the SDK's types). */
export const OPENAPI_TYPES_PATH = 'reference-server/test/generated/openapi.ts'

/** The OpenAPI document exactly as the reference server serves it. */
export async function fetchOpenApiDocument(): Promise<OpenAPI3> {
  const response = await createApp().request('/openapi.json')
  return (await response.json()) as OpenAPI3
}

/** TypeScript types for the served document, as openapi-typescript generates them. */
export async function renderOpenApiTypes(): Promise<string> {
  // openapi-typescript's defaults, as a user of the document would run it.
  const ast = await openapiTS(await fetchOpenApiDocument())
  const header =
    '// Generated from the reference server’s /openapi.json by openapi-typescript.\n' +
    '// Do not edit: run `npm run docs:generate`.\n'
  return formatWithBiome(header + astToString(ast), OPENAPI_TYPES_PATH)
}
