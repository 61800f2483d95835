import { dirname, resolve } from 'node:path'
import {
  type Todo,
  type TodoCreateData,
  type TodoPatchInput,
  TodoReplace,
} from '@todokit/sdk/contract'
import { PARSE_OPTIONS } from '../field-errors.ts'
import { describeIssues } from './describe-issues.ts'
import {
  type FileHandle,
  type FileStoreFs,
  nodeFs,
  removeIfPresent,
  replaceFileAtomically,
  syncDirectory,
  temporaryPathFor,
  writeAll,
} from './durable-fs.ts'
import { acquireLock } from './file-lock.ts'
import { GroupCommit } from './group-commit.ts'
import { encodeJournalRecord, type JournalRecord } from './journal-format.ts'
import { type JournalFile, journalPath, type Recovered, recover } from './recovery.ts'
import { encodeSnapshot, type SnapshotData } from './snapshot-format.ts'
import type { TodoStore } from './store.ts'
import type { TodoTable } from './todo-table.ts'

export { DataFileError } from './data-file-error.ts'
export type { FileStoreFs } from './durable-fs.ts'
export { StoreFailedError } from './store-failed-error.ts'

/**
 * Options of {@link FileStore.open}.
 *
 * @example
 * const options: FileStoreOptions = {
 *   compactionMinBytes: 8 * 1024 * 1024,
 *   onCompactionError: (error) => console.warn('compaction failed, will retry:', error),
 * }
 * const store = await FileStore.open('todos.json', options)
 */
export interface FileStoreOptions {
  /**
   * The journal is compacted into a new snapshot once it holds at least this many bytes and at
   * least as many as the last snapshot, which keeps the cost of compaction per write constant
   * however large the store grows.
   * @default 1_048_576 (1 MiB)
   */
  compactionMinBytes?: number
  /**
   * Told about a failed background compaction. Nothing is lost (the journal still holds every
   * change) and the store keeps working; the next compaction tries again.
   * @default process.emitWarning
   */
  onCompactionError?: (error: Error) => void
  /**
   * The file system calls the store makes, for tests that count syncs or inject failures.
   * @default node:fs/promises
   */
  fs?: FileStoreFs
}

type Change = JournalRecord extends infer R ? (R extends unknown ? Omit<R, 'seq'> : never) : never

interface OpenJournal {
  readonly file: JournalFile
  readonly handle: FileHandle
}

/**
 * A store whose writes are durable: a write resolves once it is on disk (fsynced), and survives
 * `kill -9` or a power cut at any moment after. The data file is a readable JSON snapshot;
 * changes since the snapshot are appended to a journal beside it (`FILE.journal.N`), one
 * checksummed JSON line each, so a write costs the same however many todos are stored.
 * Concurrent writes share one write and one fsync (group commit). The journal is compacted into
 * a new snapshot in the background, and on {@link close}.
 *
 * A missing data file starts an empty store (its directory must exist); a data file or journal
 * that cannot be read or validated stops {@link open} with a {@link DataFileError} naming the
 * file and line, never an empty start over it. See DURABILITY.md.
 *
 * @example
 * const store = await FileStore.open('todos.json')
 * const todo = await store.create({ content: 'Buy milk', completed: false }) // on disk now
 * await store.close() // compacts the journal into todos.json
 */
export class FileStore implements TodoStore {
  readonly #path: string
  readonly #fs: FileStoreFs
  readonly #table: TodoTable
  readonly #compactionMinBytes: number
  readonly #onCompactionError: (error: Error) => void
  readonly #releaseLock: () => Promise<void>
  readonly #group: GroupCommit
  #journal: OpenJournal
  /** Journals older than {@link #journal}, deleted once a snapshot includes them. */
  #olderJournals: JournalFile[] = []
  /** The number of the last change made (in memory; it may still be on its way to disk). */
  #seq: number
  /** The number of the last change the snapshot on disk includes. */
  #snapshotSeq: number
  #snapshotBytes: number
  /** Bytes appended to {@link #journal}. */
  #journalBytes = 0
  #compaction: Promise<void> | undefined
  #closing: Promise<void> | undefined

