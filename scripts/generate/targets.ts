import { RULES_PAGE_PATH, renderRulesPage } from '../../conformance/scripts/rules-page.ts'
import {
  BENCHMARKS_CHART_PATH,
  BENCHMARKS_PAGE_PATH,
  renderBenchmarksChart,
  renderBenchmarksPage,
} from './benchmarks.ts'
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
  { path: RULES_PAGE_PATH, render: renderRulesPage },
  { path: BENCHMARKS_PAGE_PATH, render: renderBenchmarksPage },
  { path: BENCHMARKS_CHART_PATH, render: renderBenchmarksChart },
]
