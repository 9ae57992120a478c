/** The product pages beside external pages, lot pages and validity windows (DESIGN §11). */
import { describe, expect, test } from 'bun:test'
import { createPagesHandler } from '../../src/pages/index.ts'
import type { CatalogPage, CatalogProduct } from '../../src/resolver/catalog.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { config, jam, RESOLVER } from '../resolver/fixtures.ts'

const hosted = (
  name: string,
  linkType: string,
  titles: Record<string, string>,
  text: string,
): CatalogPage => ({
  name,
  linkType,
  isDefault: false,
  titles,
  content: { en: text },
})

const T1 = Date.parse('2027-03-01T00:00:00Z')
const product: CatalogProduct = {
  ...jam,
  pages: [
    ...jam.pages,
    { ...hosted('spring', 'gs1:promotion', { en: 'Spring offer' }, 'Two for one.'), validFrom: T1 },
  ],
  lots: {
    ...jam.lots,
    L7: [hosted('allergens', 'gs1:allergenInfo', { en: 'Allergens (lot L7)' }, 'May contain **nuts**.')],
  },
}

function pagesAt(now: number) {
  return createPagesHandler({ catalog: createMemoryCatalog([product]), config, clock: () => now })
}

async function get(path: string, now = T1 - 1) {
  const res = await pagesAt(now)(new Request(RESOLVER + path))
  if (res === null) throw new Error(`not a page path: ${path}`)
  return res
}

describe('pages of a lot, external pages and windows', () => {
  test('a hosted lot page replaces the product’s for visits carrying the lot, as the resolver sent them', async () => {
    const lot = await (await get('/en/northwind/apricot-jam/allergens?10=L7')).text()
    expect(lot).toContain('Allergens (lot L7)')
    expect(lot).toContain('<strong>nuts</strong>')
    const plain = await (await get('/en/northwind/apricot-jam/allergens')).text()
    expect(plain).toContain('Allergens')
    expect(plain).not.toContain('lot L7')
  })

  test('the list of pages links an external page through the resolver, keeping the pinned versions', async () => {
    const html = await (await get('/en/northwind/apricot-jam/allergens?10=L42&21=9')).text()
    expect(html).toContain('href="/01/09506000134390?linkType=recipes&amp;10=L42&amp;21=9"')
    expect(html).toContain('href="/01/09506000134390?linkType=recall&amp;10=L42&amp;21=9"')
  })

  test('the hosted path of an external page leads to the resolver, which expands its link', async () => {
    const res = await get('/en/northwind/apricot-jam/recipes?10=A1')
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe('/01/09506000134390?linkType=recipes&10=A1')
  })

  test('a page outside its window is not found, and is not listed; from its start it is', async () => {
    expect((await get('/en/northwind/apricot-jam/spring')).status).toBe(404)
    expect(await (await get('/en/northwind/apricot-jam/allergens')).text()).not.toContain('Spring offer')
    expect((await get('/en/northwind/apricot-jam/spring', T1)).status).toBe(200)
    expect(await (await get('/en/northwind/apricot-jam/allergens', T1)).text()).toContain('Spring offer')
  })
})
