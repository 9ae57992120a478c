/**
 * Scan analytics in the service (DESIGN §9): the resolver's `onScan` counts in memory, a timer writes the counts
 * every 5 seconds in one upsert, and old days are pruned shortly after start and then daily. A kill loses at most
 * one interval of counts; a clean shutdown (`close`) writes them.
 */
import type { Database } from '../db/database.ts'
import { errorName, type Logger } from '../lib/log.ts'
import type { OnScan } from '../resolver/scan-event.ts'
import { addScanCounts, pruneScanCounts } from '../services/scans/counts.ts'
import { createScanCounter, type ScanCounter } from './scan-counter.ts'

/** DESIGN §9: counts are written every 5 s. */
export const FLUSH_INTERVAL_MS = 5000
const PRUNE_INTERVAL_MS = 24 * 60 * 60 * 1000
/**
 * The first pruning, after the start: an instance restarted more often than daily (a daily deploy) would otherwise
 * never prune. Not at once: the start has its own database work, and a scan never waits for pruning either way.
 */
export const PRUNE_START_DELAY_MS = 30_000

export interface ScanAnalyticsOptions {
  readonly database: Database
  readonly logger: Logger
  readonly clock: () => number
  /** Days of counts kept (`ANALYTICS_RETENTION_DAYS`). */
  readonly retentionDays: number
  readonly flushIntervalMs?: number
  /** When the first pruning runs after the start (default `PRUNE_START_DELAY_MS`). */
  readonly pruneDelayMs?: number
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
  const pruneOnce = async () => {
    try {
      const gone = await pruneScanCounts(database.db, clock(), options.retentionDays)
      if (gone > 0) logger.info('analytics.pruned', { rows: gone })
    } catch (error) {
      logger.error('analytics.prune_failed', { error: errorName(error) })
    }
  }
  // Prunings run one after another, in the background: a failure is a log line, and the next one tries again.
  let pruning: Promise<void> = Promise.resolve()
  const prune = () => {
    pruning = pruning.then(pruneOnce)
  }
  const firstPrune = setTimeout(prune, options.pruneDelayMs ?? PRUNE_START_DELAY_MS)
  firstPrune.unref?.()
  const pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS)
  pruneTimer.unref?.()
  return {
    onScan: (event) => counter.record(event),
    counter,
    async close() {
      clearInterval(flushTimer)
      clearTimeout(firstPrune)
      clearInterval(pruneTimer)
      await pruning
      await counter.flush()
    },
  }
}
