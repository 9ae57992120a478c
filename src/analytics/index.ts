/**
 * Scan analytics in the service (DESIGN §9): the resolver's `onScan` counts in memory, a timer writes the counts
 * every 5 seconds in one upsert, and old days are pruned shortly after start and then daily (`pruning.ts`). A kill loses at most
 * one interval of counts; a clean shutdown (`close`) writes them.
 */
import { errorName } from '../lib/log.ts'
import type { OnScan } from '../resolver/scan-event.ts'
import { addScanCounts } from '../services/scans/counts.ts'
import { type ScanPruningOptions, startScanPruning } from './pruning.ts'
import { createScanCounter, type ScanCounter } from './scan-counter.ts'

/** DESIGN §9: counts are written every 5 s. */
export const FLUSH_INTERVAL_MS = 5000
export interface ScanAnalyticsOptions extends ScanPruningOptions {
  readonly flushIntervalMs?: number
  readonly maxKeys?: number
}

export interface ScanAnalytics {
  readonly onScan: OnScan
  readonly counter: ScanCounter
  /** Stops the timers, waits for a pruning in progress and writes what is counted. */
  close(): Promise<void>
}

export function createScanAnalytics(options: ScanAnalyticsOptions): ScanAnalytics {
  const { database, logger, clock } = options
  // One line per outage, not per failed flush: the counts are kept and written once the database is back.
  let failing = false
  const counter = createScanCounter(
    {
      flush: async (rows) => {
        await addScanCounts(database.db, rows)
        if (failing) logger.info('analytics.flush_recovered', { pending: counter.pending() })
        failing = false
      },
      onFlushError: (error) => {
        if (!failing)
          logger.error('analytics.flush_failed', { error: errorName(error), pending: counter.pending() })
        failing = true
      },
      ...(options.maxKeys === undefined ? {} : { maxKeys: options.maxKeys }),
    },
    clock,
  )
  const flushTimer = setInterval(() => void counter.flush(), options.flushIntervalMs ?? FLUSH_INTERVAL_MS)
  flushTimer.unref?.()
  const pruning = startScanPruning(options)
  return {
    onScan: (event) => counter.record(event),
    counter,
    async close() {
      clearInterval(flushTimer)
      await pruning.stop()
      await counter.flush()
    },
  }
}
