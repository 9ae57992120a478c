/** Opens the database the configuration names, with a one-line error instead of a driver stack trace. */
import type { Config } from '../config.ts'
import { type Database, openDatabase } from './database.ts'

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError'
}

/** Postgres when `DATABASE_URL` is set, else the embedded PGlite directory; migrated either way. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  try {
    return await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir })
  } catch (error) {
    const where = config.databaseUrl ? redactUrl(config.databaseUrl) : config.dataDir
    throw new DatabaseOpenError(`cannot open the database at ${where}: ${describe(error)}`)
  }
}

/** A connection string without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '(unparseable URL)'
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? `${code} ${error.message}` : error.message
}
