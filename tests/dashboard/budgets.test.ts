/** Each person's budget of the dashboard's heavy work: drawings on the Codes page, catalog files in and out. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DATABASE_HOOK_TIMEOUT_MS } from '../support/db.ts'
import { type Harness, importProducts, OAT_DRINK, openHarness, signedIn, textOf } from './harness.ts'

let h: Harness
const GTIN = '09506000134352'

beforeAll(async () => {
  // Three drawings (100 each) at once, two files of a few KiB; the harness clock stands still, so nothing refills.
  h = await openHarness({
    budgets: {
      drawing: { concurrent: 4, burst: 300, perSecond: 10 },
      files: { concurrent: 1, burst: 6, perSecond: 1 },
    },
  })
  await importProducts(h.database, [OAT_DRINK])
}, DATABASE_HOOK_TIMEOUT_MS)

afterAll(async () => {
  await h.close()
}, DATABASE_HOOK_TIMEOUT_MS)

describe('the dashboard’s budgets of heavy work, per person', () => {
  test('drawings: past the budget the Codes page and its SVG answer 429 with Retry-After; the empty form draws nothing', async () => {
    const viewer = await signedIn(h, 'viewer')
    for (let i = 0; i < 5; i++) expect((await viewer.get('/orgs/acme/codes')).status).toBe(200)
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const path = i % 2 === 0 ? '/orgs/acme/codes' : '/orgs/acme/codes/svg'
      statuses.push((await viewer.get(`${path}?gtin=${GTIN}&lot=L${i}&symbol=qr&ecc=H`)).status)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    const refused = await viewer.get(`/orgs/acme/codes/svg?gtin=${GTIN}&lot=X&symbol=qr`)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(textOf(await refused.text())).toContain('Too much at once')
    // Another person has a budget of their own.
    const owner = await signedIn(h, 'owner')
    expect((await owner.get(`/orgs/acme/codes/svg?gtin=${GTIN}&symbol=qr`)).status).toBe(200)
  })

  test("drawings: a code's PNG and PDF spend the same budget as its SVG, and past it answer 429 with Retry-After", async () => {
    const editor = await signedIn(h, 'editor')
    const statuses: number[] = []
    for (const format of ['png', 'pdf', 'svg', 'png', 'pdf']) {
      statuses.push((await editor.get(`/orgs/acme/codes/${format}?gtin=${GTIN}&lot=P&symbol=qr`)).status)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    const refused = await editor.get(`/orgs/acme/codes/pdf?gtin=${GTIN}&symbol=dm`)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  test('files: an export is charged what it wrote, an upload what it sent, before either is read', async () => {
    const editor = await signedIn(h, 'editor')
    const exported = await editor.get('/orgs/acme/catalog/export')
    expect(exported.status).toBe(200)
    const text = await exported.text()
    expect(text.length).toBeGreaterThan(600)
    // The export cost 1 KiB; an upload of 6 KiB overdraws the budget, and the next file waits.
    const padded = `${text.trimEnd()}${' '.repeat(6 * 1024)}`
    const check = await editor.post('/orgs/acme/catalog/import', { text: padded, action: 'check' })
    expect(check.status).toBe(200)
    const refused = await editor.post('/orgs/acme/catalog/import', { text, action: 'check' })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect((await editor.get('/orgs/acme/catalog/export')).status).toBe(429)
    expect((await editor.get('/orgs/acme/catalog/import')).status).toBe(200)
  })
})
