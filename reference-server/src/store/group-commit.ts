import { StoreFailedError } from './store-failed-error.ts'

interface Waiter {
  resolve(): void
  reject(error: Error): void
}

/** What {@link GroupCommit} calls. */
export interface GroupCommitIo {
  /** Appends `data` and syncs it to disk; resolves once it is durable. */
  write(data: Uint8Array): Promise<void>
  /** Runs between two batches, while no write is in flight (the journal can be switched). Must not reject. */
  between(): Promise<void>
}

/**
 * Group commit: lines appended while a batch is being written and synced wait together, and go
 * to disk as the next batch in one write and one sync. Each append's promise settles when its
 * batch's sync did, so a resolved append is on disk. Lines reach the file in append order.
 *
 * A failed write or sync rejects the whole batch, everything queued behind it and every later
 * append with a {@link StoreFailedError}: see there why the group does not retry.
 *
 * @example
 * const group = new GroupCommit({ write: appendAndSync, between: async () => {} })
 * await Promise.all([group.append('a\n'), group.append('b\n')]) // one write, one sync
 */
export class GroupCommit {
  readonly #io: GroupCommitIo
  #lines: string[] = []
  #waiters: Waiter[] = []
  #running: Promise<void> | undefined
  #failure: StoreFailedError | undefined

  constructor(io: GroupCommitIo) {
    this.#io = io
  }

  /** Why the group stopped accepting lines, if it did. */
  get failure(): StoreFailedError | undefined {
    return this.#failure
  }

  /** Queues `line` for the next batch; resolves once it is on disk. */
  append(line: string): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure)
    return new Promise((resolve, reject) => {
      this.#lines.push(line)
      this.#waiters.push({ resolve, reject })
      this.#running ??= this.#run()
    })
  }

  /** Resolves once every line appended so far is on disk or rejected. */
  async drain(): Promise<void> {
    while (this.#running) await this.#running
  }

  async #run(): Promise<void> {
    // Let the appends of the current turn of the event loop join the first batch.
    await new Promise(setImmediate)
    while (this.#lines.length > 0) {
      const lines = this.#lines
      const waiters = this.#waiters
      this.#lines = []
      this.#waiters = []
      try {
        await this.#io.write(Buffer.from(lines.join('')))
      } catch (error) {
        this.#fail(error, waiters)
        break
      }
      for (const waiter of waiters) waiter.resolve()
      await this.#io.between()
    }
    this.#running = undefined
  }

  #fail(cause: unknown, batch: Waiter[]): void {
    const failure = new StoreFailedError(cause)
    this.#failure = failure
    for (const waiter of [...batch, ...this.#waiters]) waiter.reject(failure)
    this.#lines = []
    this.#waiters = []
  }
}
