/**
 * A data file (snapshot or journal) could not be read or holds something the store cannot trust.
 * The store refuses to open rather than start empty over data it could not read; the message
 * names the file and, for a journal, the line.
 *
 * @example
 * try {
 *   await FileStore.open('todos.json')
 * } catch (error) {
 *   if (error instanceof DataFileError) console.error(error.message) // todos.json.journal.3:17: …
 * }
 */
export class DataFileError extends Error {
  override readonly name = 'DataFileError'
  /** The file at fault. */
  readonly file: string
  /** The 1-based line at fault, when the problem is on one line. */
  readonly line: number | undefined

  constructor(file: string, line: number | undefined, problem: string, options?: ErrorOptions) {
    super(
      `${line === undefined ? file : `${file}:${line}`}: ${problem}. ` +
        'The store did not open and left the file as it is: repair it or move it away.',
      options,
    )
    this.file = file
    this.line = line
  }
}
