import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fromRoot } from '../../../scripts/lib/paths.ts'
import { type CodeBlock, type Example, examplesOf, extractBlocks } from './extract.ts'

/** The URL the docs' examples use; the runner swaps in the live server's. */
export const DOCS_BASE_URL = 'http://127.0.0.1:3000'

/** Where the extracted examples are written (ignored by git). */
export const EXAMPLES_DIR = fromRoot('docs', '.examples')

/**
 * Every docs page, relative to the repository root: the READMEs' commands and examples (the
 * repository's and each published package's) are examples too.
 */
export function docsPages(): string[] {
  const guides = readdirSync(fromRoot('docs'))
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => `docs/${file}`)
  const packageReadmes = PUBLISHED_PACKAGES.map((folder) => `${folder}/README.md`)
  return ['README.md', ...packageReadmes, ...guides]
}

/** The folders of the packages published to npm, whose READMEs users read first. */
const PUBLISHED_PACKAGES = ['sdk', 'reference-server', 'conformance']

/** Every fenced block of every docs page. */
export function docsBlocks(): CodeBlock[] {
  return docsPages().flatMap((page) => extractBlocks(page, readFileSync(fromRoot(page), 'utf8')))
}

/** A file name for an example: `sdk.md:42` → `sdk-42`. */
export function slug(example: Example): string {
  return example.name.replace(/\.md:/, '-').replaceAll('/', '-')
}

/** The file an example is type-checked as (and, for vitest examples, run as). */
export function exampleFile(example: Example): string {
  const suffix = example.block.flags.includes('vitest') ? '.test.ts' : '.ts'
  return join(EXAMPLES_DIR, `${slug(example)}${suffix}`)
}

/**
 * Writes every TypeScript example into docs/.examples with a tsconfig that extends the
 * repository's, so tsc checks them against the workspace sources (`@todokit/source`).
 */
export function writeExamples(): Example[] {
  const examples = examplesOf(docsBlocks())
  rmSync(EXAMPLES_DIR, { recursive: true, force: true })
  mkdirSync(join(EXAMPLES_DIR, 'live'), { recursive: true })
  writeFileSync(
    join(EXAMPLES_DIR, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../tsconfig.json',
      compilerOptions: { noEmit: true, types: ['node'] },
      include: ['*.ts'],
    }),
  )
  for (const example of examples) {
    if (example.block.lang !== 'ts') continue
    // `export {}` keeps each example a module of its own (top-level await, no shared names).
    writeFileSync(exampleFile(example), `${example.block.code}export {}\n`)
  }
  return examples
}

/** The example with the docs' base URL replaced by a live server's. */
export function againstServer(text: string, baseUrl: string): string {
  return text.replaceAll(DOCS_BASE_URL, baseUrl)
}
