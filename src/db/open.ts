/** Opens the database the configuration names, with a one-line error instead of a driver stack trace. */
import type { Config } from '../app/config.ts'
import { DeadlineError } from '../lib/deadline.ts'
import { redactConnectionUrl } from './connection-url.ts'
import { type Database, type EmbeddedUse, openDatabase, type PostgresSession } from './database.ts'

/**
 * Longest wait for a first answer from Postgres. A refused or silent port fails sooner (the driver's connect
 * timeout); this bounds a peer that accepts the connection but never speaks the protocol (an HTTP server, say),
 * which the driver would otherwise retry forever. Waiting for another instance's migrations is not bounded.
 */
export const OPEN_DEADLINE_MS = 20_000

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError'
}

/**
 * Postgres when `DATABASE_URL` is set (its pool set up as `session` says, answering within `deadlineMs`), else the
 * embedded PGlite directory (offered on its socket while open with `embedded.share`; reached through a running
 * service's socket when that service holds it, unless `embedded.own`); migrated either way.
 */
export async function openConfiguredDatabase(
  config: Config,
  session: PostgresSession = {},
  deadlineMs = OPEN_DEADLINE_MS,
  embedded: EmbeddedUse = {},
): Promise<Database> {
  try {
    if (config.databaseUrl === null) return await openDatabase({ dataDir: config.dataDir, ...embedded })
    return await openDatabase({ url: config.databaseUrl, ...session, reachDeadlineMs: deadlineMs })
  } catch (error) {
    const where = config.databaseUrl ? redactConnectionUrl(config.databaseUrl) : config.dataDir
    throw new DatabaseOpenError(`cannot open the database at ${where}: ${describe(error)}`)
  }
}

function describe(error: unknown): string {
  if (error instanceof DeadlineError)
    return `no Postgres server answered within ${error.ms / 1000} s (does DATABASE_URL name a Postgres server?)`
  if (!(error instanceof Error)) return String(error)
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? `${code} ${error.message}` : error.message
}
