/** The service's periodic clean-up: dashboard sessions that can no longer be used, audit events past their 400 days. */
import { pruneAudit } from './db/audit.ts'
import type { Database } from './db/database.ts'
import { pruneSessions } from './db/sessions.ts'
import { errorName, type Logger } from './log.ts'

export interface HousekeepingDeps {
  readonly database: Database
  readonly clock: () => number
  readonly logger: Logger
}

/** An hour: expired sessions are refused when read anyway, so this only bounds how long their rows stay. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000

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
 * Runs a pass every `intervalMs`, the first one an interval after the start (a start does enough already). The timer
 * does not keep the process alive; `stop()` waits for a pass in progress, so the database can close after it.
 */
export function startHousekeeping(
  deps: HousekeepingDeps,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve()
  const timer = setInterval(() => {
    running = running.then(() => runHousekeeping(deps))
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
