import { fileURLToPath } from 'node:url'

/** The Bun targets the standalone executable is built for, one release asset each. */
export const TARGETS: readonly string[] = [
  'bun-linux-x64',
  'bun-linux-arm64',
  'bun-linux-x64-musl',
  'bun-linux-arm64-musl',
  'bun-darwin-x64',
  'bun-darwin-arm64',
  'bun-windows-x64',
]

/**
 * Where the executable for a Bun target lands, named for its platform.
 *
 * @example
 * binaryPath('bun-linux-x64') // → '…/conformance/binaries/todokit-conformance-linux-x64'
 * binaryPath('bun-windows-x64') // → '…/conformance/binaries/todokit-conformance-windows-x64.exe'
 */
export function binaryPath(target: string): string {
  const platform = target.replace(/^bun-/, '')
  const name = `todokit-conformance-${platform}${platform.startsWith('windows') ? '.exe' : ''}`
  return fileURLToPath(new URL(`../binaries/${name}`, import.meta.url))
}

/** The Bun target of a machine, or `undefined` when Bun builds no executable for it. */
export function hostTarget(host: {
  platform: NodeJS.Platform
  arch: string
  musl: boolean
}): string | undefined {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'windows' }[host.platform as string]
  const target = `bun-${os}-${host.arch}${host.musl ? '-musl' : ''}`
  return TARGETS.includes(target) ? target : undefined
}
