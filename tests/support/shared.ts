/** Locates the read-only reference material in `../shared` beside the project (tests only; the product never reads it). */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dir, '..', '..', '..', 'shared')

/** Absolute path of a file under `../shared`. */
export function sharedPath(...parts: string[]): string {
  return join(root, ...parts)
}

/** True when the reference file exists (tests skip with a message otherwise). */
export function hasShared(...parts: string[]): boolean {
  return existsSync(sharedPath(...parts))
}

/** Reads and parses a JSON file under `../shared`, dropping a leading byte-order mark. */
export function readSharedJson<T = unknown>(...parts: string[]): T {
  return JSON.parse(readFileSync(sharedPath(...parts), 'utf8').replace(/^\uFEFF/, '')) as T
}
