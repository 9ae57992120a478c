/** An import waits in the catalog lock's queue beyond the pool's statement timeout (a request's seconds), not failing. */
import { describe, expect, test } from 'bun:test'
import { openDatabase } from '../../../src/db/database.ts'
import { importCatalog, lockCatalog } from '../../../src/services/catalog/import.ts'
import { smallCatalog } from '../../catalog/fixtures.ts'
import { TEST_DATABASE_URL } from '../../support/db.ts'
import { createScratchDatabase } from '../../support/scratch-db.ts'

describe.if(TEST_DATABASE_URL !== null)('an import under the pool’s statement timeout', () => {
  test('queues behind another import holding the catalog lock longer than that timeout, then succeeds', async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL as string, 't_import_wait')
    const holder = await openDatabase({ url: scratch.url })
    const pool = await openDatabase({ url: scratch.url, statementTimeoutMs: 200 })
    try {
      let locked: () => void = () => {}
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve
      })
      const held = holder.db.transaction(async (tx) => {
        await lockCatalog(tx)
        locked()
        await Bun.sleep(800)
      })
      await isLocked
      const started = Date.now()
      const result = await importCatalog(pool.db, smallCatalog())
      await held
      expect({ ok: result.ok, waited: Date.now() - started >= 500 }).toEqual({ ok: true, waited: true })
      // The pool's own timeout still holds outside imports.
      await expect(pool.queryRows('select pg_sleep(1)', [])).rejects.toThrow('statement timeout')
    } finally {
      await holder.close()
      await pool.close()
      await scratch.drop()
    }
  }, 30_000)
})
