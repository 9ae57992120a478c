import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createScanAnalytics } from '../../src/analytics/index.ts'
import { startScanPruning } from '../../src/analytics/pruning.ts'
import type { Database } from '../../src/db/database.ts'
import { organizations } from '../../src/db/schema.ts'
import { memoryLogger } from '../../src/lib/log.ts'
import { createResolver } from '../../src/resolver/index.ts'
import { createDbCatalog } from '../../src/services/catalog/db-catalog.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { addScanCounts, scanReport } from '../../src/services/scans/counts.ts'
import { scans } from '../../src/services/scans/report.ts'
import { smallCatalog } from '../catalog/fixtures.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../support/db.ts'
import { waitUntil } from '../support/processes.ts'
import { scanRow } from '../support/scans.ts'

let database: Database
let orgId = ''

beforeAll(async () => {
  database = await openTestDatabase()
  const imported = await importCatalog(database.db, smallCatalog())
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
  orgId = (await database.db.select().from(organizations))[0]?.id ?? ''
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

/** The test database whose `db` members are replaced by what `fault(name)` gives for them (kept when undefined). */
function faultyDatabase(fault: (name: string | symbol) => unknown): Database {
  return {
    ...database,
    db: new Proxy(database.db, {
      get: (target, key, receiver) => fault(key) ?? Reflect.get(target, key, receiver),
    }),
  }
}

describe('scan analytics in the service', () => {
  test('counts are exact after a load of known size through the real resolver, and shutdown writes the last ones', async () => {
    const logger = memoryLogger()
    const analytics = createScanAnalytics({
      database,
      logger,
      clock: Date.now,
      retentionDays: 400,
      flushIntervalMs: 20,
    })
    const catalog = createDbCatalog(database)
    await catalog.start()
    const resolver = createResolver({
      catalog,
      config: { resolverUrl: 'http://r.test', shortUrl: 'http://s.test', customDomainScheme: 'https' },
      onScan: analytics.onScan,
    })
    const SCANS = 1000
    const day = (t: number) => new Date(t).toISOString().slice(0, 10)
    // The scans' days (two when the run crosses midnight UTC).
    const from = day(Date.now())
    const headers = (i: number) => ({ 'user-agent': i % 4 === 0 ? 'curl/8' : 'Mozilla/5.0 (iPhone) Mobile' })
    const answers = await Promise.all(
      Array.from({ length: SCANS }, (_, i) =>
        resolver(new Request('https://id.acme.example/01/09506000134352/10/L1', { headers: headers(i) })),
      ),
    )
    expect(answers.every((r) => r.status === 307)).toBe(true)
    await analytics.close()
    await catalog.close()
    const byDevice = await scanReport(database.db, {
      organizationId: orgId,
      from,
      to: day(Date.now()),
      groupBy: 'device',
    })
    expect(byDevice).toEqual([
      { key: 'mobile', count: 750 },
      { key: 'bot', count: 250 },
    ])
    expect(analytics.counter.dropped()).toBe(0)
  })

  test('a scan on the resolver or short host that hops to the custom domain is counted as domain_redirect, and GET /scans shows it', async () => {
    const now = Date.parse('2026-12-05T09:00:00Z')
    const analytics = createScanAnalytics({
      database,
      logger: memoryLogger(),
      clock: () => now,
      retentionDays: 400,
      flushIntervalMs: 60_000,
    })
    const catalog = createDbCatalog(database)
    await catalog.start()
    const resolver = createResolver({
      catalog,
      config: { resolverUrl: 'http://r.test', shortUrl: 'http://s.test', customDomainScheme: 'https' },
      onScan: (event) => analytics.onScan({ ...event, at: now }),
    })
    const scan = (url: string) =>
      resolver(new Request(url, { headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' } }))
    for (const origin of ['http://r.test', 'http://r.test', 'http://s.test']) {
      const hop = await scan(`${origin}/01/09506000134352`)
      expect(hop.headers.get('location')).toBe('https://id.acme.example/01/09506000134352')
    }
    expect((await scan('https://id.acme.example/01/09506000134352')).status).toBe(307)
    await analytics.close()
    await catalog.close()
    const report = async (groupBy: string) => {
      const r = await scans(database.db, orgId, { from: '2026-12-05', to: '2026-12-05', groupBy }, now)
      return r.ok ? r.body : r.errors
    }
    expect(await report('outcome')).toMatchObject({
      total: 4,
      groups: [
        { key: 'domain_redirect', count: 3 },
        { key: 'redirect', count: 1 },
      ],
    })
    expect(await report('host')).toMatchObject({
      groups: [
        { key: 'resolver', count: 2 },
        { key: 'custom', count: 1 },
        { key: 'short', count: 1 },
      ],
    })
  })

  test('a database outage loses nothing: one log line, counts kept, written once it is back', async () => {
    const logger = memoryLogger()
    let down = true
    const flaky = faultyDatabase((key) =>
      down && key === 'execute' ? () => Promise.reject(new Error('connection refused')) : undefined,
    )
    const analytics = createScanAnalytics({
      database: flaky,
      logger,
      clock: Date.now,
      retentionDays: 400,
      flushIntervalMs: 60_000,
    })
    const event = {
      organizationId: orgId,
      gtin: '09506000134376',
      host: 'resolver' as const,
      outcome: 'redirect' as const,
      linkType: 'gs1:pip',
      language: 'fr',
      lot: false,
      serial: false,
      expiry: false,
      compressed: false,
      device: 'desktop' as const,
      at: Date.now(),
    }
    for (let i = 0; i < 7; i++) analytics.onScan(event)
    await analytics.counter.flush()
    analytics.onScan(event)
    await analytics.counter.flush()
    expect(logger.lines.filter((l) => l.includes('analytics.flush_failed'))).toHaveLength(1)
    down = false
    await analytics.close()
    expect(logger.lines.some((l) => l.includes('analytics.flush_recovered'))).toBe(true)
    const today = new Date().toISOString().slice(0, 10)
    const counts = await scanReport(database.db, {
      organizationId: orgId,
      from: today,
      to: today,
      groupBy: 'gtin',
      gtin: '09506000134376',
    })
    expect(counts).toEqual([{ key: '09506000134376', count: 8 }])
  })

  test('old days are pruned shortly after the start, off the start: an instance restarted daily prunes too', async () => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
    await addScanCounts(database.db, [
      scanRow(orgId, { day: day(100), count: 3 }),
      scanRow(orgId, { day: day(2), count: 2 }),
    ])
    const logger = memoryLogger()
    const analytics = createScanAnalytics({
      database,
      logger,
      clock: Date.now,
      retentionDays: 30,
      pruneDelayMs: 50,
    })
    // Nothing is pruned while the service starts: the pruning comes after the delay, in the background.
    expect(logger.lines).toEqual([])
    const pruned = await waitUntil(async () => logger.lines.some((l) => l.includes('analytics.pruned')), 5000)
    await analytics.close()
    expect(pruned).not.toBeNull()
    expect(logger.lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ event: 'analytics.pruned', rows: 1 }),
    ])
    const days = await scanReport(database.db, {
      organizationId: orgId,
      from: day(120),
      to: day(2),
      groupBy: 'day',
    })
    expect(days).toEqual([{ key: day(2), count: 2 }])
  })

  test('with scan counting off (ANALYTICS=off) old days are still pruned: the resolver half runs the pruning alone', async () => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
    await addScanCounts(database.db, [scanRow(orgId, { day: day(200), count: 5 })])
    const logger = memoryLogger()
    const pruning = startScanPruning({
      database,
      logger,
      clock: Date.now,
      retentionDays: 30,
      pruneDelayMs: 10,
    })
    const pruned = await waitUntil(async () => logger.lines.some((l) => l.includes('analytics.pruned')), 5000)
    await pruning.stop()
    expect(pruned).not.toBeNull()
    const days = await scanReport(database.db, {
      organizationId: orgId,
      from: day(220),
      to: day(180),
      groupBy: 'day',
    })
    expect(days).toEqual([])
  })

  test('a pruning that fails is one log line naming the error, never a thrown error or a failed close', async () => {
    const logger = memoryLogger()
    const broken = faultyDatabase((key) =>
      key === 'selectDistinct' || key === 'delete'
        ? () => {
            throw new Error('connection refused')
          }
        : undefined,
    )
    const analytics = createScanAnalytics({
      database: broken,
      logger,
      clock: Date.now,
      retentionDays: 30,
      pruneDelayMs: 0,
    })
    const failed = await waitUntil(
      async () => logger.lines.some((l) => l.includes('analytics.prune_failed')),
      5000,
    )
    expect(failed).not.toBeNull()
    await analytics.close()
    expect(logger.lines).toHaveLength(1)
    expect(JSON.parse(logger.lines[0] ?? '{}')).toMatchObject({
      event: 'analytics.prune_failed',
      error: 'Error',
    })
  })
})