  private constructor(
    path: string,
    fs: FileStoreFs,
    options: FileStoreOptions,
    releaseLock: () => Promise<void>,
    state: { table: TodoTable; seq: number; snapshotBytes: number; journal: OpenJournal },
  ) {
    this.#path = path
    this.#fs = fs
    this.#compactionMinBytes = options.compactionMinBytes ?? 1_048_576
    this.#onCompactionError = options.onCompactionError ?? ((error) => process.emitWarning(error))
    this.#releaseLock = releaseLock
    this.#table = state.table
    this.#seq = state.seq
    this.#snapshotSeq = state.seq
    this.#snapshotBytes = state.snapshotBytes
    this.#journal = state.journal
    this.#group = new GroupCommit({
      write: (data) => this.#appendToJournal(data),
      between: () => this.#compactIfDue(),
    })
  }

  /**
   * Opens the data file at `path`, recovering every acknowledged write from its snapshot and
   * journals, or creates an empty store when there is no file yet.
   *
   * @throws {DataFileError} when the snapshot or a journal cannot be read or is corrupt.
   * @throws {Error} when another process holds the lock, or the directory does not exist.
   */
  static async open(path: string, options: FileStoreOptions = {}): Promise<FileStore> {
    const fs = options.fs ?? nodeFs
    const absolute = resolve(path)
    const releaseLock = await acquireLock(fs, absolute)
    try {
      await removeIfPresent(fs, temporaryPathFor(absolute))
      const recovered = await recover(fs, absolute)
      const snapshotBytes = await checkpoint(fs, absolute, recovered)
      const generation = (recovered.journals.at(-1)?.generation ?? 0) + 1
      const journal = await createJournal(fs, absolute, generation)
      return new FileStore(absolute, fs, options, releaseLock, {
        table: recovered.table,
        seq: recovered.seq,
        snapshotBytes,
        journal,
      })
    } catch (error) {
      await releaseLock()
      throw error
    }
  }

  /**
   * The number of changes the store has made over its whole life, restarts included.
   * @throws {StoreFailedError} once a write failed, like the reads: the app caches the list and
   *   answers 304 by revision, and must not do either over the rejected writes.
   */
  get revision(): number {
    this.#assertReadable()
    return this.#seq
  }

  /** @throws {StoreFailedError} once a write failed: see {@link #assertReadable}. */
  list(): readonly Todo[] {
    this.#assertReadable()
    return this.#table.list()
  }

  /** @throws {StoreFailedError} once a write failed: see {@link #assertReadable}. */
  get(id: number): Todo | undefined {
    this.#assertReadable()
    return this.#table.get(id)
  }

  async create(input: TodoCreateData): Promise<Todo> {
    this.#assertWritable()
    const todo = this.#table.insert(storable(this.#table.prepareCreate(input)))
    await this.#log({ op: 'create', todo })
    return todo
  }

  async replace(todo: Todo): Promise<Todo | undefined> {
    this.#assertWritable()
    const stored = this.#table.put(storable(todo))
    if (stored) await this.#log({ op: 'put', todo: stored })
    return stored
  }

  async update(id: number, patch: TodoPatchInput): Promise<Todo | undefined> {
    this.#assertWritable()
    const next = this.#table.preparePatch(id, patch)
    const stored = next && this.#table.put(storable(next))
    if (stored) await this.#log({ op: 'put', todo: stored })
    return stored
  }

  async delete(id: number): Promise<Todo | undefined> {
    this.#assertWritable()
    const removed = this.#table.remove(id)
    if (removed) await this.#log({ op: 'delete', id })
    return removed
  }

  /**
   * Waits for pending writes, compacts the journal into the snapshot, and releases the lock.
   * Writes made after `close()` reject.
   */
  close(): Promise<void> {
    this.#closing ??= this.#close()
    return this.#closing
  }

  async #close(): Promise<void> {
    try {
      await this.#group.drain()
      await this.#compaction
      await this.#journal.handle.close()
      // After a failed write the memory holds rejected changes: leave the files to recovery.
      if (!this.#group.failure) await this.#compact([...this.#olderJournals, this.#journal.file])
    } finally {
      await this.#releaseLock()
    }
  }

  /**
   * After a failed write the memory holds changes whose clients were told they failed, and the
   * store cannot know which of them reached the disk: reads refuse too rather than show them.
   */
  #assertReadable(): void {
    if (this.#group.failure) throw this.#group.failure
  }

  #assertWritable(): void {
    if (this.#closing) throw new Error('The store is closed')
    if (this.#group.failure) throw this.#group.failure
  }

  /**
   * Numbers `change` and queues it for the journal. The table was changed synchronously just
   * before, so the journal's order is the order in which changes were decided.
   */
  #log(change: Change): Promise<void> {
    const record = { seq: ++this.#seq, ...change } as JournalRecord
    return this.#group.append(encodeJournalRecord(record))
  }

  async #appendToJournal(data: Uint8Array): Promise<void> {
    await writeAll(this.#journal.handle, data)
    await this.#journal.handle.datasync()
    this.#journalBytes += data.length
  }

  /**
   * Between two batches: once the journal is large enough, switch appends to a new journal and
   * write the snapshot in the background while writes go on.
   */
  async #compactIfDue(): Promise<void> {
    const due = this.#journalBytes >= Math.max(this.#compactionMinBytes, this.#snapshotBytes)
    if (!due || this.#compaction || this.#closing) return
    const previous = this.#journal
    try {
      this.#journal = await createJournal(this.#fs, this.#path, previous.file.generation + 1)
    } catch (error) {
      this.#onCompactionError(error as Error)
      return
    }
    this.#olderJournals.push(previous.file)
    this.#journalBytes = 0
    const replaced = [...this.#olderJournals]
    this.#compaction = previous.handle
      .close()
      .then(() => this.#compact(replaced))
      .catch((error: Error) => this.#onCompactionError(error))
      .finally(() => {
        this.#compaction = undefined
      })
  }

  /**
   * Writes the current state as the snapshot, then deletes `journals`, whose changes it
   * includes. The state is captured synchronously, so it is exactly the state after change
   * `seq`; changes after it go to the newer journal and are replayed on top of the snapshot.
   */
  async #compact(journals: readonly JournalFile[]): Promise<void> {
    const snapshot: SnapshotData = {
      seq: this.#seq,
      nextId: this.#table.nextId,
      todos: this.#table.list().slice(),
    }
    if (snapshot.seq !== this.#snapshotSeq) {
      this.#snapshotBytes = await replaceFileAtomically(
        this.#fs,
        this.#path,
        encodeSnapshot(snapshot),
        () => {
          // A snapshot must not make the changes of a rejected batch durable.
          if (this.#group.failure) throw this.#group.failure
        },
      )
      this.#snapshotSeq = snapshot.seq
    }
    await deleteJournals(this.#fs, this.#path, journals)
    this.#olderJournals = this.#olderJournals.filter((journal) => !journals.includes(journal))
  }
}

/** Checks that `todo` can be stored and read back: recovery validates with the same schema. */
function storable(todo: Todo): Todo {
  const result = TodoReplace.safeParse(todo, PARSE_OPTIONS)
  if (!result.success) {
    throw new RangeError(`Cannot store todo ${todo.id}: ${describeIssues(result.error.issues)}`)
  }
  return todo
}

/**
 * Makes the recovered state the snapshot, when the journals added anything to it, and deletes
 * the journals, so the store starts with one snapshot and a fresh journal. The old journals are
 * deleted before the new one is created, which keeps the rule simple: only the newest journal
 * can end in an incomplete line.
 *
 * @returns the size of the snapshot file.
 */
async function checkpoint(fs: FileStoreFs, path: string, recovered: Recovered): Promise<number> {
  let bytes: number
  if (!recovered.snapshotFound || recovered.seq !== recovered.snapshotSeq) {
    const { table, seq } = recovered
    const snapshot = { seq, nextId: table.nextId, todos: table.list() }
    bytes = await replaceFileAtomically(fs, path, encodeSnapshot(snapshot))
  } else {
    // A snapshot written by hand (or copied in) may not be on disk yet: sync it before relying on it.
    const handle = await fs.open(path, 'r+')
    try {
      await handle.sync()
      bytes = (await handle.stat()).size
    } finally {
      await handle.close()
    }
    await syncDirectory(fs, dirname(path))
  }
  await deleteJournals(fs, path, recovered.journals)
  return bytes
}

/** Deletes `journals`, oldest first, so that a crash midway leaves the newest ones. */
async function deleteJournals(
  fs: FileStoreFs,
  path: string,
  journals: readonly JournalFile[],
): Promise<void> {
  if (journals.length === 0) return
  for (const journal of journals) await removeIfPresent(fs, journal.path)
  await syncDirectory(fs, dirname(path))
}

/** Creates journal `generation` and makes its directory entry durable before any append. */
async function createJournal(
  fs: FileStoreFs,
  path: string,
  generation: number,
): Promise<OpenJournal> {
  const file = { path: journalPath(path, generation), generation }
  const handle = await fs.open(file.path, 'wx')
  try {
    await syncDirectory(fs, dirname(path))
  } catch (error) {
    await handle.close()
    throw error
  }
  return { file, handle }
}
