import * as fsp from 'node:fs/promises'
import type { FileStoreFs } from '../src/store/durable-fs.ts'

/**
 * `node:fs/promises` for `FileStore.open(path, { fs })`, counting the fdatasync calls made on
 * files opened through it (the journal's syncs: one per group-commit batch).
 */
export function countingFs(): { fs: FileStoreFs; counts: { datasync: number } } {
  const counts = { datasync: 0 }
  const fs: FileStoreFs = {
    ...fsp,
    open: async (...args: Parameters<typeof fsp.open>) => {
      const handle = await fsp.open(...args)
      const datasync = handle.datasync.bind(handle)
      handle.datasync = () => {
        counts.datasync++
        return datasync()
      }
      return handle
    },
  }
  return { fs, counts }
}

/**
 * node:fs/promises whose datasync fails once `failing.now` is set; a failing datasync first waits
 * for `failing.until`, so a test can act while the doomed batch is in flight.
 */
export function failingFs(): {
  fs: FileStoreFs
  failing: { now: boolean; until: Promise<void> }
} {
  const failing = { now: false, until: Promise.resolve() }
  const fs: FileStoreFs = {
    ...fsp,
    open: async (...args: Parameters<typeof fsp.open>) => {
      const handle = await fsp.open(...args)
      const datasync = handle.datasync.bind(handle)
      handle.datasync = () =>
        failing.now
          ? failing.until.then(() => {
              throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })
            })
          : datasync()
      return handle
    },
  }
  return { fs, failing }
}
