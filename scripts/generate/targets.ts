import { OPENAPI_TYPES_PATH, renderOpenApiTypes } from './openapi-types.ts'

/** A file the repository keeps generated from another source of truth. */
export interface GeneratedFile {
  /** Path relative to the repository root. */
  path: string
  /** What the file must contain. */
  render(): Promise<string>
}

/** Every generated file; `npm run docs:generate` writes them and a test fails when one is stale. */
export const GENERATED_FILES: GeneratedFile[] = [
  { path: OPENAPI_TYPES_PATH, render: renderOpenApiTypes },
]
