/**
 * Scan counts keyed by their eight dimensions, held as nested maps, one level per dimension. Joining the dimensions
 * into one string key would build and hash a new string per scan; each part here is a string already hashed (the
 * same GTIN, organization and link type strings come with every scan of a product), so a lookup is eight cheap ones.
 */
import type { ScanCountRow } from '../services/scans/counts.ts'

export type MutableCountRow = { -readonly [K in keyof ScanCountRow]: ScanCountRow[K] }

type Level = Map<string, Level | MutableCountRow>

export class CountTable {
  readonly #root: Level = new Map()
  readonly #rows: MutableCountRow[] = []

  get size(): number {
    return this.#rows.length
  }

  rows(): readonly ScanCountRow[] {
    return this.#rows
  }

  /** The row for these dimensions, or undefined. */
  find(
    day: string,
    organizationId: string,
    gtin: string,
    hostKind: string,
    outcome: string,
    linkType: string,
    language: string,
    device: string,
  ): MutableCountRow | undefined {
    let level = next(this.#root, day)
    if (level !== undefined) level = next(level, organizationId)
    if (level !== undefined) level = next(level, gtin)
    if (level !== undefined) level = next(level, hostKind)
    if (level !== undefined) level = next(level, outcome)
    if (level !== undefined) level = next(level, linkType)
    if (level !== undefined) level = next(level, language)
    return level?.get(device) as MutableCountRow | undefined
  }

  /** Adds a row with new dimensions (the caller found none with `find`), and returns the table's own copy. */
  insert(row: ScanCountRow): MutableCountRow {
    const copy: MutableCountRow = { ...row }
    let level = this.#root
    for (const part of [
      row.day,
      row.organizationId,
      row.gtin,
      row.hostKind,
      row.outcome,
      row.linkType,
      row.language,
    ]) {
      let below = next(level, part)
      if (below === undefined) {
        below = new Map()
        level.set(part, below)
      }
      level = below
    }
    level.set(row.device, copy)
    this.#rows.push(copy)
    return copy
  }
}

function next(level: Level, part: string): Level | undefined {
  return level.get(part) as Level | undefined
}
