import { fileURLToPath } from 'node:url'

/** The repository root, whatever the working directory of the process. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** A path inside the repository. */
export function fromRoot(...segments: string[]): string {
  return [ROOT.replace(/\/$/, ''), ...segments].join('/')
}

/** Binaries installed at the root: Node 24 (the pin) runs every todokit script. */
export const bin = (name: string) => fromRoot('node_modules', '.bin', name)
