import * as fsp from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * The file system calls the file store makes. Tests pass a wrapper around `node:fs/promises` to
 * count syncs or make them fail.
 */
export type FileStoreFs = Pick<typeof fsp, 'open' | 'readFile' | 'readdir' | 'rename' | 'unlink'>

export type FileHandle = fsp.FileHandle

export const nodeFs: FileStoreFs = fsp

/** Writes all of `data` at the handle's position (a single write may write less). */
export async function writeAll(handle: FileHandle, data: Uint8Array): Promise<void> {
  let offset = 0
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset)
    offset += bytesWritten
  }
}

/**
 * Makes creations, renames and deletions in `directory` durable: on POSIX systems a file's
 * directory entry is only on disk once the directory itself is synced.
 */
export async function syncDirectory(fs: FileStoreFs, directory: string): Promise<void> {
  // Windows cannot open a directory for syncing, and NTFS journals directory changes itself.
  if (process.platform === 'win32') return
  const handle = await fs.open(directory, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Replaces `path` with `chunks` so that after a crash at any moment the file holds either its
 * old or its new content, never a mix: write a temporary file, sync it, rename it over `path`,
 * sync the directory. `beforeRename` may throw to abandon the replacement.
 *
 * @returns the number of bytes written.
 */
export async function replaceFileAtomically(
  fs: FileStoreFs,
  path: string,
  chunks: Iterable<string>,
  beforeRename: () => void = () => {},
): Promise<number> {
  const temporary = temporaryPathFor(path)
  let bytes = 0
  try {
    const handle = await fs.open(temporary, 'w')
    try {
      for (const chunk of chunks) {
        const data = Buffer.from(chunk)
        await writeAll(handle, data)
        bytes += data.length
      }
      await handle.sync()
    } finally {
      await handle.close()
    }
    beforeRename()
    await fs.rename(temporary, path)
  } catch (error) {
    await removeIfPresent(fs, temporary)
    throw error
  }
  await syncDirectory(fs, dirname(path))
  return bytes
}

/** Where {@link replaceFileAtomically} writes before renaming. */
export function temporaryPathFor(path: string): string {
  return `${path}.tmp`
}

/** Deletes `path`; a file that is already gone is fine. */
export async function removeIfPresent(fs: FileStoreFs, path: string): Promise<void> {
  try {
    await fs.unlink(path)
  } catch (error) {
    if (!isMissingFile(error)) throw error
  }
}

export function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
}
