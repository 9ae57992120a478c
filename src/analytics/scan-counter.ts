/**
 * Counts scans in memory per (UTC day, organization, GTIN, host kind, outcome, link type, language, device) and
 * hands the counts to `flush` every few seconds in one batch (DESIGN §9). Recording is a map update: a scan's answer
 * never waits for it. A failed flush keeps its counts for the next one; the number of distinct keys is bounded, and
 * scans that would need a new key past the bound are counted as dropped (a metric), never stored half.
 */

import type { ScanEvent } from '../resolver/scan-event.ts'
import type { ScanCountRow } from '../services/scans/counts.ts'
import { CountTable, type MutableCountRow } from './count-table.ts'

export interface ScanCounterOptions {
  /** Writes one batch; rejects when the database is away (the counts are then kept). */
  readonly flush: (rows: readonly ScanCountRow[]) => Promise<void>
  /** Most distinct keys held (pending and failed counts together). Default 100,000. */
  readonly maxKeys?: number
  /** Told about a failed flush (log the error's name only). */
  readonly onFlushError?: (error: unknown) => void
}

export interface ScanCounter {
  /** Counts one scan; synchronous, never throws. */
  record(event: ScanEvent): void
  /** Writes what is counted up to now; resolves when written, or kept after a failure. Flushes never overlap. */
  flush(): Promise<void>
  /** Distinct keys waiting to be written. */
  pending(): number
  /** Scans not counted because the buffer was full, since start. */
  dropped(): number
  /** When the last flush succeeded (ms since the epoch), or null. */
  lastFlushAt(): number | null
}

export const DEFAULT_MAX_KEYS = 100_000

const DAY_MS = 86_400_000

/** A scan of a product the catalog knows: the only ones counted. */
type ProductScan = ScanEvent & { readonly organizationId: string; readonly gtin: string }

const NO_SCANS = { count: 0, withLot: 0, withSerial: 0, withExpiry: 0, compressed: 0 }

export function createScanCounter(options: ScanCounterOptions, clock: () => number = Date.now): ScanCounter {
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS
  let counts = new CountTable()
  let droppedScans = 0
  let lastFlush: number | null = null
  // Flushes run one after another: each call writes what was counted before it, after the earlier ones.
  let chain: Promise<void> = Promise.resolve()
  let running = 0

  function add(into: CountTable, row: ScanCountRow): boolean {
    const r = into.find(
      row.day,
      row.organizationId,
      row.gtin,
      row.hostKind,
      row.outcome,
      row.linkType,
      row.language,
      row.device,
    )
    if (r !== undefined) {
      r.count += row.count
      r.withLot += row.withLot
      r.withSerial += row.withSerial
      r.withExpiry += row.withExpiry
      r.compressed += row.compressed
      return true
    }
    if (into.size >= maxKeys) return false
    into.insert(row)
    return true
  }

  async function write(): Promise<void> {
    if (counts.size === 0) return
    const batch = counts
    counts = new CountTable()
    try {
      await options.flush(batch.rows())
      lastFlush = clock()
    } catch (error) {
      // Keep every count for the next flush; scans counted meanwhile are added to them.
      for (const row of batch.rows()) if (!add(counts, row)) droppedScans += row.count
      try {
        options.onFlushError?.(error)
      } catch {
        // The error hook must not turn a kept batch into a lost one.
      }
    }
  }

  // The UTC day of the last scan, kept: formatting a date costs more than the rest of a count.
  let dayStart = 0
  let dayEnd = 0
  let dayText = ''
  function dayOf(at: number): string {
    if (at < dayStart || at >= dayEnd) {
      dayStart = at - (at % DAY_MS)
      dayEnd = dayStart + DAY_MS
      dayText = new Date(dayStart).toISOString().slice(0, 10)
    }
    return dayText
  }

  // The row of the last scan, and the table it is in: scans come in runs of one product, one answer, one kind of
  // phone, and a run needs no lookup at all.
  let lastRow: MutableCountRow | undefined
  let lastTable: CountTable | undefined

  function rowOf(event: ProductScan): MutableCountRow | undefined {
    const day = dayOf(event.at)
    const linkType = event.linkType ?? ''
    const language = event.language ?? ''
    const last = lastRow
    if (
      last !== undefined &&
      lastTable === counts &&
      last.gtin === event.gtin &&
      last.day === day &&
      last.organizationId === event.organizationId &&
      last.hostKind === event.host &&
      last.outcome === event.outcome &&
      last.linkType === linkType &&
      last.language === language &&
      last.device === event.device
    )
      return last
    const { organizationId, gtin, host, outcome, device } = event
    let row = counts.find(day, organizationId, gtin, host, outcome, linkType, language, device)
    if (row === undefined) {
      if (counts.size >= maxKeys) return undefined
      row = counts.insert({
        day,
        organizationId,
        gtin,
        hostKind: host,
        outcome,
        linkType,
        language,
        device,
        ...NO_SCANS,
      })
    }
    lastRow = row
    lastTable = counts
    return row
  }

  return {
    record(event) {
      if (event.organizationId === null || event.gtin === null) return
      const r = rowOf(event as ProductScan)
      if (r === undefined) {
        droppedScans++
        return
      }
      r.count++
      if (event.lot) r.withLot++
      if (event.serial) r.withSerial++
      if (event.expiry) r.withExpiry++
      if (event.compressed) r.compressed++
    },
    flush() {
      // With none running, the batch is taken now (write swaps the map before its first await).
      running++
      const done = () => {
        running--
      }
      chain = (running === 1 ? write() : chain.then(write)).finally(done)
      return chain
    },
    pending: () => counts.size,
    dropped: () => droppedScans,
    lastFlushAt: () => lastFlush,
  }
}
