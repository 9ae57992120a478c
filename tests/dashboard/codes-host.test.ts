/** The Codes page's link host: a brand's active custom domain is preselected, so printed codes skip the redirect to it. */
import { describe, expect, test } from 'bun:test'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { type Browser, linkedEntry, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()
/** A product of Acme Oats, whose custom domain oats.example is active. */
const OATS_GTIN = '09506000134352'
/** A product of Acme Bars, which has no custom domain. */
const BARS_GTIN = '09506000134369'

async function viewer(): Promise<Browser> {
  const imported = await importCatalog(h.database.db, {
    brands: [
      {
        slug: 'acme-oats',
        name: 'Acme Oats',
        organization: 'acme',
        customDomain: 'oats.example',
        customDomainActive: true,
      },
      { slug: 'acme-bars', name: 'Acme Bars', organization: 'acme' },
    ],
    products: [
      linkedEntry({ gtin: OATS_GTIN }, 'oat-drink', 'https://oats.example/drink'),
      linkedEntry({ gtin: BARS_GTIN, brand: 'acme-bars' }, 'oat-bar', 'https://bars.example/bar'),
    ],
  })
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
  return signedIn(h, 'viewer')
}

/** The option selected in each of the page's link host selects, by the select's id. */
function selectedHosts(page: string): Record<string, string> {
  const hosts: Record<string, string> = {}
  for (const m of page.matchAll(/<select[^>]*id="([^"]*host)"[^>]*>([\s\S]*?)<\/select>/g))
    hosts[m[1] as string] = /<option value="([^"]*)" selected>/.exec(m[2] as string)?.[1] ?? ''
  return hosts
}

describe('Codes page link host', () => {
  test('a product of a brand with an active custom domain links there unless another host is chosen', async () => {
    const b = await viewer()
    const page = await (await b.get(`/orgs/acme/codes?gtin=${OATS_GTIN}`)).text()
    expect(selectedHosts(page)).toEqual({ 'f-host': 'custom', 'f-batch-host': 'custom' })
    const text = textOf(page)
    expect(text).toContain(`Barcode text https://oats.example/01/${OATS_GTIN}`)
    expect(text).not.toContain('no active custom domain')
    const chosen = await (await b.get(`/orgs/acme/codes?gtin=${OATS_GTIN}&host=resolver`)).text()
    expect(selectedHosts(chosen)['f-host']).toBe('resolver')
    expect(textOf(chosen)).toContain(`Barcode text http://id.test/01/${OATS_GTIN}`)
  })

  test("a product of a brand without one links to the resolver's host, without a warning", async () => {
    const b = await viewer()
    const page = await (await b.get(`/orgs/acme/codes?gtin=${BARS_GTIN}`)).text()
    expect(selectedHosts(page)['f-host']).toBe('resolver')
    const text = textOf(page)
    expect(text).toContain(`Barcode text http://id.test/01/${BARS_GTIN}`)
    expect(text).not.toContain('no active custom domain')
  })

  test('the empty page preselects the custom domain in both forms when a brand has an active one', async () => {
    const b = await viewer()
    expect(selectedHosts(await (await b.get('/orgs/acme/codes')).text())).toEqual({
      'f-host': 'custom',
      'f-batch-host': 'custom',
    })
    // Globex's brand has a custom domain that no operator activated: its codes link to the resolver's host.
    const rival = await signedIn(h, 'rival')
    expect(selectedHosts(await (await rival.get('/orgs/globex/codes')).text())).toEqual({
      'f-host': 'resolver',
      'f-batch-host': 'resolver',
    })
  })
})
