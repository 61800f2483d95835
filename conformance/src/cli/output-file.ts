import { constants } from 'node:fs'
import { access, appendFile, stat, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { ConformanceError } from '../errors.ts'

/** The `--output` file cannot be written; the CLI reports it and exits 2, without a stack. */
export class OutputFileError extends ConformanceError {
  static override readonly type = 'conformance.OutputFileError'
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code ?? (error instanceof Error ? error.message : String(error))
}

/**
 * Fails with {@link OutputFileError} unless `path` can be written: checked before the run, so a
 * typo in the directory does not cost a whole run and its report.
 *
 * @example
 * await checkOutputFile('reports/conformance.xml') // throws when reports/ does not exist
 */
export async function checkOutputFile(path: string): Promise<void> {
  const directory = dirname(resolve(path))
  const isDirectory = await stat(directory).then(
    (stats) => stats.isDirectory(),
    () => false,
  )
  if (!isDirectory) {
    throw new OutputFileError(`--output ${path}: the directory ${directory} does not exist`)
  }
  if (
    await stat(resolve(path)).then(
      (stats) => stats.isDirectory(),
      () => false,
    )
  ) {
    throw new OutputFileError(`--output ${path} is a directory; give a file name`)
  }
  await access(directory, constants.W_OK).catch((error: unknown) => {
    throw new OutputFileError(`--output ${path}: cannot write in ${directory} (${reason(error)})`)
  })
}

/** Writes the report, turning a file-system error into an {@link OutputFileError}. */
export async function writeOutputFile(path: string, text: string): Promise<void> {
  await writeFile(path, text).catch((error: unknown) => {
    throw new OutputFileError(`could not write the report to ${path} (${reason(error)})`)
  })
}

/**
 * Appends the Markdown summary to the file GitHub Actions names in `$GITHUB_STEP_SUMMARY`,
 * turning a file-system error into an {@link OutputFileError}.
 */
export async function appendStepSummary(path: string, text: string): Promise<void> {
  await appendFile(path, text).catch((error: unknown) => {
    throw new OutputFileError(`could not append the summary to ${path} (${reason(error)})`)
  })
}
