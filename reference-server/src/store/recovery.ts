import { basename, dirname, join } from 'node:path'
import { DataFileError } from './data-file-error.ts'
import { type FileStoreFs, isMissingFile } from './durable-fs.ts'
import { type JournalRecord, parseJournal } from './journal-format.ts'
import { decodeSnapshot } from './snapshot-format.ts'
import { TodoTable } from './todo-table.ts'

/** A journal file: the data file's name, `.journal.`, and a generation number. */
export interface JournalFile {
  readonly path: string
  readonly generation: number
}

/** What {@link recover} found. */
export interface Recovered {
  readonly table: TodoTable
  /** The number of the last change recovered. */
  readonly seq: number
  /** The snapshot's `seq`: changes after it are only in the journals. */
  readonly snapshotSeq: number
  readonly snapshotFound: boolean
  /** Journal files, oldest first. */
  readonly journals: readonly JournalFile[]
  /** How many journal records were applied on top of the snapshot. */
  readonly replayed: number
  /** The newest journal ended in an incomplete (never acknowledged) line, which was ignored. */
  readonly tornTail: boolean
}

/** The path of journal generation `generation` of the data file at `dataPath`. */
export function journalPath(dataPath: string, generation: number): string {
  return `${dataPath}.journal.${generation}`
}

/**
 * Rebuilds the store's state: the snapshot at `dataPath` (none: an empty store), then every
 * journal record numbered after the snapshot's `seq`, oldest journal first. Records the
 * snapshot already includes are skipped, so a crash between writing a snapshot and deleting
 * the journals it replaces neither duplicates nor resurrects anything. Records must be numbered
 * without gaps and must apply cleanly (a create of a free id, a put or delete of a stored one);
 * anything else is corruption and throws.
 *
 * @throws {DataFileError}
 */
export async function recover(fs: FileStoreFs, dataPath: string): Promise<Recovered> {
  const table = new TodoTable()
  const text = await readIfPresent(fs, dataPath)
  const snapshot = text === undefined ? undefined : decodeSnapshot(text, dataPath)
  if (snapshot) {
    for (const todo of snapshot.todos) {
      if (table.get(todo.id))
        throw new DataFileError(dataPath, undefined, `todo id ${todo.id} appears twice`)
      table.insert(todo)
    }
    table.raiseNextId(snapshot.nextId)
  }
  const snapshotSeq = snapshot?.seq ?? 0
  let seq = snapshotSeq
  let previous: number | undefined
  let replayed = 0
  let tornTail = false
  const journals = await listJournals(fs, dataPath)
  for (const [index, journal] of journals.entries()) {
    const isNewest = index === journals.length - 1
    const parsed = parseJournal(
      (await readIfPresent(fs, journal.path)) ?? '',
      journal.path,
      isNewest,
    )
    tornTail ||= parsed.tornTail
    for (const [lineIndex, record] of parsed.records.entries()) {
      const fail = (problem: string): never => {
        throw new DataFileError(journal.path, lineIndex + 1, problem)
      }
      if (previous !== undefined && record.seq !== previous + 1) {
        fail(`change ${record.seq} follows change ${previous}: changes are missing or out of order`)
      }
      previous = record.seq
      if (record.seq <= snapshotSeq) continue
      if (record.seq !== seq + 1) {
        fail(`change ${record.seq} follows the snapshot's change ${seq}: changes are missing`)
      }
      const problem = apply(table, record)
      if (problem) fail(problem)
      seq = record.seq
      replayed++
    }
  }
  return {
    table,
    seq,
    snapshotSeq,
    snapshotFound: snapshot !== undefined,
    journals,
    replayed,
    tornTail,
  }
}

/** Applies `record` to `table`; returns why it cannot be applied, if it cannot. */
function apply(table: TodoTable, record: JournalRecord): string | undefined {
  switch (record.op) {
    case 'create':
      if (table.get(record.todo.id)) return `creates todo ${record.todo.id}, which already exists`
      table.insert(record.todo)
      return undefined
    case 'put':
      return table.put(record.todo)
        ? undefined
        : `changes todo ${record.todo.id}, which does not exist`
    case 'delete':
      return table.remove(record.id) ? undefined : `deletes todo ${record.id}, which does not exist`
  }
}

/** The journal files beside `dataPath`, oldest first. */
async function listJournals(fs: FileStoreFs, dataPath: string): Promise<JournalFile[]> {
  const prefix = `${basename(dataPath)}.journal.`
  const directory = dirname(dataPath)
  const journals: JournalFile[] = []
  for (const name of await fs.readdir(directory)) {
    const generation = name.startsWith(prefix) ? name.slice(prefix.length) : ''
    if (/^[0-9]{1,15}$/.test(generation)) {
      journals.push({ path: join(directory, name), generation: Number(generation) })
    }
  }
  return journals.sort((a, b) => a.generation - b.generation)
}

async function readIfPresent(fs: FileStoreFs, path: string): Promise<string | undefined> {
  try {
    return await fs.readFile(path, 'utf8')
  } catch (error) {
    if (isMissingFile(error)) return undefined
    throw new DataFileError(path, undefined, `cannot be read (${(error as Error).message})`, {
      cause: error,
    })
  }
}
