import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { csvCell } from '../../src/dashboard/routes/scans.ts'
import { addScanCounts, type ScanCountRow } from '../../src/services/scans/counts.ts'
import { DATABASE_HOOK_TIMEOUT_MS } from '../support/db.ts'
import { scanRow } from '../support/scans.ts'
import { type Harness, importProducts, OAT_DRINK, openHarness, signedIn, textOf } from './harness.ts'

let h: Harness
const GTIN = '09506000134352'
const GONE = '04012345000009'

beforeAll(async () => {
  h = await openHarness()
  await importProducts(h.database, [OAT_DRINK])
  const row = (o: Partial<ScanCountRow>) => scanRow(h.orgIds.acme as string, { day: '2026-11-23', ...o })
  await addScanCounts(h.database.db, [
    row({ count: 30 }),
    row({ day: '2026-11-24', device: 'desktop', count: 10, language: 'de' }),
    row({ day: '2026-11-24', outcome: 'linkset', linkType: '', count: 2 }),
    // Scans of a product that has since left the catalog.
    row({ gtin: GONE, count: 1 }),
  ])
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await h?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

describe('Scans page', () => {
  test('shows the days as a chart with a table, the top products by name, and the breakdowns with shares', async () => {
    const viewer = await signedIn(h, 'viewer')
    const page = await viewer.get('/orgs/acme/scans')
    expect(page.status).toBe(200)
    const body = await page.text()
    expect(body).toContain('<svg viewBox="0 0 720 178" role="img"')
    const text = textOf(body)
    expect(text).toContain('Scans per day: 43 scans from 2026-10-26 to 2026-11-24')
    expect(text).toContain('2026-11-23 31')
    expect(text).toContain(`Oat drink ${GTIN} 42 98% ${GONE} no longer in the catalog 1 2%`)
    expect(body).not.toContain(`/products/${GONE}`)
    expect(text).toContain('By device Device Scans Share phone or tablet 33 77%')
    expect(text).toContain('By link type Link type Scans Share Product Information Page (gs1:pip) 41 95%')
    expect(text).toContain('By language served Language Scans Share English (en) 33 77% German (de) 10 23%')
    expect(text).toContain('none 2')
  })

  test('a hop to the custom domain shows as its own answer, on the host it was scanned on', async () => {
    await addScanCounts(h.database.db, [
      scanRow(h.orgIds.acme as string, {
        day: '2026-06-10',
        outcome: 'domain_redirect',
        linkType: '',
        language: '',
        count: 5,
      }),
      scanRow(h.orgIds.acme as string, { day: '2026-06-10', hostKind: 'custom', count: 3 }),
    ])
    const viewer = await signedIn(h, 'viewer')
    const text = textOf(await (await viewer.get('/orgs/acme/scans?from=2026-06-10&to=2026-06-10')).text())
    expect(text).toContain(
      'By answer Answer Scans Share redirect to the custom domain 5 63% redirect to a page 3 38%',
    )
    expect(text).toContain('By host scanned Host Scans Share resolver host 5 63% custom domain 3 38%')
    // The hop and the answer on the custom domain are one scan: the headline, the bars, the figures per day and the
    // top products count the answers only; the breakdowns list every scan, their shares of their own sum.
    expect(text).toContain(
      'Scans per day: 3 scans · 5 more were forwarded to the custom domain first; the busiest day had 3.',
    )
    expect(text).toContain('The figures per day Day Scans 2026-06-10 3 ')
    expect(text).toContain(`Top products Product Scans Share Oat drink ${GTIN} 3 100%`)
    expect(text).toContain('By device Device Scans Share phone or tablet 8 100%')
  })

  test('the CSV per product and per day; a bad range is explained', async () => {
    const viewer = await signedIn(h, 'viewer')
    const csv = await viewer.get('/orgs/acme/scans.csv?from=2026-11-01&to=2026-11-30&groupBy=gtin')
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="acme-scans-gtin-2026-11-01-2026-11-30.csv"',
    )
    expect(await csv.text()).toBe(`gtin,scans\r\n${GTIN},42\r\n${GONE},1\r\n`)
    const bad = await viewer.get('/orgs/acme/scans?from=2026-13-01')
    expect(bad.status).toBe(400)
    expect(textOf(await bad.text())).toContain('from must be a day as YYYY-MM-DD')
  })

  test('CSV cells are quoted and never start a formula', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
  })

  test('a product page and the Overview show their scans of the last 30 days', async () => {
    const viewer = await signedIn(h, 'viewer')
    expect(textOf(await (await viewer.get(`/orgs/acme/products/${GTIN}`)).text())).toContain(
      'Scans of the last 30 days: 42 scans',
    )
    expect(textOf(await (await viewer.get('/orgs/acme')).text())).toContain('Scans per day: 43 scans')
  })
  test('the Overview and a product page headline the answered scans, and say how many were forwarded', async () => {
    // Four phones scanned the resolver's host, were forwarded to the custom domain and answered there.
    const forwardedTo = (hostKind: string, outcome: string) =>
      scanRow(h.orgIds.acme as string, { day: '2026-11-22', hostKind, outcome, count: 4 })
    await addScanCounts(h.database.db, [
      forwardedTo('resolver', 'domain_redirect'),
      forwardedTo('custom', 'redirect'),
    ])
    const viewer = await signedIn(h, 'viewer')
    const forwarded = '· 4 more were forwarded to the custom domain first'
    expect(textOf(await (await viewer.get(`/orgs/acme/products/${GTIN}`)).text())).toContain(
      `Scans of the last 30 days: 46 scans ${forwarded}; the busiest day had 30.`,
    )
    expect(textOf(await (await viewer.get('/orgs/acme')).text())).toContain(
      `Scans per day: 47 scans ${forwarded}`,
    )
    expect(textOf(await (await viewer.get('/orgs/acme/scans')).text())).toContain(
      `Scans per day: 47 scans from 2026-10-26 to 2026-11-24 ${forwarded}`,
    )
  })
})
