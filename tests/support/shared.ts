/** The one reader of the GS1 reference files in `../shared` beside the project (tests only; the product never reads them). */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// GS1_SHARED_DIR points elsewhere: CI names a missing folder to run these tests as a clone without ../shared would.
const root = process.env.GS1_SHARED_DIR ?? join(import.meta.dir, '..', '..', '..', 'shared')

/** A reference file as its path parts under `../shared`, e.g. `['gs1', 'vectors', 'epc-vectors.json']`. */
export type SharedFile = readonly string[]

/** The skip lines already printed: a clone without `../shared` says so once per run, not once per test file. */
const told = new Set<string>()

function sharedPath(file: SharedFile): string {
  return join(root, ...file)
}

function skipLine(missing: readonly SharedFile[]): string {
  if (!existsSync(root)) {
    return 'skipped: no ../shared beside the project, so the tests that compare with the GS1 reference files do not run'
  }
  const names = missing.map((f) => `../shared/${f.join('/')}`).join(', ')
  return `skipped: ${names} not found, so the tests that compare with it do not run`
}

/**
 * True when a reference file is absent; the tests that need it then skip (`describe.skipIf`), after one line
 * on stderr that says which tests and why.
 */
export function lacksShared(...files: SharedFile[]): boolean {
  const missing = files.filter((f) => !existsSync(sharedPath(f)))
  if (missing.length === 0) return false
  const line = skipLine(missing)
  if (!told.has(line)) {
    told.add(line)
    console.warn(line)
  }
  return true
}

/** The text of a reference file (check lacksShared first), without a leading byte-order mark. */
export function readSharedText(file: SharedFile): string {
  return readFileSync(sharedPath(file), 'utf8').replace(/^\uFEFF/, '')
}

/** A reference JSON file, parsed (check lacksShared first). */
export function readSharedJson<T = unknown>(file: SharedFile): T {
  return JSON.parse(readSharedText(file)) as T
}
