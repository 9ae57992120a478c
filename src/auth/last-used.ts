/** Last-used times per client, gathered in memory and written in one batched statement per interval. */
import type { Logger } from '../lib/log.ts'
import { errorName } from '../lib/log.ts'

export interface LastUsedRecorder {
  /** Notes a use; costs a Map write, never a database write. */
  mark(clientId: string, at: number): void
  /** Writes what was gathered since the last flush. */
  flush(): Promise<void>
}

/** `write` persists one batch (`recordLastUsed`); a failed batch is merged back and retried next flush. */
export function createLastUsedRecorder(
  write: (entries: ReadonlyMap<string, number>) => Promise<void>,
  logger: Logger,
): LastUsedRecorder {
  let pending = new Map<string, number>()
  let running: Promise<void> | null = null

  async function flushOnce(): Promise<void> {
    if (pending.size === 0) return
    const batch = pending
    pending = new Map()
    try {
      await write(batch)
    } catch (error) {
      logger.error('auth.last_used.flush_failed', { clients: batch.size, error: errorName(error) })
      for (const [id, at] of batch) if ((pending.get(id) ?? 0) < at) pending.set(id, at)
    }
  }

  return {
    mark(clientId, at) {
      if ((pending.get(clientId) ?? 0) < at) pending.set(clientId, at)
    },
    async flush() {
      while (running) await running
      running = flushOnce().finally(() => {
        running = null
      })
      await running
    },
  }
}
