/** The scan chart of an item's and a prefix rule's page: scans counted through the real resolver and analytics. */
import { describe, expect, test } from 'bun:test'
import { createScanAnalytics } from '../../src/analytics/index.ts'
import { memoryLogger } from '../../src/lib/log.ts'
import { createResolver } from '../../src/resolver/index.ts'
import { createDbCatalog } from '../../src/services/catalog/db-catalog.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { linkedEntry, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()
const GTIN = '09506000134352'
const GLN = '9506000000008'
/** Two SSCCs under the rule's prefix 0950600. */
const SSCC_A = '095060000000000008'
const SSCC_B = '095060012345670006'

/** Scans `paths` on the resolver host through the resolver and the service's scan analytics, on the harness's day. */
async function scanAll(paths: readonly string[]): Promise<number[]> {
  const analytics = createScanAnalytics({
    database: h.database,
    logger: memoryLogger(),
    clock: () => h.clock.now,
    retentionDays: 400,
    flushIntervalMs: 60_000,
  })
  const catalog = createDbCatalog(h.database)
  await catalog.start()
  const resolver = createResolver({
    catalog,
    config: { resolverUrl: 'http://id.test', shortUrl: 'http://s.test', customDomainScheme: 'https' },
    onScan: (event) => analytics.onScan({ ...event, at: h.clock.now }),
  })
  const statuses: number[] = []
  for (const path of paths) {
    const answer = await resolver(
      new Request(`http://id.test${path}`, { headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' } }),
    )
    statuses.push(answer.status)
  }
  await analytics.close()
  await catalog.close()
  return statuses
}

describe('scans on the pages of items and prefix rules', () => {
  test('an item and a rule with no scans say so where a product does', async () => {
    const imported = await importCatalog(h.database.db, {
      products: [linkedEntry({ gtin: GTIN }, 'oat-drink', 'https://oats.example/')],
      items: [linkedEntry({ key: '414', value: GLN }, 'depot', 'https://maps.example/{value}')],
      rules: [linkedEntry({ key: '00', prefix: '0950600' }, 'pallets', 'https://track.example/{value}')],
    })
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
    const viewer = await signedIn(h, 'viewer')
    for (const path of [`/products/${GTIN}`, `/items/414/${GLN}`, '/rules/00/0950600']) {
      const page = await viewer.get(`/orgs/acme${path}`)
      expect(page.status).toBe(200)
      expect(textOf(await page.text())).toContain(
        'Scans Scans of the last 30 days: no scans from 2026-10-26 to 2026-11-24.',
      )
    }
  })

  test('after scans, the item page charts its own, the rule page every value it answered, the product page its own', async () => {
    const statuses = await scanAll([
      `/414/${GLN}`,
      `/414/${GLN}/254/A1`,
      `/414/${GLN}`,
      `/00/${SSCC_A}`,
      `/00/${SSCC_B}`,
      `/01/${GTIN}`,
    ])
    expect(statuses).toEqual([307, 307, 307, 307, 307, 307])
    const viewer = await signedIn(h, 'viewer')
    const chartOf = async (path: string) => {
      const page = await viewer.get(`/orgs/acme${path}`)
      expect(page.status).toBe(200)
      const body = await page.text()
      expect(body).toContain('<svg viewBox="0 0 720 178" role="img" aria-labelledby="chart-title"')
      return textOf(body)
    }
    const item = await chartOf(`/items/414/${GLN}`)
    expect(item).toContain('Scans of the last 30 days: 3 scans; the busiest day had 3.')
    expect(item).toContain('2026-11-24 3')
    const rule = await chartOf('/rules/00/0950600')
    expect(rule).toContain('Scans of the last 30 days: 2 scans; the busiest day had 2.')
    expect(rule).toContain('2026-11-24 2')
    const product = await chartOf(`/products/${GTIN}`)
    expect(product).toContain('Scans of the last 30 days: 1 scan; the busiest day had 1.')
    // The Overview adds them all up.
    expect(textOf(await (await viewer.get('/orgs/acme')).text())).toContain('Scans per day: 6 scans')
  })

  test("the Scans page's top list names items and rules as messages do, and links each to its own page", async () => {
    const viewer = await signedIn(h, 'viewer')
    const body = await (await viewer.get('/orgs/acme/scans')).text()
    expect(body).toContain(`<a href="/orgs/acme/items/414/${GLN}">depot</a>`)
    expect(body).toContain('<a href="/orgs/acme/rules/00/0950600">pallets</a>')
    expect(body).toContain(`<a href="/orgs/acme/products/${GTIN}">oat-drink</a>`)
    expect(textOf(body)).toContain(
      `depot (414) ${GLN} 3 50% pallets (00) 0950600* 2 33% oat-drink ${GTIN} 1 17%`,
    )
  })
})
