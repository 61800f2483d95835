import { dirname } from 'node:path'
import { type FileStoreFs, isMissingFile, removeIfPresent } from './durable-fs.ts'

/**
 * Takes the lock file beside a data file, so that two servers never append to the same journal.
 * The lock file holds the owner's process id; a lock whose process is gone (a server killed
 * with SIGKILL) is stale and taken over. This is advisory: it protects todokit servers on one
 * machine from each other, not from other programs or from a second machine sharing the file
 * over a network file system.
 *
 * @returns a function that releases the lock.
 */
export async function acquireLock(fs: FileStoreFs, dataPath: string): Promise<() => Promise<void>> {
  const lockPath = `${dataPath}.lock`
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await fs.open(lockPath, 'wx')
      try {
        await handle.writeFile(`${process.pid}\n`)
      } finally {
        await handle.close()
      }
      return () => removeIfPresent(fs, lockPath)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (isMissingFile(error)) {
        throw new Error(
          `Cannot use ${dataPath}: the directory ${dirname(dataPath)} does not exist (todokit creates the data file, not its directory)`,
          { cause: error },
        )
      }
      if (code !== 'EEXIST' || attempt > 0) throw error
    }
    const owner = Number.parseInt(await readOrEmpty(fs, lockPath), 10)
    if (Number.isInteger(owner) && isRunning(owner)) {
      throw new Error(
        `${dataPath} is in use by ${owner === process.pid ? 'this process' : `process ${owner}`} ` +
          `(lock file ${lockPath}); stop that server first, or delete the lock file if no todokit server uses it`,
      )
    }
    await removeIfPresent(fs, lockPath)
  }
}

async function readOrEmpty(fs: FileStoreFs, path: string): Promise<string> {
  try {
    return await fs.readFile(path, 'utf8')
  } catch (error) {
    if (isMissingFile(error)) return ''
    throw error
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
