/** The service's periodic clean-up: dashboard sessions that can no longer be used, audit events past their 400 days. */

import type { Database } from '../db/database.ts'
import { errorName, type Logger } from '../lib/log.ts'
import { pruneAudit } from '../services/audit.ts'
import { pruneSessions } from '../services/people/sessions.ts'

export interface HousekeepingDeps {
  readonly database: Database
  readonly clock: () => number
  readonly logger: Logger
}

/** An hour: expired sessions are refused when read anyway, so this only bounds how long their rows stay. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000

/**
 * The first pass, this long after the start: an instance restarted more often than the interval (a daily deploy)
 * must still prune, but the start has its own database work.
 */
export const HOUSEKEEPING_START_DELAY_MS = 30_000

/** One pass. Never throws: a failure (the database away, say) is one log line, and the next pass tries again. */
export async function runHousekeeping(deps: HousekeepingDeps): Promise<void> {
  try {
    const now = deps.clock()
    const sessions = await pruneSessions(deps.database.db, now)
    const auditEvents = await pruneAudit(deps.database.db, now)
    if (sessions + auditEvents > 0) deps.logger.info('housekeeping', { sessions, auditEvents })
  } catch (error) {
    deps.logger.error('housekeeping.failed', { error: errorName(error) })
  }
}

/**
 * Runs a pass `firstDelayMs` after the start, then every `intervalMs`. The timers do not keep the process alive;
 * `stop()` waits for a pass in progress, so the database can close after it.
 */
export function startHousekeeping(
  deps: HousekeepingDeps,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
  firstDelayMs = HOUSEKEEPING_START_DELAY_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve()
  const pass = () => {
    running = running.then(() => runHousekeeping(deps))
  }
  const first = setTimeout(pass, firstDelayMs)
  const timer = setInterval(pass, intervalMs)
  first.unref()
  timer.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
