import { constants } from 'node:fs'
import { access, appendFile, stat, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { ConformanceError } from '../errors.ts'

/** The `--output` file cannot be written; the CLI reports it and exits 2, without a stack. */
export class OutputFileError extends ConformanceError {
  static override readonly type = 'conformance.OutputFileError'
}

const reason = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error)

/**
 * Fails with {@link OutputFileError} unless `path` can be written: checked before the run, so a
 * typo in the directory does not cost a whole run and its report.
 *
 * @example
 * await checkOutputFile('reports/conformance.xml') // throws when reports/ does not exist
 */
export async function checkOutputFile(path: string): Promise<void> {
  const directory = dirname(resolve(path))
  await access(directory, constants.W_OK).catch((error: unknown) => {
    throw new OutputFileError(
      reason(error) === 'ENOENT'
        ? `--output ${path}: the directory ${directory} does not exist`
        : `--output ${path}: cannot write in ${directory} (${reason(error)})`,
    )
  })
  if ((await stat(path).catch(() => undefined))?.isDirectory())
    throw new OutputFileError(`--output ${path} is a directory; give a file name`)
}

/** Writes a report to `path`, or appends it, a file-system error becoming an {@link OutputFileError}. */
export async function writeReport(path: string, text: string, append = false): Promise<void> {
  await (append ? appendFile : writeFile)(path, text).catch((error: unknown) => {
    throw new OutputFileError(
      `could not ${append ? 'append' : 'write'} the report to ${path} (${reason(error)})`,
    )
  })
}
