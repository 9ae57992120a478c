/**
 * One process per embedded database directory. PGlite keeps the database in the memory of the process that opened
 * it and writes it back to the directory, so a second process (the CLI beside a running server) would work on a
 * copy and one of the two would lose its writes. A lock file beside the directory names the owning process.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { resolve } from 'node:path'

/** Locks held by this process, with how many databases of this process hold each. */
const held = new Map<string, number>()

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError'
}

/** The lock file of a directory: `<dir>.lock`, beside it, so that the database files stay PGlite's own. */
export function lockPath(dataDir: string): string {
  return `${resolve(dataDir)}.lock`
}

/**
 * Takes the directory's lock, or throws {@link DataDirInUseError} naming the live process that holds it. A lock
 * left by a process that is gone (a crash, a container restart) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = lockPath(dataDir)
  const count = held.get(path) ?? 0
  if (count === 0) acquire(path, dataDir)
  held.set(path, count + 1)
  let released = false
  return () => {
    if (released) return
    released = true
    const left = (held.get(path) ?? 1) - 1
    if (left > 0) held.set(path, left)
    else {
      held.delete(path)
      if (ownerOf(path) === process.pid) unlinkSync(path)
    }
  }
}

function acquire(path: string, dataDir: string): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600)
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      return
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error
    }
    const owner = ownerOf(path)
    if (owner !== null && owner !== process.pid && isAlive(owner)) {
      throw new DataDirInUseError(
        `the directory ${dataDir} is in use by process ${owner} (the embedded database allows one process); ` +
          `stop that process first, or use Postgres through DATABASE_URL (if no such process runs, remove ${path})`,
      )
    }
    unlinkSync(path)
  }
  throw new DataDirInUseError(`could not lock ${dataDir}: another process keeps taking ${path}`)
}

/** The PID written in the lock file, or null when it is unreadable or not a PID. */
function ownerOf(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as { code?: string }).code === 'EPERM'
  }
}
