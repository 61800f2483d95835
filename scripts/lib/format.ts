import { execFileSync } from 'node:child_process'
import { bin, ROOT } from './paths.ts'

/**
 * Formats generated code with the repository's Biome settings, so a generated file is exactly
 * what `biome check --write` would leave and lint never fights the generator.
 */
export function formatWithBiome(code: string, pathHint: string): string {
  return execFileSync(bin('biome'), ['format', `--stdin-file-path=${pathHint}`], {
    cwd: ROOT,
    input: code,
    encoding: 'utf8',
  })
}
