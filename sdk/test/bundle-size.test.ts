import { join, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { decode } from '@jridgewell/sourcemap-codec'
import { build } from 'esbuild'
import { expect, it } from 'vitest'
import { PROBLEM_TYPES } from '../src/contract/problem-types.ts'

const KiB = 1024

/**
 * A browser bundle of TodoClient, ky and zod included, and the part of it that is the client's
 * own code, each within a budget: web apps ship the SDK to every visitor, so its weight is a
 * feature, and a budget makes every byte a change adds a choice someone makes on purpose. The
 * client keeps its weight down by importing only the contract modules it uses (not the input
 * schemas or the list-query codec), by leaving input checks to the server, and by checking what
 * it receives with zod's smallest pieces; none of that may cost a protection against a hostile
 * server or readable code.
 *
 * The own code is the bundle less its code from ky, zod and the contract, told apart by the
 * bundle's source map: no list of what the client imports to fall out of date.
 */
const TOTAL_BUDGET = 16.25 * KiB
const OWN_CODE_BUDGET = 2.75 * KiB

const SOURCE = resolve(import.meta.dirname, '../src')
const CONTRACT = join(SOURCE, 'contract')

/** Whether code from `file` is the client's own: the SDK's sources outside the contract. */
const isOwnCode = (file = '') =>
  file.startsWith(`${SOURCE}${sep}`) && !file.startsWith(`${CONTRACT}${sep}`)

/** Whether code from `file` is ky, zod, the contract, or esbuild's glue and license comments. */
const isDependency = (file: string | undefined) => !isOwnCode(file)

/** A minified browser bundle: its code, and the source file each stretch of the code came from. */
interface Bundle {
  code: string
  /** Per line of `code`: where each stretch starts and its source file (`undefined`: none). */
  stretches: { column: number; file: string | undefined }[][]
}

/** A browser bundle of `entry`, bundled the way a web app would. */
async function bundle(entry: string): Promise<Bundle> {
  const result = await build({
    stdin: { contents: entry, resolveDir: import.meta.dirname, loader: 'ts' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    // Bundle the TypeScript sources, never a possibly stale dist/.
    conditions: ['@todokit/source'],
    logLevel: 'silent',
    sourcemap: 'external',
    outfile: 'bundle.js',
  })
  const code = result.outputFiles.find(({ path }) => path.endsWith('.js'))?.text
  const map = result.outputFiles.find(({ path }) => path.endsWith('.js.map'))?.text
  if (code === undefined || map === undefined) throw new Error('esbuild produced no output')
  const { sources, mappings } = JSON.parse(map) as { sources: string[]; mappings: string }
  // Source paths are relative to the output file, which esbuild places in the working directory.
  const files = sources.map((source) => resolve(source))
  // A line's text before its first mapping comes from no source file.
  const stretches = decode(mappings).map((line) => [
    { column: 0, file: undefined },
    ...line.map(([column, source]) => ({
      column,
      file: source === undefined ? undefined : files[source],
    })),
  ])
  return { code, stretches }
}

/** The parts of `bundle`'s code whose source file `keep` accepts, in their order. */
function codeFrom({ code, stretches }: Bundle, keep: (file: string | undefined) => boolean) {
  return code
    .split('\n')
    .map((text, index) => {
      // Lines past the mappings (the dependencies' license comments) come from no source file.
      const line = stretches[index] ?? [{ column: 0, file: undefined }]
      return line
        .map(({ column, file }, at) =>
          keep(file) ? text.slice(column, line[at + 1]?.column ?? text.length) : '',
        )
        .join('')
    })
    .join('\n')
}

const gzipped = (code: string) => gzipSync(code).byteLength

const CLIENT = "export { TodoClient } from '@todokit/sdk'"

it('counts as own code exactly the bundled code of the client modules, ky, zod and the contract apart', async () => {
  const client = await bundle(CLIENT)
  const ownCode = codeFrom(client, isOwnCode)
  const dependencies = codeFrom(client, isDependency)
  // Every character of the bundle is on exactly one side.
  expect(ownCode.replaceAll('\n', '').length + dependencies.replaceAll('\n', '').length).toBe(
    client.code.replaceAll('\n', '').length,
  )
  expect(ownCode).toContain('withResponse')
  expect(dependencies).not.toContain('withResponse')
  expect(dependencies).toContain(PROBLEM_TYPES.todoNotFound)
  expect(ownCode).not.toContain(PROBLEM_TYPES.todoNotFound)
})

it('leaves zod’s object and array schemas out, as the client checks todos field by field', async () => {
  const { code } = await bundle(CLIENT)
  // zod names each schema's constructor, so the names survive minifying.
  expect(code).toContain('$ZodString')
  expect(code).not.toContain('$ZodObject')
  expect(code).not.toContain('$ZodArray')
})

it('keeps a browser bundle of TodoClient within its size budget', async () => {
  const [clientBundle, kyBundle] = await Promise.all([
    bundle(CLIENT),
    bundle("export { default } from 'ky'"),
  ])
  const client = gzipped(clientBundle.code)
  const kyAlone = gzipped(kyBundle.code)
  // ky, zod and the contract parts the client holds, without the code of its own modules.
  const dependencies = gzipped(codeFrom(clientBundle, isDependency))
  const kib = (bytes: number) => `${(bytes / KiB).toFixed(2)} KiB`
  console.log(
    `browser bundle of TodoClient, minified + gzipped: ${kib(client)} (${client} bytes); ` +
      `ky alone ${kib(kyAlone)}, ky + zod + contract parts ${kib(dependencies)}, ` +
      `own code ${kib(client - dependencies)}; budget ${kib(TOTAL_BUDGET)} ` +
      `(${TOTAL_BUDGET - client} bytes to spare)`,
  )
  expect(client).toBeLessThanOrEqual(TOTAL_BUDGET)
  expect(client - dependencies).toBeLessThanOrEqual(OWN_CODE_BUDGET)
})
