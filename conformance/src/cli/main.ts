import { access, appendFile, constants, stat, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { isErrorType } from '@todokit/sdk/internal'
import * as z from 'zod/mini'
import packageJson from '../../package.json' with { type: 'json' }
import { ConformanceError, InvalidOptionsError } from '../errors.ts'
import { levelLabel } from '../levels.ts'
import { describeBudget, OPTIONS, readOptions, resolveOptions } from '../options.ts'
import { renderStepSummary } from '../reporters/github.ts'
import { REPORTERS, renderReport } from '../reporters/index.ts'
import { renderProgressLine } from '../reporters/pretty.ts'
import { rules } from '../rules/index.ts'
import { runConformance } from '../run.ts'

const DEFAULT = resolveOptions({ baseUrl: 'http://localhost' })

export const USAGE = `Usage: todokit-conformance <base-url> [options]

Checks that the server at <base-url> honours the todos REST contract. It touches only records it
creates (their content carries "tk<run id>", but for edge values such as "" and "42"), and
removes them all; a record it cannot prove its own is named, never deleted.

Options:
  --reporter NAME        ${REPORTERS.join(' | ')} (default pretty); github also
                         appends a summary to $GITHUB_STEP_SUMMARY when it is set
  --output FILE          write the report to FILE (the pretty summary stays on stdout)
  --capabilities LIST    what the server claims: filter, search, sort (the contract's),
                         sort-extended, paging (todokit's) | all | none (default none)
  --strict               recommended rules count toward the verdict
  --header 'Name: value' send a header with every request (repeatable), e.g. for auth
  --only GLOBS           judge only rules whose id matches, e.g. 'patch.*' (comma-separated,
                         repeatable)
  --skip GLOBS           leave out rules whose id matches
  --timeout MS           per-request timeout (default ${DEFAULT.timeout})
  --concurrency N        creates sent at once to look for ids handed out twice (default ${DEFAULT.concurrency})
  --bail                 stop after the first counted failure
  --budget N | Ns        what the exploration may spend: N requests or N seconds
                         (default ${describeBudget(DEFAULT.budget)})
  --seed N               seed of the exploration; the same seed and budget replay a run
  --list                 print the rules and exit
  --version              print the kit's version and exit
  --help                 show this help

Exit codes: 0 every counted rule was judged and held, 1 a counted rule was broken or not judged,
2 usage error or server unreachable (also mid-run), 130 interrupted (records are still removed).`

/** The flags of the help: one shown with a value takes one; three may be given again. */
const FLAGS = Object.fromEntries(
  [...USAGE.matchAll(/^ {2}--([a-z-]+)( \S)?/gm)].map(([, name, value]) => [
    name!,
    {
      type: value ? 'string' : 'boolean',
      multiple: ['header', 'only', 'skip'].includes(name!),
      ...(name === 'help' && { short: 'h' }),
    } as const,
  ]),
)

const CLI_OPTIONS = z.extend(OPTIONS, {
  reporter: z._default(z.enum(REPORTERS), 'pretty'),
  output: z.optional(z.string()),
})

export type CliCommand =
  | { command: 'help' | 'version' | 'list' }
  | { command: 'run'; options: z.output<typeof CLI_OPTIONS> }

/** Parses `todokit-conformance` arguments; throws {@link InvalidOptionsError} for any mistake. */
export function parseCliArgs(args: readonly string[]): CliCommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof FLAGS; allowPositionals: true }>>
  try {
    parsed = parseArgs({ args: [...args], options: FLAGS, allowPositionals: true })
  } catch (error) {
    throw new InvalidOptionsError((error as Error).message)
  }
  const { help, version, list, header, ...values } = parsed.values
  const command = help ? 'help' : version ? 'version' : list ? 'list' : undefined
  if (command) return { command }
  const [baseUrl, ...more] = parsed.positionals
  if (baseUrl === undefined) throw new InvalidOptionsError('Missing <base-url>')
  if (more.length)
    throw new InvalidOptionsError(`Expected one base URL, got: ${parsed.positionals.join(' ')}`)
  const input = { ...values, baseUrl, headers: header }
  return { command: 'run', options: readOptions(CLI_OPTIONS, input) }
}

