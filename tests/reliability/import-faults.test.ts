/** Catalog imports cut half-way, by SIGKILL or by a database crash, leave the catalog exactly as before. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import postgres from 'postgres'
import { generatedCatalog } from '../catalog/fixtures.ts'
import { type PgCluster, pgClusterUnavailable, startPgCluster } from '../support/pg-cluster.ts'
import { spawnCli, waitUntil } from '../support/processes.ts'
import { createScratchDatabase } from '../support/scratch-db.ts'
import { catalogCounts, exportCatalog, importInProcess, scratchDir } from './harness.ts'

const unavailable = pgClusterUnavailable()
if (unavailable !== null) console.warn(`skipping the import fault tests: ${unavailable}`)

describe.skipIf(unavailable !== null)('catalog import faults', () => {
  const files = scratchDir()
  let cluster: PgCluster | undefined

  /** A new database on the throwaway cluster (deleted with it). */
  async function freshDatabase(): Promise<{ url: string; env: Record<string, string> }> {
    const database = await createScratchDatabase((cluster as PgCluster).url(), 'import')
    return { url: database.url, env: { DATABASE_URL: database.url } }
  }

  beforeAll(async () => {
    cluster = await startPgCluster()
  }, 60_000)

  afterAll(async () => {
    await cluster?.destroy()
    files.remove()
  }, 60_000)

  test('a catalog import killed with SIGKILL half-way leaves the catalog exactly as before', async () => {
    const { url, env } = await freshDatabase()
    const before = await importedBase(url, env)
    const importer = spawnCli(
      ['catalog', 'import', files.file('killed.json', generatedCatalog(2500, 'Changed'))],
      env,
    )
    try {
      expect(await untilHalfWritten(url)).not.toBeNull()
    } finally {
      importer.kill('SIGKILL')
    }
    await importer.exited
    expect(importer.signalCode).toBe('SIGKILL')
    expect(await untilAlone(url)).not.toBeNull()
    expect(await catalogCounts(url)).toEqual(before.counts)
    expect(await exportCatalog(env, 'acme')).toEqual(before.catalog)
  }, 90_000)

  test('a catalog import cut half-way by a database crash leaves the catalog exactly as before', async () => {
    const { url, env } = await freshDatabase()
    const before = await importedBase(url, env)
    const importer = spawnCli(
      ['catalog', 'import', files.file('crashed.json', generatedCatalog(2500, 'Changed'))],
      env,
    )
    try {
      expect(await untilHalfWritten(url)).not.toBeNull()
      await (cluster as PgCluster).stop('immediate')
      await (cluster as PgCluster).start()
    } finally {
      importer.kill('SIGKILL')
    }
    expect(await importer.exited).not.toBe(0)
    expect(await catalogCounts(url)).toEqual(before.counts)
    expect(await exportCatalog(env, 'acme')).toEqual(before.catalog)
  }, 90_000)
})

/** Imports 1000 generated products, then returns the catalog's export and row counts. */
async function importedBase(url: string, env: Record<string, string>) {
  await importInProcess(url, generatedCatalog(1000))
  return { counts: await catalogCounts(url), catalog: await exportCatalog(env, 'acme') }
}

/**
 * Waits until another session's open transaction has written products and moved on to their names, pages
 * or titles: the import is half-way, with rows that only its commit would make visible.
 */
async function untilHalfWritten(url: string): Promise<number | null> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return await waitUntil(
      async () => {
        const rows = await sql`
          select query from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null`
        return rows.some((r) => /^insert into "(product_names|pages|page_titles)"/i.test(String(r.query)))
      },
      60_000,
      5,
    )
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** Waits until no other session is connected to the database (the killed import's session has ended). */
async function untilAlone(url: string): Promise<number | null> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return await waitUntil(async () => {
      const [row] = await sql`
        select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`
      return row?.n === 0
    }, 30_000)
  } finally {
    await sql.end({ timeout: 5 })
  }
}
