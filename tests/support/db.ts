/** A fresh, migrated database per test file: Postgres when DATABASE_URL is set, else a clone of a PGlite template. */
import { afterAll, beforeAll } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { type Database, openDatabase } from '../../src/db/database.ts'
import { createScratchDatabase } from './scratch-db.ts'

let template: Promise<PGlite> | null = null

/** Which backend the database tests run on (DATABASE_URL is read here, once, by the test harness only). */
export const TEST_DATABASE_URL = process.env.DATABASE_URL?.trim() || null

/** Opens an isolated database; `close()` drops it (Postgres) or discards the clone (PGlite). */
export async function openTestDatabase(): Promise<Database> {
  return TEST_DATABASE_URL ? openPostgresCopy(TEST_DATABASE_URL) : openPgliteClone()
}

async function openPgliteClone(): Promise<Database> {
  template ??= (async () => {
    const pg = await PGlite.create()
    const migrated = await openDatabase({ pglite: pg })
    void migrated
    return pg
  })()
  const clone = (await (await template).clone()) as PGlite
  return openDatabase({ pglite: clone })
}

async function openPostgresCopy(url: string): Promise<Database> {
  const scratch = await createScratchDatabase(url, 't')
  const database = await openDatabase({ url: scratch.url })
  return {
    ...database,
    async close() {
      await database.close()
      await scratch.drop()
    },
  }
}

/** Hooks may wait for the PGlite template's first start (seconds of WebAssembly compilation on a busy machine). */
export const DATABASE_HOOK_TIMEOUT_MS = 120_000

/**
 * Registers `beforeAll`/`afterAll` hooks (with the database hook timeout) that open something for the current
 * file and close it after, and returns an accessor for it (`what` names it in the error before it is open).
 */
export function useFileFixture<T>(
  what: string,
  open: () => Promise<T>,
  close: (opened: T) => Promise<void>,
): () => T {
  let opened: T | undefined
  beforeAll(async () => {
    opened = await open()
  }, DATABASE_HOOK_TIMEOUT_MS)
  afterAll(async () => {
    if (opened !== undefined) await close(opened)
  }, DATABASE_HOOK_TIMEOUT_MS)
  return () => {
    if (opened === undefined) throw new Error(`${what} is not open yet`)
    return opened
  }
}

/**
 * Registers `beforeAll`/`afterAll` hooks that open and close a test database for the current file, and returns
 * an accessor for it.
 */
export function useTestDatabase(): () => Database {
  return useFileFixture('the test database', openTestDatabase, (database) => database.close())
}