export const EXIT = { conforms: 0, failed: 1, usage: 2, interrupted: 130 } as const

export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean }
  stderr: { write(text: string): unknown }
  env: Record<string, string | undefined>
  /** Aborted on SIGINT. */
  signal?: AbortSignal
}

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error)

/** Checked before the run, so a typo in the directory does not cost a whole run. */
async function checkOutputFile(path: string): Promise<void> {
  const directory = dirname(resolve(path))
  const denied = await access(directory, constants.W_OK).then(() => undefined, errno)
  if (denied === 'ENOENT')
    throw new ConformanceError(`--output ${path}: the directory ${directory} does not exist`)
  if (denied)
    throw new ConformanceError(`--output ${path}: cannot write in ${directory} (${denied})`)
  if ((await stat(path).catch(() => undefined))?.isDirectory())
    throw new ConformanceError(`--output ${path} is a directory; give a file name`)
}

async function writeReport(path: string, text: string, append = false): Promise<void> {
  await (append ? appendFile : writeFile)(path, text).catch((error: unknown) => {
    const verb = append ? 'append' : 'write'
    throw new ConformanceError(`could not ${verb} the report to ${path} (${errno(error)})`)
  })
}

export function shouldUseColor(stream: { isTTY?: boolean }, env: CliIo['env']): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  return stream.isTTY === true && env.TERM !== 'dumb'
}

/** Runs `todokit-conformance` with `args` and returns the exit code; never calls `process.exit`. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  try {
    const cli = parseCliArgs(args)
    if (cli.command !== 'run') {
      const width = Math.max(...rules.map((rule) => rule.id.length))
      const list = rules.map(
        (r) => `${r.id.padEnd(width)}  ${r.title}  [${levelLabel(r.level)}, ${r.section}]\n`,
      )
      const text = { help: `${USAGE}\n`, version: `${packageJson.version}\n`, list: list.join('') }
      io.stdout.write(text[cli.command])
      return EXIT.conforms
    }
    const { reporter, output, ...options } = cli.options
    if (output !== undefined) await checkOutputFile(output)
    const color = shouldUseColor(io.stdout, io.env)
    // Progress lines only when stdout carries the pretty text: json and junit stay parseable.
    const pretty = reporter === 'pretty' || output !== undefined
    if (pretty) io.stdout.write(`todokit conformance: ${options.baseUrl}\n`)
    const report = await runConformance({
      ...options,
      signal: io.signal,
      onResult: pretty
        ? (result) => io.stdout.write(`${renderProgressLine(result, { color })}\n`)
        : undefined,
      // On stderr, so that a long run shows it is alive and stdout keeps the report.
      onProgress: reporter === 'pretty' ? (part) => io.stderr.write(`… ${part}\n`) : undefined,
    })
    // With --output the pretty summary comes first: should the file fail, the verdict is shown.
    io.stdout.write(renderReport(report, pretty ? 'pretty' : reporter, { color }))
    if (output !== undefined) {
      await writeReport(output, renderReport(report, reporter))
      io.stdout.write(`Report (${reporter}) written to ${output}\n`)
    }
    const stepSummary = io.env.GITHUB_STEP_SUMMARY
    if (reporter === 'github' && stepSummary)
      await writeReport(stepSummary, renderStepSummary(report), true)
    if (report.interrupted) return EXIT.interrupted
    if (report.unreachable === undefined) return report.ok ? EXIT.conforms : EXIT.failed
    throw new ConformanceError(
      `${options.baseUrl} stopped answering mid-run (${report.unreachable}); the run ended there`,
    )
  } catch (error) {
    // Bad options, an unwritable --output and an unreachable server: said without a stack.
    if (isErrorType(error, ConformanceError)) {
      const usage = isErrorType(error, InvalidOptionsError) ? `\n\n${USAGE}` : ''
      io.stderr.write(`todokit-conformance: ${error.message}${usage}\n`)
      return EXIT.usage
    }
    if (io.signal?.aborted) return EXIT.interrupted
    throw error
  }
}
