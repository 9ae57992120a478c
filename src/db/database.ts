/** Opens the database: Postgres through postgres.js when a URL is given, else embedded PGlite; both migrated. */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { withDeadline } from '../lib/deadline.ts'
import { ADVISORY_LOCKS } from './advisory-locks.ts'
import { type PostgresTarget, postgresTarget, socketOption } from './connection-url.ts'
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts'
import { createListener, type ListenEvents, type OnPayload } from './listener.ts'
import { servePglite, sharedDatabaseUrl, socketPath } from './pglite-server.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** A transaction handle, usable wherever a `Db` is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** An open, migrated database with the few driver-level operations the app needs. */
export interface Database {
  readonly db: Db
  readonly kind: 'postgres' | 'pglite'
  /** Connections the pool may open (PGlite: one). */
  readonly poolSize: number
  /**
   * Where other threads and processes of this machine reach this embedded database while it is open (a connection
   * URL for its Unix socket, `src/db/pglite-server.ts`); absent for Postgres and for an unshared PGlite.
   */
  readonly sharedUrl?: string
  /**
   * Subscribes to a Postgres notification channel; resolves to an unsubscribe function. `onPayload` is also
   * called, with '', when the subscription is renewed after a lost connection (notifications may have been missed);
   * `events` hears once when the connection is lost and once when it is back (`listener.ts`).
   */
  listen(channel: string, onPayload: OnPayload, events?: ListenEvents): Promise<() => Promise<void>>
  /**
   * Runs one SQL text with positional parameters (`$1`…), prepared once per connection where the pool prepares, and
   * gives the rows as arrays: the resolver's hot lookups, without the ORM's per-row mapping. JSON columns arrive parsed.
   */
  queryRows(text: string, params: readonly unknown[]): Promise<unknown[][]>
  /** Runs a trivial query; rejects when the database is unreachable. */
  ping(): Promise<void>
  close(): Promise<void>
}

/** How a process uses its Postgres pool: its name in `pg_stat_activity`, and the server-side bound on one statement. */
export interface PostgresSession {
  readonly applicationName?: string
  /** Postgres `statement_timeout` (lock waits included); none by default. */
  readonly statementTimeoutMs?: number
  /**
   * Longest wait for the server to answer a first `select 1`, before the migrations (whose advisory lock may
   * rightly wait for another instance); none by default.
   */
  readonly reachDeadlineMs?: number
}

/** How the embedded database of a directory is held. */
export interface EmbeddedUse {
  /** Offer the database on a Unix socket in the directory while it is open (the service does). */
  readonly share?: boolean
  /** Hold the directory or fail: never reach another process's database through its socket (a service). */
  readonly own?: boolean
}

export type DatabaseTarget =
  | ({ url: string } & PostgresSession & PostgresPool)
  | ({ dataDir: string } & EmbeddedUse)
  | { memory: true }
  | { pglite: PGlite }

/** How a Postgres pool is opened: migrated first unless told not to, with this many connections at most. */
export interface PostgresPool {
  /** Run the migrations first (default); a second thread of a process whose first one migrated need not. */
  readonly migrate?: boolean
  readonly poolSize?: number
  /**
   * Use named prepared statements (default). Off for the embedded database's socket: its one backend outlives every
   * client, so each client's named statements would stay in it for as long as the service runs.
   */
  readonly prepare?: boolean
}

/** Connections of the service's Postgres pool. */
const POOL_SIZE = 10

/** Connections to an embedded database shared by a running service: it answers one statement at a time anyway. */
const SHARED_POOL_SIZE = 2

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url))

/** Opens and migrates the target database. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPostgres(target.url, target)
  if ('pglite' in target) return wrapPglite(target.pglite, true)
  if ('memory' in target) return wrapPglite(await PGlite.create(), true)
  return openDataDir(target.dataDir, target.share === true, target.own === true)
}

/**
 * The embedded database in `dataDir`, held by this process; or, unless `own`, while a running service holds it and
 * offers it on its socket, that service's database (migrated by it already).
 */
