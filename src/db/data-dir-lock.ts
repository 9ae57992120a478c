/**
 * One process per embedded database directory. PGlite keeps the database in the memory of the process that opened
 * it and writes it back to the directory, so a second process (the CLI beside a running server) would work on a
 * copy and one of the two would lose its writes. A lock file inside the directory names the owning process.
 */
import { linkSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

/** Locks held by this process, with how many databases of this process hold each. */
const held = new Map<string, { count: number; heartbeat: ReturnType<typeof setInterval> }>()

/** The holder touches its lock this often, so that a process on another host (a container) can tell it lives. */
const HEARTBEAT_MS = 10_000
/** A lock written on another host and untouched this long belongs to a process that is gone. */
export const STALE_MS = 35_000

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError'
}

/** The lock file of a directory: inside it (PGlite ignores it), so every path to the directory finds the same. */
export function lockPath(dataDir: string): string {
  return join(dataDir, '.service.lock')
}

interface Owner {
  readonly pid: number
  readonly host: string
}

const self: Owner = { pid: process.pid, host: hostname() }

/**
 * Takes the directory's lock (the directory must exist), or throws {@link DataDirInUseError} naming the process that
 * holds it. A lock whose process is gone (a crash; a container whose lock has not been touched for a while) is
 * taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = lockPath(dataDir)
  const entry = held.get(path)
  if (entry !== undefined) entry.count++
  else {
    acquire(path, dataDir)
    const heartbeat = setInterval(() => touch(path), HEARTBEAT_MS)
    ;(heartbeat as { unref?: () => void }).unref?.()
    held.set(path, { count: 1, heartbeat })
  }
  let released = false
  return () => {
    if (released) return
    released = true
    const current = held.get(path)
    if (current === undefined) return
    if (--current.count > 0) return
    clearInterval(current.heartbeat)
    held.delete(path)
    const owner = ownerOf(path)
    if (owner !== null && sameOwner(owner, self)) unlinkSync(path)
  }
}

function acquire(path: string, dataDir: string): void {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create(path)) return
    const owner = ownerOf(path)
    if (owner !== null && holds(owner, path)) {
      const where = owner.host === self.host ? '' : ` on host ${owner.host}`
      throw new DataDirInUseError(
        `the directory ${dataDir} is in use by process ${owner.pid}${where} (the embedded database allows one ` +
          `process); stop that process first, set DATA_DIR to another directory, or use Postgres through DATABASE_URL ` +
          `(if no such process runs, remove ${path})`,
      )
    }
    takeOver(path, owner)
  }
  throw new DataDirInUseError(`could not lock ${dataDir}: other processes keep taking ${path}`)
}

/** Creates the lock with its content in one step (a link of a written file), or false when one exists. */
function create(path: string): boolean {
  const draft = `${path}.${self.pid}.${Date.now()}`
  writeFileSync(draft, `${self.pid} ${self.host}\n`, { mode: 0o600 })
  try {
    linkSync(draft, path)
    return true
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') return false
    throw error
  } finally {
    unlinkSync(draft)
  }
}

/**
 * Removes a lock judged stale, unless another process replaced it meanwhile: the lock is moved aside first and
 * put back when it is no longer the one that was judged.
 */
function takeOver(path: string, judged: Owner | null): void {
  const aside = `${path}.stale.${self.pid}.${Date.now()}`
  try {
    renameSync(path, aside)
  } catch {
    return // gone already: the next attempt creates it
  }
  const moved = ownerOf(aside)
  const same = moved === null || judged === null ? moved === judged : sameOwner(moved, judged)
  if (!same) {
    try {
      linkSync(aside, path)
    } catch {
      // Someone created a lock meanwhile: it is theirs; the next attempt reads it.
    }
  }
  unlinkSync(aside)
}

/** Whether two lock contents name the same process. */
function sameOwner(a: Owner, b: Owner): boolean {
  return a.pid === b.pid && a.host === b.host
}

/** Whether the named process holds the lock: alive on this host, or recently touched from another one. */
function holds(owner: Owner, path: string): boolean {
  if (owner.host === self.host) return owner.pid !== self.pid && isAlive(owner.pid)
  try {
    return Date.now() - statSync(path).mtimeMs < STALE_MS
  } catch {
    return false
  }
}

/** The PID and host written in the lock file, or null when it is unreadable or names no process. */
function ownerOf(path: string): Owner | null {
  try {
    const [pid, host] = readFileSync(path, 'utf8').trim().split(' ')
    const n = Number(pid)
    return Number.isInteger(n) && n > 0 && host !== undefined && host !== '' ? { pid: n, host } : null
  } catch {
    return null
  }
}

function touch(path: string): void {
  try {
    const seconds = Date.now() / 1000
    utimesSync(path, seconds, seconds)
  } catch {
    // The lock is gone or unwritable: nothing a heartbeat can do.
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
