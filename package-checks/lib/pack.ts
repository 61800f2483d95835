import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { ROOT } from '../../scripts/lib/paths.ts'

/** The workspaces todokit publishes, by folder. */
export const PUBLISHED = {
  sdk: '@todokit/sdk',
  'reference-server': '@todokit/reference-server',
  conformance: '@todokit/conformance',
} as const

export type PublishedFolder = keyof typeof PUBLISHED

/** A packed tarball and the files npm put in it. */
export interface Packed {
  name: string
  tarball: string
  files: string[]
}

/**
 * Packs every published workspace with `npm pack` (what `npm publish` would upload, its
 * `prepack` copying in the guides the README links to) into `destination`, after the packages
 * were built.
 */
export function packPublished(destination: string): Record<PublishedFolder, Packed> {
  const folders = Object.keys(PUBLISHED) as PublishedFolder[]
  const output = execFileSync(
    'npm',
    [
      'pack',
      '--json',
      '--pack-destination',
      destination,
      ...folders.flatMap((folder) => ['-w', folder]),
    ],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const results = JSON.parse(output) as Array<{
    name: string
    filename: string
    files: Array<{ path: string }>
  }>
  const packed = {} as Record<PublishedFolder, Packed>
  for (const folder of folders) {
    const result = results.find((entry) => entry.name === PUBLISHED[folder])
    if (!result) throw new Error(`npm pack produced no tarball for ${PUBLISHED[folder]}`)
    packed[folder] = {
      name: result.name,
      tarball: join(destination, result.filename),
      files: result.files.map((file) => file.path),
    }
  }
  return packed
}
