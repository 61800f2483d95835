/**
 * `npm run bench` in package-checks/: the standalone `todokit-conformance` executable's size, and
 * its start-up time (`--help`: start, parse, print, exit) against the npm CLI's, measured in the
 * same run, in turns. Prints the figures; writes no file.
 */
import { spawnSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { binaryPath, hostTarget } from '../../conformance/scripts/binary.ts'
import { fromRoot } from '../../scripts/lib/paths.ts'
import { currentHost } from '../matrix/runtimes.ts'

const target = hostTarget(currentHost())
if (!target) {
  console.log(`standalone binary: Bun builds none for ${process.platform}-${process.arch}`)
  process.exit(0)
}
const binary = binaryPath(target)
const ROUNDS = 15

/** Wall-clock milliseconds from spawning `command` to its exit. */
function startUp(command: string, args: string[]): number {
  const start = performance.now()
  const run = spawnSync(command, args, { stdio: 'ignore' })
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${run.status}`)
  return performance.now() - start
}

const contenders: Record<string, [string, string[]]> = {
  binary: [binary, ['--help']],
  // What an installed bin runs (bin/todokit-conformance.js checks the Node version, then loads it).
  'npm CLI (node dist/cli.js)': [
    process.execPath,
    [fromRoot('conformance', 'dist', 'cli.js'), '--help'],
  ],
}
const times = Object.fromEntries(Object.keys(contenders).map((name) => [name, [] as number[]]))
// One warm-up each (the page cache), then rounds in turns, so background load falls on all alike.
for (const [command, args] of Object.values(contenders)) startUp(command, args)
for (let round = 0; round < ROUNDS; round++)
  for (const [name, [command, args]] of Object.entries(contenders))
    times[name]?.push(startUp(command, args))

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN
const binaryMs = median(times.binary ?? [])
console.log(
  `standalone binary ${binary.split('/').pop()}: ${(statSync(binary).size / 2 ** 20).toFixed(1)} MiB`,
)
console.log(`start-up, --help, median of ${ROUNDS}:`)
for (const [name, values] of Object.entries(times)) {
  const ms = median(values)
  const ratio = name === 'binary' ? '' : `, binary/this ${(binaryMs / ms).toFixed(2)}x`
  console.log(`  ${name.padEnd(26)} ${ms.toFixed(0).padStart(5)} ms${ratio}`)
}
