/** Entries of every GS1 key (DESIGN §12): imported, exported, looked up and resolved like products. */
import { describe, expect, test } from 'bun:test'
import type { CatalogFile } from '../../../src/catalog/schema.ts'
import { createPagesHandler } from '../../../src/pages/index.ts'
import { createResolver } from '../../../src/resolver/index.ts'
import { createDbCatalog } from '../../../src/services/catalog/db-catalog.ts'
import { exportCatalog, exportCatalogText } from '../../../src/services/catalog/export.ts'
import { importCatalog } from '../../../src/services/catalog/import.ts'
import { listProducts } from '../../../src/services/catalog/products.ts'
import { smallCatalog } from '../../catalog/fixtures.ts'
import { useTestDatabase } from '../../support/db.ts'

const database = useTestDatabase()
const RESOLVER = 'http://localhost:3001'
const config = {
  resolverUrl: RESOLVER,
  shortUrl: 'http://127.0.0.1:3001',
  customDomainScheme: 'https' as const,
}

const GLN = '9506000000008'
const base = smallCatalog()
const FILE: CatalogFile = {
  ...base,
  brands: (base.brands ?? []).map((b) => ({ ...b, customDomain: null, customDomainActive: false })),
  items: [
    {
      key: '414',
      value: GLN,
      brand: 'acme-foods',
      slug: 'warehouse-north',
      published: true,
      defaultLanguage: 'en',
      languages: ['en'],
      names: { en: 'Warehouse North' },
      pages: [
        {
          name: 'location',
          linkType: 'gs1:locationInfo',
          default: true,
          titles: { en: 'Where we are' },
          content: { en: 'Gate **3**, open 6–22.' },
        },
        {
          name: 'dock',
          linkType: 'gs1:logisticsInfo',
          titles: { en: 'Dock booking' },
          href: 'https://acme.example/dock?gln={value}',
        },
      ],
    },
    {
      key: '8003',
      value: '09506000134376ASSET1',
      brand: 'acme-foods',
      slug: 'returnable-crate',
      published: true,
      defaultLanguage: 'en',
      languages: ['en'],
      names: {},
      pages: [
        {
          name: 'asset',
          linkType: 'gs1:pip',
          default: true,
          titles: { en: 'Crate' },
          href: 'https://acme.example/assets/{value}',
        },
      ],
    },
  ],
}

async function imported(file: unknown) {
  const result = await importCatalog(database().db, file)
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
  return result.report
}

