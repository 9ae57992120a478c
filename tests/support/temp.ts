/** Temporary files of a test run: one directory per run, made the process's TMPDIR, emptied and removed at its end. */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Names the run directories in the system temp directory: `gs1dl-tests-<pid>-XXXXXX`. */
const PREFIX = 'gs1dl-tests-'
const RUN_NAME = /^gs1dl-tests-(\d+)-/

interface TempRun {
  readonly dir: string
  readonly tracked: Set<string>
  /** TMPDIR before the run, given back at its end. */
  readonly previous: string | undefined
}

// On globalThis: the preload and the test files must share one run even if a module is evaluated twice.
const KEY = Symbol.for('gs1-service.tests.temp')
type WithRun = typeof globalThis & { [KEY]?: TempRun }

function run(): TempRun {
  const current = (globalThis as WithRun)[KEY]
  if (current === undefined)
    throw new Error('no test temp run: tests/setup.ts (the bunfig preload) starts it')
  return current
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Removes the run directories of earlier runs whose process is gone (a run killed before its end). */
function sweepDeadRuns(base: string): void {
  for (const name of readdirSync(base)) {
    const pid = RUN_NAME.exec(name)?.[1]
    if (pid !== undefined && !isAlive(Number(pid))) rmSync(join(base, name), { recursive: true, force: true })
  }
}

/**
 * Starts the run (once, from the preload): a fresh directory in the system temp directory becomes TMPDIR, so
 * whatever this process, or a child given `process.env`, writes to the temp directory lands in it.
 */
export function beginTempRun(): string {
  const existing = (globalThis as WithRun)[KEY]
  if (existing !== undefined) return existing.dir
  const base = tmpdir()
  sweepDeadRuns(base)
  const dir = mkdtempSync(join(base, `${PREFIX}${process.pid}-`))
  // Searchable, not listable, by other users: a throwaway Postgres cluster runs as `postgres` in a directory
  // it is given inside (tests/support/pg-cluster.ts); the other directories stay 0700 (mkdtemp).
  chmodSync(dir, 0o711)
  ;(globalThis as WithRun)[KEY] = { dir, tracked: new Set(), previous: process.env.TMPDIR }
  process.env.TMPDIR = dir
  return dir
}

/** A new empty directory named `<name>-XXXXXX` for a test; removed by removeTempDir, or at the end of the run. */
export function makeTempDir(name: string): string {
  const { dir, tracked } = run()
  const made = mkdtempSync(join(dir, `${name}-`))
  tracked.add(made)
  return made
}

/** Removes a directory made by makeTempDir now (in `afterAll` or `finally`), so a run's peak stays small. */
export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
  run().tracked.delete(dir)
}

/**
 * Ends the run: removes the directories made by makeTempDir, then everything else left in the run directory,
 * and the directory itself. Returns the names of those other entries: files a test wrote to the temp directory
 * without makeTempDir and did not remove ([] for a clean run).
 */
export function endTempRun(): string[] {
  const current = (globalThis as WithRun)[KEY]
  if (current === undefined) return []
  for (const dir of current.tracked) rmSync(dir, { recursive: true, force: true })
  const strays = readdirSync(current.dir)
  rmSync(current.dir, { recursive: true, force: true })
  if (current.previous === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = current.previous
  delete (globalThis as WithRun)[KEY]
  return strays
}
