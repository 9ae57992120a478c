/** The real service with METRICS_PORT: its scans and answers in the metrics, and its scan counts written at shutdown. */
import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../../src/db/database.ts'
import { organizations } from '../../src/db/schema.ts'
import { scanReport } from '../../src/services/scans/counts.ts'
import { freePort, startInstance, waitUntil } from '../support/processes.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

const dir = makeTempDir('metrics')
afterAll(() => removeTempDir(dir))

describe('bun run start with METRICS_PORT', () => {
  test('scans show in /metrics, and the scan counts are in the database after SIGTERM', async () => {
    const metricsPort = await freePort()
    const dataDir = join(dir, 'pglite')
    const instance = await startInstance({
      env: { DATA_DIR: dataDir, METRICS_PORT: String(metricsPort) },
      readyTimeoutMs: 90_000,
    })
    const SCANS = 25
    for (let i = 0; i < SCANS; i++) {
      const r = await fetch(`${instance.resolver}/01/4012345000009/10/LOT${i}`, {
        redirect: 'manual',
        headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' },
      })
      expect(r.status).toBe(307)
    }
    const metrics = `http://127.0.0.1:${metricsPort}/metrics`
    const scraped = await waitUntil(
      async () => (await (await fetch(metrics)).text()).includes(`route="scan",status="3xx"} ${SCANS}`),
      5000,
    )
    expect(scraped).not.toBeNull()
    const text = await (await fetch(metrics)).text()
    expect(text).toContain('gs1dl_catalog_cache_lookups_total{result="hit"}')
    expect(text).toContain('gs1dl_database_up 1')
    expect(text).toMatch(/gs1dl_analytics_buffer_keys \d/)
    expect(await instance.stop()).toBe(0)
    const database = await openDatabase({ dataDir })
    try {
      const [org] = await database.db.select().from(organizations).where(eq(organizations.slug, 'northwind'))
      const today = new Date().toISOString().slice(0, 10)
      const counts = await scanReport(database.db, {
        organizationId: org?.id ?? '',
        from: today,
        to: today,
        groupBy: 'device',
      })
      expect(counts).toEqual([{ key: 'mobile', count: SCANS }])
    } finally {
      await database.close()
    }
  }, 180_000)
})
