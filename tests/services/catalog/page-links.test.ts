/** External pages, images, windows and lots (DESIGN §11) through import, export and the resolver's lookup. */
import { describe, expect, test } from 'bun:test'
import type { CatalogFile } from '../../../src/catalog/schema.ts'
import { createDbCatalog } from '../../../src/services/catalog/db-catalog.ts'
import { exportCatalog } from '../../../src/services/catalog/export.ts'
import { importCatalog } from '../../../src/services/catalog/import.ts'
import { smallCatalog } from '../../catalog/fixtures.ts'
import { useTestDatabase } from '../../support/db.ts'

const database = useTestDatabase()

const FILE: CatalogFile = smallCatalog({
  pages: [
    {
      name: 'product',
      linkType: 'gs1:pip',
      default: true,
      titles: { en: 'Product', fr: 'Produit' },
      href: { en: 'https://acme.example/en/{gtin}', fr: 'https://acme.example/fr/{gtin}' },
      type: 'text/html',
      context: 'retail',
    },
    {
      name: 'recipes',
      linkType: 'gs1:recipeInfo',
      titles: { en: 'Recipes', fr: 'Recettes' },
      content: { en: 'Boil *18* minutes.' },
      image: { src: 'https://cdn.acme.example/rice.jpg', alt: { en: 'Rice', fr: 'Riz' } },
    },
    {
      name: 'spring',
      linkType: 'gs1:promotion',
      titles: { en: 'Spring' },
      href: 'https://acme.example/spring',
      validFrom: '2027-03-01T00:00:00+01:00',
      validUntil: '2027-03-08T00:00:00Z',
    },
  ],
  lots: {
    L123: {
      pages: [
        {
          name: 'recall',
          linkType: 'gs1:recallStatus',
          titles: { en: 'Recall' },
          href: 'https://acme.example/recall/{lot}',
        },
        {
          name: 'recipes',
          linkType: 'gs1:recipeInfo',
          titles: { en: 'Lot recipes' },
          content: { en: 'Lot text' },
        },
      ],
    },
    B2: {
      pages: [
        {
          name: 'product',
          linkType: 'gs1:recallStatus',
          titles: { en: 'Recalled' },
          href: 'https://acme.example/b2',
        },
      ],
    },
  },
})

async function imported(file: unknown) {
  const result = await importCatalog(database().db, file)
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
  return result.report
}

describe('pages beyond text hosted here, stored', () => {
  test('export gives back the file as written: links, types, contexts, images, windows as sent, lots in order', async () => {
    await imported(FILE)
    const exported = await exportCatalog(database().db, 'acme')
    expect(exported?.products).toEqual(FILE.products as NonNullable<CatalogFile['products']>)
  })

  test('importing the export again changes nothing', async () => {
    await imported(FILE)
    const again = await imported(await exportCatalog(database().db, 'acme'))
    expect(again.products).toMatchObject({ unchanged: 1 })
  })

  test('a changed link, window or lot page is a change', async () => {
    await imported(FILE)
    const products = FILE.products ?? []
    const changed = structuredClone(products[0])
    if (changed?.lots?.L123?.pages[0] === undefined) throw new Error('fixture')
    changed.lots.L123.pages[0].href = 'https://acme.example/recall2/{lot}'
    const report = await imported({ ...FILE, products: [changed] })
    expect(report.products).toMatchObject({ updated: 1, unchanged: 0 })
  })

  test('the resolver’s lookup reads them: external links, windows as instants, lot pages by lot', async () => {
    await imported(FILE)
    const catalog = createDbCatalog(database())
    const product = await catalog.findByGtin('09506000134352')
    expect(product?.pages.map((p) => [p.name, p.isDefault, p.href ?? null])).toEqual([
      ['product', true, { en: 'https://acme.example/en/{gtin}', fr: 'https://acme.example/fr/{gtin}' }],
      ['recipes', false, null],
      ['spring', false, 'https://acme.example/spring'],
    ])
    expect(product?.pages[0]?.context).toBe('retail')
    expect(product?.pages[1]?.image).toEqual({
      src: 'https://cdn.acme.example/rice.jpg',
      alt: { en: 'Rice', fr: 'Riz' },
    })
    expect([product?.pages[2]?.validFrom, product?.pages[2]?.validUntil]).toEqual([
      Date.parse('2027-02-28T23:00:00Z'),
      Date.parse('2027-03-08T00:00:00Z'),
    ])
    expect(Object.keys(product?.lots ?? {})).toEqual(['L123', 'B2'])
    expect(product?.lots?.L123?.map((p) => [p.name, p.isDefault, p.content])).toEqual([
      ['recall', false, {}],
      ['recipes', false, { en: 'Lot text' }],
    ])
  })

  test('a file with an invalid link writes nothing', async () => {
    const bad = smallCatalog({
      pages: [
        {
          name: 'product',
          linkType: 'gs1:pip',
          default: true,
          titles: { en: 'P' },
          href: 'javascript:alert(1)',
        },
      ],
    })
    await imported(FILE)
    const before = await exportCatalog(database().db, 'acme')
    const result = await importCatalog(database().db, bad)
    expect(result.ok ? [] : result.errors.map((e) => [e.code, e.path])).toEqual([
      ['Catalog.Link', 'products[0].pages[0].href'],
    ])
    expect(await exportCatalog(database().db, 'acme')).toEqual(before)
  })
})
