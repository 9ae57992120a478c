/**
 * Counts scans in memory per (UTC day, organization, GTIN, host kind, outcome, link type, language, device) and
 * hands the counts to `flush` every few seconds in one batch (DESIGN §9). Recording is a map update: a scan's answer
 * never waits for it. A failed flush keeps its counts for the next one; the number of distinct keys is bounded, and
 * scans that would need a new key past the bound are counted as dropped (a metric), never stored half.
 */
import type { ScanCountRow } from '../db/scans.ts'
import type { ScanEvent } from '../resolver/scan-event.ts'

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

interface Tally {
  row: ScanCountRow
}

export function createScanCounter(options: ScanCounterOptions, clock: () => number = Date.now): ScanCounter {
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS
  let counts = new Map<string, Tally>()
  let droppedScans = 0
  let lastFlush: number | null = null
  // Flushes run one after another: each call writes what was counted before it, after the earlier ones.
  let chain: Promise<void> = Promise.resolve()
  let running = 0

  function add(into: Map<string, Tally>, key: string, row: ScanCountRow): boolean {
    const tally = into.get(key)
    if (tally !== undefined) {
      const r = tally.row as { -readonly [K in keyof ScanCountRow]: ScanCountRow[K] }
      r.count += row.count
      r.withLot += row.withLot
      r.withSerial += row.withSerial
      r.withExpiry += row.withExpiry
      r.compressed += row.compressed
      return true
    }
    if (into.size >= maxKeys) return false
    into.set(key, { row: { ...row } })
    return true
  }

  async function write(): Promise<void> {
    if (counts.size === 0) return
    const batch = counts
    counts = new Map()
    try {
      await options.flush([...batch.values()].map((t) => t.row))
      lastFlush = clock()
    } catch (error) {
      // Keep every count for the next flush; scans counted meanwhile are added to them.
      for (const [key, tally] of batch) if (!add(counts, key, tally.row)) droppedScans += tally.row.count
      try {
        options.onFlushError?.(error)
      } catch {
        // The error hook must not turn a kept batch into a lost one.
      }
    }
  }

  return {
    record(event) {
      if (event.organizationId === null || event.gtin === null) return
      const row: ScanCountRow = {
        day: new Date(event.at).toISOString().slice(0, 10),
        organizationId: event.organizationId,
        gtin: event.gtin,
        hostKind: event.host,
        outcome: event.outcome,
        linkType: event.linkType ?? '',
        language: event.language ?? '',
        device: event.device,
        count: 1,
        withLot: event.lot ? 1 : 0,
        withSerial: event.serial ? 1 : 0,
        withExpiry: event.expiry ? 1 : 0,
        compressed: event.compressed ? 1 : 0,
      }
      const key = `${row.day}\t${row.organizationId}\t${row.gtin}\t${row.hostKind}\t${row.outcome}\t${row.linkType}\t${row.language}\t${row.device}`
      if (!add(counts, key, row)) droppedScans++
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
