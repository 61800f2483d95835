import { constants } from 'node:fs'
import { access, appendFile, stat, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { isErrorType } from '@todokit/sdk/internal'
import packageJson from '../../package.json' with { type: 'json' }
import { ConformanceError, InvalidOptionsError, ServerUnreachableError } from '../errors.ts'
import { levelLabel } from '../levels.ts'
import { renderReport } from '../reporters/index.ts'
import { renderMarkdown } from '../reporters/markdown.ts'
import { renderProgressLine } from '../reporters/pretty.ts'
import { rules } from '../rules/index.ts'
import type { Rule } from '../rules/rule.ts'
import { runConformance } from '../run.ts'
import { parseCliArgs, USAGE } from './args.ts'

/** Exit codes of `todokit-conformance`. */
export const EXIT = { conforms: 0, failed: 1, usage: 2, interrupted: 130 } as const

/** Where the CLI writes and what it reads from its environment. */
export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean }
  stderr: { write(text: string): unknown }
  env: Record<string, string | undefined>
  /** Aborted on SIGINT. */
  signal?: AbortSignal
}

/** The `--output` file cannot be written: the CLI says so and exits 2, without a stack. */
class OutputFileError extends ConformanceError {
  static override readonly type = 'conformance.OutputFileError'
}

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error)

/** Checked before the run, so a typo in the directory does not cost a whole run. */
async function checkOutputFile(path: string): Promise<void> {
  const directory = dirname(resolve(path))
  await access(directory, constants.W_OK).catch((error: unknown) => {
    throw new OutputFileError(
      errno(error) === 'ENOENT'
        ? `--output ${path}: the directory ${directory} does not exist`
        : `--output ${path}: cannot write in ${directory} (${errno(error)})`,
    )
  })
  if ((await stat(path).catch(() => undefined))?.isDirectory())
    throw new OutputFileError(`--output ${path} is a directory; give a file name`)
}

async function writeReport(path: string, text: string, append = false): Promise<void> {
  await (append ? appendFile : writeFile)(path, text).catch((error: unknown) => {
    throw new OutputFileError(
      `could not ${append ? 'append' : 'write'} the report to ${path} (${errno(error)})`,
    )
  })
}

/**
 * Colours only on a terminal, never with `NO_COLOR` (https://no-color.org) or `TERM=dumb`;
 * `FORCE_COLOR` (not `0`) turns them on anyway.
 */
export function shouldUseColor(stream: { isTTY?: boolean }, env: CliIo['env']): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  return stream.isTTY === true && env.TERM !== 'dumb'
}

/** The rules, a line each with its level and section of the contract (what `--list` prints). */
function renderCatalogue(): string {
  const width = Math.max(...rules.map((rule) => rule.id.length))
  const line = (rule: Rule) =>
    `${rule.id.padEnd(width)}  ${rule.title}  [${levelLabel(rule.level)}, ${rule.section}]\n`
  return rules.map(line).join('')
}

/**
 * Runs `todokit-conformance` with `args` and returns the exit code; never calls `process.exit`.
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env })
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  try {
    const cli = parseCliArgs(args)
    if (cli.command !== 'run') {
      const text = {
        help: `${USAGE}\n`,
        version: `${packageJson.version}\n`,
        list: renderCatalogue(),
      }
      io.stdout.write(text[cli.command])
      return EXIT.conforms
    }
    const { reporter, output, ...runOptions } = cli.options
    if (output !== undefined) await checkOutputFile(output)
    const color = shouldUseColor(io.stdout, io.env)
    // Progress lines only when stdout carries the pretty text: json and junit stay parseable.
    const prettyOnStdout = reporter === 'pretty' || output !== undefined
    if (prettyOnStdout) io.stdout.write(`todokit conformance: ${runOptions.baseUrl}\n`)
    const report = await runConformance({
      ...runOptions,
      signal: io.signal,
      onResult: prettyOnStdout
        ? (result) => io.stdout.write(`${renderProgressLine(result, { color })}\n`)
        : undefined,
      // On stderr, so that a long run shows it is alive and stdout keeps the report.
      onProgress: reporter === 'pretty' ? (part) => io.stderr.write(`… ${part}\n`) : undefined,
    })
    if (output !== undefined) {
      // The summary first: should the file still fail to be written, the verdict is on stdout.
      io.stdout.write(renderReport(report, 'pretty', { color }))
      await writeReport(output, renderReport(report, reporter))
      io.stdout.write(`Report (${reporter}) written to ${output}\n`)
    } else {
      io.stdout.write(renderReport(report, reporter, { color }))
    }
    const stepSummary = io.env.GITHUB_STEP_SUMMARY
    if (reporter === 'github' && stepSummary)
      await writeReport(stepSummary, renderMarkdown(report), true)
    if (report.interrupted) return EXIT.interrupted
    if (report.unreachable !== undefined) {
      io.stderr.write(
        `todokit-conformance: ${runOptions.baseUrl} stopped answering mid-run (${report.unreachable}); the run ended there\n`,
      )
      return EXIT.usage
    }
    return report.ok ? EXIT.conforms : EXIT.failed
  } catch (error) {
    if (isErrorType(error, InvalidOptionsError)) {
      io.stderr.write(`todokit-conformance: ${error.message}\n\n${USAGE}\n`)
      return EXIT.usage
    }
    if (isErrorType(error, ServerUnreachableError) || isErrorType(error, OutputFileError)) {
      io.stderr.write(`todokit-conformance: ${error.message}\n`)
      return EXIT.usage
    }
    if (io.signal?.aborted) return EXIT.interrupted
    throw error
  }
}