async function openDataDir(dataDir: string, share: boolean, own: boolean): Promise<Database> {
  mkdirSync(dataDir, { recursive: true })
  let release: () => void
  try {
    release = lockDataDir(dataDir)
  } catch (error) {
    const url = error instanceof DataDirInUseError && !own ? sharedDatabaseUrl(dataDir) : null
    if (url === null) throw error
    return openPostgres(url, { migrate: false, poolSize: SHARED_POOL_SIZE, prepare: false })
  }
  try {
    const pglite = await PGlite.create(dataDir)
    const path = share ? socketPath(dataDir) : null
    return await wrapPglite(pglite, true, release, path)
  } catch (error) {
    release()
    throw error
  }
}

async function openPostgres(
  connectionUrl: string,
  session: PostgresSession & PostgresPool,
): Promise<Database> {
  const target = postgresTarget(connectionUrl)
  if (session.migrate !== false) await migratePostgresLocked(target, session.reachDeadlineMs)
  const poolSize = session.poolSize ?? POOL_SIZE
  const prepare = session.prepare ?? true
  const client = postgres(target.url, {
    ...socketOption(target),
    prepare,
    connection: sessionParameters(session),
    max: poolSize,
    connect_timeout: 3,
    idle_timeout: 30,
    // Reconnection attempts at most 0.5 s apart once the database is back; postgres.js's default backoff grows to
    // 20 s. The LISTEN connection is not in this pool: it has its own (listener.ts).
    backoff: (attempt) => Math.min(0.05 * 2 ** attempt, 0.5),
    onnotice: () => {},
  })
  const db = drizzlePostgres(client, { schema }) as unknown as Db
  const listener = createListener(target, session.applicationName)
  return {
    db,
    kind: 'postgres',
    poolSize,
    listen: (channel, onPayload, events) => listener.listen(channel, onPayload, events),
    queryRows: (text, params) =>
      client.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare }).values(),
    async ping() {
      await client`select 1`
    },
    async close() {
      await Promise.all([listener.close(), client.end({ timeout: 5 })])
    },
  }
}

function sessionParameters(session: PostgresSession): Record<string, string> {
  const parameters: Record<string, string> = {}
  if (session.applicationName !== undefined) parameters.application_name = session.applicationName
  if (session.statementTimeoutMs !== undefined)
    parameters.statement_timeout = String(session.statementTimeoutMs)
  return parameters
}

/**
 * Migrates under the migration lock. With `reachDeadlineMs`, the server's first answer (a `select 1`, before the
 * lock, which may rightly wait for another instance) is bounded: a peer that accepts connections but does not
 * speak Postgres (an HTTP server, say) would otherwise have the driver retry forever.
 */
async function migratePostgresLocked(target: PostgresTarget, reachDeadlineMs?: number): Promise<void> {
  const client = postgres(target.url, {
    ...socketOption(target),
    max: 1,
    connect_timeout: 5,
    onnotice: () => {},
  })
  if (reachDeadlineMs !== undefined) {
    await withDeadline(client`select 1`, reachDeadlineMs).catch(async (error: unknown) => {
      await client.end({ timeout: 0 })
      throw error
    })
  }
  try {
    await client`select pg_advisory_lock(${ADVISORY_LOCKS.migration})`
    await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_FOLDER })
    await client`select pg_advisory_unlock(${ADVISORY_LOCKS.migration})`
  } finally {
    await client.end({ timeout: 5 })
  }
}

/** A PGlite database, migrated; offered on the Unix socket at `sharePath` while open when one is given. */
async function wrapPglite(
  client: PGlite,
  runMigrations: boolean,
  release = () => {},
  sharePath: string | null = null,
): Promise<Database> {
  const db = drizzlePglite(client, { schema }) as unknown as Db
  if (runMigrations) await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER })
  const server = sharePath === null ? null : await servePglite(client, sharePath)
  return {
    db,
    kind: 'pglite',
    poolSize: 1,
    ...(server === null ? {} : { sharedUrl: server.url }),
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload)
      return () => unlisten()
    },
    async queryRows(text, params) {
      return (await client.query<unknown[]>(text, params as unknown[], { rowMode: 'array' })).rows
    },
    async ping() {
      await client.query('select 1')
    },
    async close() {
      await server?.close()
      if (!client.closed) await client.close()
      release()
    },
  }
}
