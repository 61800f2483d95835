import { isErrorType } from '@todokit/sdk'
import { renderCatalogue } from '../catalogue.ts'
import { InvalidOptionsError, ServerUnreachableError } from '../errors.ts'
import { shouldUseColor } from '../reporters/color.ts'
import { renderReport } from '../reporters/index.ts'
import { renderProgressLine } from '../reporters/pretty.ts'
import { runConformance } from '../run/run-conformance.ts'
import { parseCliArgs, USAGE } from './args.ts'
import { checkOutputFile, OutputFileError, writeOutputFile } from './output-file.ts'

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

/**
 * Runs `todokit-conformance` with `args` and returns the exit code; never calls `process.exit`.
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env })
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  try {
    const options = parseCliArgs(args)
    if (options.help) {
      io.stdout.write(`${USAGE}\n`)
      return EXIT.conforms
    }
    if (options.list) {
      io.stdout.write(renderCatalogue())
      return EXIT.conforms
    }
    if (options.output !== undefined) await checkOutputFile(options.output)
    const color = shouldUseColor(io.stdout, io.env)
    // Progress lines only when stdout carries the pretty text: json and junit stay parseable.
    const prettyOnStdout = options.reporter === 'pretty' || options.output !== undefined
    if (prettyOnStdout) io.stdout.write(`todokit conformance: ${options.baseUrl}\n`)
    const report = await runConformance({
      baseUrl: options.baseUrl!,
      headers: options.headers,
      capabilities: options.capabilities,
      strict: options.strict,
      only: options.only,
      skip: options.skip,
      timeout: options.timeout,
      concurrency: options.concurrency,
      bail: options.bail,
      seed: options.seed,
      budget: options.budget,
      signal: io.signal,
      onResult: prettyOnStdout
        ? (result) => io.stdout.write(`${renderProgressLine(result, { color })}\n`)
        : undefined,
    })
    if (options.output !== undefined) {
      // The summary first: should the file still fail to be written, the verdict is on stdout.
      io.stdout.write(renderReport(report, 'pretty', { color }))
      await writeOutputFile(options.output, renderReport(report, options.reporter))
      io.stdout.write(`Report (${options.reporter}) written to ${options.output}\n`)
    } else {
      io.stdout.write(renderReport(report, options.reporter, { color }))
    }
    if (report.interrupted) return EXIT.interrupted
    if (report.unreachable !== undefined) {
      io.stderr.write(
        `todokit-conformance: ${options.baseUrl} stopped answering mid-run (${report.unreachable}); the run ended there\n`,
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
