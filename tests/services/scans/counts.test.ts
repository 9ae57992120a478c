import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Database } from '../../../src/db/database.ts'
import { organizations, scanCounts } from '../../../src/db/schema.ts'
import { createOrganization } from '../../../src/services/people/organizations.ts'
import {
  addScanCounts,
  pruneScanCounts,
  type ScanCountRow,
  scanReport,
} from '../../../src/services/scans/counts.ts'
import { scans } from '../../../src/services/scans/report.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../../support/db.ts'
import { scanRow } from '../../support/scans.ts'

let database: Database
const org: Record<string, string> = {}

const row = (overrides: Partial<ScanCountRow> = {}) => scanRow(org.acme ?? '', overrides)

beforeAll(async () => {
  database = await openTestDatabase()
  for (const slug of ['acme', 'globex']) {
    await createOrganization(database.db, { slug, name: slug, plan: 'free', subscriptionStatus: 'active' })
  }
  for (const o of await database.db.select().from(organizations)) org[o.slug] = o.id
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

describe('scan counts', () => {
  test('each flush adds to the stored counts (count = count + excluded.count)', async () => {
    await addScanCounts(database.db, [row({ count: 3, withLot: 1 }), row({ language: 'de', count: 2 })])
    await addScanCounts(database.db, [row({ count: 4, withLot: 2 })])
    const byLanguage = await scanReport(database.db, {
      organizationId: org.acme ?? '',
      from: '2026-11-01',
      to: '2026-11-30',
      groupBy: 'language',
    })
    expect(byLanguage).toEqual([
      { key: 'en', count: 7 },
      { key: 'de', count: 2 },
    ])
  })

  test('reports group by every dimension, stay inside the organization and the range, and filter by GTIN', async () => {
    await addScanCounts(database.db, [
      row({ day: '2026-11-20', gtin: '04000000000006', device: 'desktop', count: 5 }),
      row({ day: '2026-10-01', count: 100 }),
      row({ organizationId: org.globex ?? '', count: 1000 }),
    ])
    const q = { organizationId: org.acme ?? '', from: '2026-11-01', to: '2026-11-30' }
    expect(await scanReport(database.db, { ...q, groupBy: 'day' })).toEqual([
      { key: '2026-11-20', count: 5 },
      { key: '2026-11-24', count: 9 },
    ])
    expect(await scanReport(database.db, { ...q, groupBy: 'gtin' })).toEqual([
      { key: '09506000134352', count: 9 },
      { key: '04000000000006', count: 5 },
    ])
    expect(await scanReport(database.db, { ...q, groupBy: 'device', gtin: '04000000000006' })).toEqual([
      { key: 'desktop', count: 5 },
    ])
    for (const groupBy of ['linkType', 'host', 'outcome'] as const) {
      const total = (await scanReport(database.db, { ...q, groupBy })).reduce((n, g) => n + g.count, 0)
      expect({ groupBy, total }).toEqual({ groupBy, total: 14 })
    }
    expect(await scanReport(database.db, { ...q, groupBy: 'gtin', limit: 1 })).toHaveLength(1)
  })

  test('the answered scans leave out the hops to a custom domain; the report as GET /scans gives keeps them', async () => {
    const created = await createOrganization(database.db, {
      slug: 'initech',
      name: 'Initech',
      plan: 'free',
      subscriptionStatus: 'active',
    })
    if (!created.ok) throw new Error(created.message)
    const [stored] = await database.db.select().from(organizations).where(eq(organizations.slug, 'initech'))
    const initech = stored?.id ?? ''
    await addScanCounts(database.db, [
      scanRow(initech, { day: '2026-10-05', outcome: 'domain_redirect', count: 5 }),
      scanRow(initech, { day: '2026-10-05', hostKind: 'custom', outcome: 'redirect', count: 5 }),
      scanRow(initech, { day: '2026-10-06', outcome: 'not_found', count: 1 }),
    ])
    const range = { from: '2026-10-01', to: '2026-10-31' }
    const byDay = async (answered?: boolean) => {
      const r = await scans(database.db, initech, { ...range, groupBy: 'day', answered }, Date.now())
      return r.ok ? [r.body.total, r.body.groups] : r.errors
    }
    expect(await byDay(true)).toEqual([
      6,
      [
        { key: '2026-10-05', count: 5 },
        { key: '2026-10-06', count: 1 },
      ],
    ])
    expect(await byDay()).toEqual([
      11,
      [
        { key: '2026-10-05', count: 10 },
        { key: '2026-10-06', count: 1 },
      ],
    ])
    // The other tests of this file count every stored row.
    await database.db.delete(scanCounts).where(eq(scanCounts.organizationId, initech))
  })

  test('counts of a deleted organization are dropped, not a failed batch', async () => {
    await addScanCounts(database.db, [
      row({ organizationId: '00000000-0000-4000-8000-00000000dead' }),
      row({ day: '2026-11-25' }),
    ])
    const days = await scanReport(database.db, {
      organizationId: org.acme ?? '',
      from: '2026-11-25',
      to: '2026-11-25',
      groupBy: 'day',
    })
    expect(days).toEqual([{ key: '2026-11-25', count: 1 }])
  })

  test('pruning deletes the days before the retention', async () => {
    const now = Date.parse('2026-11-24T12:00:00Z')
    expect(await pruneScanCounts(database.db, now, 30)).toBe(1)
    const q = {
      organizationId: org.acme ?? '',
      from: '2026-01-01',
      to: '2026-12-31',
      groupBy: 'day' as const,
    }
    expect((await scanReport(database.db, q)).map((d) => d.key)).not.toContain('2026-10-01')
  })

  test('pruning a long backlog deletes every old day of every organization, and keeps the retention', async () => {
    await addScanCounts(database.db, [
      row({ day: '2024-01-01' }),
      row({ day: '2024-01-01', device: 'desktop' }),
      row({ day: '2025-03-15', organizationId: org.globex ?? '' }),
      row({ day: '2026-09-10', count: 7 }),
    ])
    const now = Date.parse('2026-11-24T12:00:00Z')
    expect(await pruneScanCounts(database.db, now, 400)).toBe(3)
    expect(await pruneScanCounts(database.db, now, 400)).toBe(0)
    const q = {
      organizationId: org.acme ?? '',
      from: '2026-09-10',
      to: '2026-09-10',
      groupBy: 'day' as const,
    }
    expect(await scanReport(database.db, q)).toEqual([{ key: '2026-09-10', count: 7 }])
  })
})

describe('scans of every key (DESIGN §12)', () => {
  test('group by the entry scanned and by its GS1 key: products under 01, items and rules under theirs', async () => {
    const q = { organizationId: org.globex ?? '', from: '2026-12-01', to: '2026-12-31' }
    await addScanCounts(database.db, [
      row({ organizationId: org.globex ?? '', day: '2026-12-01', gtin: '09506000134352', count: 2 }),
      row({ organizationId: org.globex ?? '', day: '2026-12-01', gtin: '414/9506000000008', count: 3 }),
      row({ organizationId: org.globex ?? '', day: '2026-12-01', gtin: '00/0950600~', count: 4 }),
      row({ organizationId: org.globex ?? '', day: '2026-12-01', gtin: '00/095060001343520000', count: 1 }),
    ])
    expect(await scanReport(database.db, { ...q, groupBy: 'key' })).toEqual([
      { key: '00', count: 5 },
      { key: '414', count: 3 },
      { key: '01', count: 2 },
    ])
    expect(await scanReport(database.db, { ...q, groupBy: 'gtin' })).toEqual([
      { key: '00/0950600~', count: 4 },
      { key: '414/9506000000008', count: 3 },
      { key: '09506000134352', count: 2 },
      { key: '00/095060001343520000', count: 1 },
    ])
  })
})
