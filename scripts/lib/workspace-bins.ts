import { mkdirSync, readFileSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { PUBLISHED } from './pack.ts'
import { fromRoot } from './paths.ts'

/**
 * Links the published packages' bins (`todokit-server`, `todokit-conformance`) into `dir`, for a
 * PATH that runs them as an installed package would. node_modules/.bin cannot be relied on: a
 * fresh `npm ci` links no workspace bin whose dist/ file was not built yet.
 */
export function linkWorkspaceBins(dir: string): void {
  mkdirSync(dir, { recursive: true })
  for (const folder of Object.keys(PUBLISHED)) {
    const manifest = JSON.parse(readFileSync(fromRoot(folder, 'package.json'), 'utf8')) as {
      bin?: Record<string, string>
    }
    for (const [name, target] of Object.entries(manifest.bin ?? {})) {
      symlinkSync(fromRoot(folder, target), join(dir, name))
    }
  }
}
