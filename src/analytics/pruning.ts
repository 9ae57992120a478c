/**
 * Old days of scan counts deleted past `ANALYTICS_RETENTION_DAYS` (DESIGN §9), shortly after the start and then
 * daily, in the background. It runs whether or not scans are counted: counts kept from before `ANALYTICS=off` still
 * go when their days are past.
 */
import type { Database } from '../db/database.ts'
import { errorName, type Logger } from '../lib/log.ts'
import { pruneScanCounts } from '../services/scans/counts.ts'

const PRUNE_INTERVAL_MS = 24 * 60 * 60 * 1000

/**
 * The first pruning, after the start: an instance restarted more often than daily (a daily deploy) would otherwise
 * never prune. Not at once: the start has its own database work, and a scan never waits for pruning either way.
 */
export const PRUNE_START_DELAY_MS = 30_000

export interface ScanPruningOptions {
  readonly database: Database
  readonly logger: Logger
  readonly clock: () => number
  /** Days of counts kept (`ANALYTICS_RETENTION_DAYS`). */
  readonly retentionDays: number
  /** When the first pruning runs after the start (default `PRUNE_START_DELAY_MS`). */
  readonly pruneDelayMs?: number
}

/** Starts the pruning; `stop()` ends its timers and waits for a pruning in progress. */
export function startScanPruning(options: ScanPruningOptions): { stop(): Promise<void> } {
  const { database, logger, clock } = options
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
  const first = setTimeout(prune, options.pruneDelayMs ?? PRUNE_START_DELAY_MS)
  first.unref?.()
  const timer = setInterval(prune, PRUNE_INTERVAL_MS)
  timer.unref?.()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(timer)
      await pruning
    },
  }
}
