/**
 * Writing or syncing the journal failed, so the store no longer knows what is on disk: after a
 * failed fsync the kernel may have dropped the unwritten pages and a retried fsync can report
 * success over lost data. Every write of the failed batch is rejected, and so is every later
 * write; writes acknowledged before are safe on disk, and a restart recovers them. Later reads
 * throw it too: the memory still holds the rejected writes.
 *
 * @example
 * try {
 *   await store.create({ content: 'Buy milk', completed: false })
 * } catch (error) {
 *   if (error instanceof StoreFailedError) console.error('restart the server:', error.message)
 * }
 */
export class StoreFailedError extends Error {
  override readonly name = 'StoreFailedError'

  constructor(cause: unknown) {
    super(
      `Writing the data file failed (${cause instanceof Error ? cause.message : String(cause)}); ` +
        'the store refuses requests until it is restarted, which recovers every acknowledged write',
      { cause },
    )
  }
}