describe('entries of other keys', () => {
  test('import and export: products stay products, items come back as items, unchanged on re-import', async () => {
    const first = await imported(FILE)
    // Each list counted under its own name: one product, the items, no rule.
    expect([first.products, first.items, first.rules]).toEqual([
      { created: 1, updated: 0, unchanged: 0 },
      { created: FILE.items?.length ?? 0, updated: 0, unchanged: 0 },
      { created: 0, updated: 0, unchanged: 0 },
    ])
    const exported = await exportCatalog(database().db, 'acme')
    expect(exported?.products?.map((p) => p.gtin)).toEqual(['09506000134352'])
    expect(exported?.items).toEqual(FILE.items as NonNullable<CatalogFile['items']>)
    const again = await imported(exported)
    expect([again.products, again.items]).toEqual([
      { created: 0, updated: 0, unchanged: 1 },
      { created: 0, updated: 0, unchanged: FILE.items?.length ?? 0 },
    ])
    for (const pretty of [false, true]) {
      const parts = await exportCatalogText(database().db, 'acme', { pretty })
      const text = (await Array.fromAsync(parts ?? [])).join('')
      expect(text).toBe(pretty ? `${JSON.stringify(exported, null, 2)}\n` : JSON.stringify(exported))
    }
  })

  test('the product list shows products only', async () => {
    await imported(FILE)
    const [org] = await database().db.query.organizations.findMany({
      where: (o, { eq }) => eq(o.slug, 'acme'),
    })
    const page = await listProducts(database().db, org?.id ?? '', { limit: 10 })
    expect(page.items.map((p) => p.gtin)).toEqual(['09506000134352'])
  })

  test('the resolver resolves them from the database: hosted page, external template, linkset anchor', async () => {
    await imported(FILE)
    const catalog = createDbCatalog(database())
    const resolver = createResolver({ catalog, config })
    const location = await resolver(new Request(`${RESOLVER}/414/${GLN}`))
    expect(location.status).toBe(307)
    expect(location.headers.get('location')).toBe('/en/acme-foods/warehouse-north/location')
    const dock = await resolver(new Request(`${RESOLVER}/414/${GLN}?linkType=gs1:logisticsInfo`))
    expect(dock.headers.get('location')).toBe(
      `https://acme.example/dock?gln=${GLN}&linkType=gs1:logisticsInfo`,
    )
    const crate = await resolver(new Request(`${RESOLVER}/8003/09506000134376ASSET1`))
    expect(crate.headers.get('location')).toBe('https://acme.example/assets/09506000134376ASSET1')
    const linkset = await resolver(
      new Request(`${RESOLVER}/414/${GLN}/254/7`, { headers: { accept: 'application/linkset+json' } }),
    )
    const body = (await linkset.json()) as { linkset: { anchor: string }[] }
    expect(body.linkset[0]?.anchor).toBe(`${RESOLVER}/414/${GLN}/254/7`)
    expect((await resolver(new Request(`${RESOLVER}/414/9506000000015`))).status).toBe(404)
    const pages = createPagesHandler({ catalog, config })
    const page = await pages(new Request(`${RESOLVER}/en/acme-foods/warehouse-north/location`))
    const html = (await page?.text()) ?? ''
    expect(html).toContain('Gate <strong>3</strong>')
    expect(html).toContain(`<p>(414) <code translate="no">${GLN}</code></p>`)
    expect(html).toContain(`href="/414/${GLN}?linkType=linkset"`)
  })

  test('bad keys and values are refused at their paths, and nothing is written', async () => {
    const item = (FILE.items ?? [])[0]
    const bad = {
      ...FILE,
      items: [
        { ...item, key: '01', value: '09506000134352', slug: 'a' },
        { ...item, key: '10', value: 'LOT', slug: 'b' },
        { ...item, key: '414', value: '9506000000005', slug: 'c' },
        { ...item, slug: 'd' },
        { ...item, slug: 'e' },
      ],
    }
    const result = await importCatalog(database().db, bad)
    expect(result.ok ? [] : result.errors.map((e) => [e.code, e.path])).toEqual([
      ['Catalog.Key', 'items[0].key'],
      ['Catalog.Key', 'items[1].key'],
      ['Catalog.Key', 'items[2].value'],
      // A GTIN listed as an item is the product's identity again.
      ['Catalog.Duplicate', 'items[0].value'],
      ['Catalog.Duplicate', 'items[4].value'],
    ])
  })
})

