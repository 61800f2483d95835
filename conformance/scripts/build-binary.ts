// Builds the standalone `todokit-conformance` executable: dist/cli.js, the file the npm bin runs,
// compiled with Bun into one file that carries its own runtime, so a machine without Node runs
// it. Bun is the one the runtime matrix pins (package-checks/runtimes), installed the same way.
//
//   node scripts/build-binary.ts                          # this machine's platform
//   node scripts/build-binary.ts --target bun-linux-arm64 # another one (Bun fetches its runtime)
//
// The file lands in binaries/, named for its platform: todokit-conformance-linux-x64,
// todokit-conformance-windows-x64.exe. Not in dist/, which tsup empties on every build.
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { currentHost, ensureRuntimes, runtimeBin } from '../../package-checks/matrix/runtimes.ts'
import { runToCompletion } from '../../scripts/lib/processes.ts'
import { binaryPath, hostTarget, TARGETS } from './binary.ts'

const { values } = parseArgs({ options: { target: { type: 'string' } } })
const host = currentHost()
if (values.target !== undefined && !TARGETS.includes(values.target)) {
  process.stderr.write(
    `build-binary: unknown --target "${values.target}"; use one of ${TARGETS.join(', ')}\n`,
  )
  process.exit(2)
}
const target = values.target ?? hostTarget(host)
// On a machine the matrix has no Bun for, the build for this machine is skipped, as the
// matrix's rows are, rather than failing npm test because of the machine; an explicit --target
// (a release build) fails instead. ensureRuntimes fails on CI's platform itself.
function skip(reason: string): never {
  process.stdout.write(`build-binary: skipped: ${reason}\n`)
  process.exit(values.target === undefined ? 0 : 1)
}
const cli = new URL('../dist/cli.js', import.meta.url).pathname
if (!existsSync(cli)) {
  process.stderr.write(`build-binary: ${cli} is not built yet: run npm run build first\n`)
  process.exit(1)
}
if (target === undefined) skip(`Bun builds no executable for ${host.platform}-${host.arch}`)
const sources = await ensureRuntimes(host, ['bun'])
if ('skip' in sources.bun) skip(sources.bun.skip.replace(/^skipped: /, ''))

const outfile = binaryPath(target)
mkdirSync(new URL('../binaries/', import.meta.url), { recursive: true })
const run = await runToCompletion(
  runtimeBin('bun'),
  // Bytecode spares the executable compiling its bundle at every start.
  [
    'build',
    cli,
    '--compile',
    `--target=${target}`,
    '--minify',
    '--bytecode',
    '--format=esm',
    '--outfile',
    outfile,
  ],
  { timeoutMs: 300_000 },
)
if (run.code !== 0) {
  process.stderr.write(`build-binary: bun build failed:\n${run.stdout}${run.stderr}`)
  process.exit(1)
}
const megabytes = (statSync(outfile).size / 2 ** 20).toFixed(1)
process.stdout.write(`${outfile} (${megabytes} MiB)\n`)