describe('prefix rules', () => {
  const rule = (prefix: string, href: string, slug: string) => ({
    key: '00',
    prefix,
    brand: 'acme-foods',
    slug,
    published: true,
    defaultLanguage: 'en',
    languages: ['en'],
    names: {},
    pages: [{ name: 'track', linkType: 'gs1:traceability', default: true, titles: { en: 'Track' }, href }],
  })
  const RULES: CatalogFile = {
    ...FILE,
    rules: [
      rule('0950600', 'https://acme.example/sscc/{value}', 'all-pallets'),
      rule('095060001', 'https://acme.example/line-1/{value}', 'line-1-pallets'),
    ],
    items: [
      ...(FILE.items ?? []),
      {
        key: '00',
        value: '095060001343520000',
        brand: 'acme-foods',
        slug: 'pallet-zero',
        published: true,
        defaultLanguage: 'en',
        languages: ['en'],
        names: {},
        pages: [
          {
            name: 'track',
            linkType: 'gs1:traceability',
            default: true,
            titles: { en: 'Track' },
            href: 'https://acme.example/zero',
          },
        ],
      },
    ],
  }

  test('the most specific answer wins: the exact entry, then the longest matching rule; no rule, 404', async () => {
    await imported(RULES)
    const resolver = createResolver({ catalog: createDbCatalog(database()), config })
    const at = async (sscc: string) => {
      const res = await resolver(new Request(`${RESOLVER}/00/${sscc}`))
      return res.status === 307 ? res.headers.get('location') : res.status
    }
    expect(await at('095060001343520000')).toBe('https://acme.example/zero')
    expect(await at('095060001343520017')).toBe('https://acme.example/line-1/095060001343520017')
    expect(await at('095060009999999997')).toBe('https://acme.example/sscc/095060009999999997')
    expect(await at('195060001343520007')).toBe(404)
  })

  test('rules export and re-import unchanged; a bad prefix is Catalog.Key at its path', async () => {
    // Counted as rules, never as products or items (an earlier test of this file may have imported them already).
    const first = await imported(RULES)
    const seen = (c: { created: number; updated: number; unchanged: number }) =>
      c.created + c.updated + c.unchanged
    expect([seen(first.products), seen(first.items), seen(first.rules)]).toEqual([
      FILE.products?.length ?? 0,
      RULES.items?.length ?? 0,
      RULES.rules?.length ?? 0,
    ])
    const exported = await exportCatalog(database().db, 'acme')
    // Exported in the order of their identities, which the database's collation decides.
    const byPrefix = (rules: CatalogFile['rules']) =>
      [...(rules ?? [])].sort((a, b) => a.prefix.localeCompare(b.prefix))
    expect(byPrefix(exported?.rules)).toEqual(byPrefix(RULES.rules))
    const again = await imported(exported)
    expect(again.changes).toBe(0)
    expect(again.rules).toEqual({ created: 0, updated: 0, unchanged: RULES.rules?.length ?? 0 })
    for (const pretty of [false, true]) {
      const parts = await exportCatalogText(database().db, 'acme', { pretty })
      const text = (await Array.fromAsync(parts ?? [])).join('')
      expect(text).toBe(pretty ? `${JSON.stringify(exported, null, 2)}\n` : JSON.stringify(exported))
    }
    const bad = await importCatalog(database().db, {
      ...RULES,
      rules: [
        rule('09A', 'https://acme.example/x', 'x'),
        rule('1'.repeat(19), 'https://acme.example/y', 'y'),
      ],
    })
    expect(bad.ok ? [] : bad.errors.map((e) => [e.code, e.path])).toEqual([
      ['Catalog.Key', 'rules[0].prefix'],
      ['Catalog.Key', 'rules[1].prefix'],
    ])
  })

  test('an unpublished entry is not found, never answered by a rule of its prefix; an unpublished rule is passed over', async () => {
    const gtins = { ...rule('09506000', 'https://acme.example/gtin/{value}', 'all-gtins'), key: '01' }
    const hidden = {
      ...rule('0950600019', 'https://acme.example/hidden/{value}', 'hidden-sscc'),
      published: false,
    }
    const products = (FILE.products ?? []).map((p) => ({ ...p, published: false }))
    await imported({ ...RULES, products, rules: [...(RULES.rules ?? []), gtins, hidden] })
    const resolver = createResolver({ catalog: createDbCatalog(database()), config })
    const at = async (path: string) => {
      const res = await resolver(new Request(`${RESOLVER}${path}`))
      return res.status === 307 ? res.headers.get('location') : res.status
    }
    expect(await at('/01/09506000134352')).toBe(404)
    expect(await at('/01/09506000999999')).toBe('https://acme.example/gtin/09506000999999')
    // The unpublished rule 0950600019 is passed over for the published 095060001.
    expect(await at('/00/095060001999999991')).toBe('https://acme.example/line-1/095060001999999991')
  })

  test('a rule of key 01 answers the GTINs no product lists, uncached and cached alike', async () => {
    const gtins = { ...rule('09506000', 'https://acme.example/gtin/{value}', 'all-gtins'), key: '01' }
    await imported({ ...RULES, rules: [...(RULES.rules ?? []), gtins] })
    const resolver = createResolver({ catalog: createDbCatalog(database()), config })
    const at = async (path: string) => {
      const res = await resolver(new Request(`${RESOLVER}${path}`))
      return res.status === 307 ? res.headers.get('location') : res.status
    }
    for (let round = 0; round < 2; round++) {
      expect(await at('/01/09506000134352')).toBe('/en/acme-foods/rice/product')
      expect(await at('/01/09506000999999/10/L1')).toBe('https://acme.example/gtin/09506000999999?10=L1')
      expect(await at('/01/09507000000005')).toBe(404)
    }
    const bad = await importCatalog(database().db, {
      ...FILE,
      items: [{ ...FILE.items?.[0], key: '01', slug: 'a-gtin' }],
    })
    expect(bad.ok ? [] : bad.errors.map((e) => [e.code, e.path, e.message])).toEqual([
      ['Catalog.Key', 'items[0].key', 'a GTIN (01) is a product: list it under products'],
    ])
  })
})
