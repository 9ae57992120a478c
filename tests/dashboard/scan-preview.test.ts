import { describe, expect, test } from 'bun:test'
import { previewSample, scanPreview } from '../../src/dashboard/scan-preview.ts'
import { createResolver } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { publishedProducts } from '../../src/resolver/published-products.ts'
import type { CanonicalProduct } from '../../src/services/catalog/rows.ts'

const NOW = Date.parse('2026-11-24T10:00:00Z')
const CONFIG = {
  resolverUrl: 'http://id.test',
  shortUrl: 'http://s.test',
  customDomainScheme: 'https',
} as const
const BRAND = { slug: 'acme-oats', name: 'Acme Oats', customDomain: 'oats.example', customDomainActive: true }

/** External default page (its template carries the lot), a lot replacing it with a hosted page, windows both sides. */
const PRODUCT: CanonicalProduct = {
  gtin: '09506000134352',
  brand: 'acme-oats',
  slug: 'oat-drink',
  published: true,
  defaultLanguage: 'en',
  languages: ['en', 'de'],
  names: { en: 'Oat drink' },
  pages: [
    {
      name: 'info',
      linkType: 'gs1:pip',
      default: true,
      titles: { en: 'Information', de: 'Informationen' },
      href: 'https://brand.example/01/{gtin}/10/{lot}?lang={language}',
    },
    { name: 'faq', linkType: 'gs1:faqs', titles: { de: 'Fragen' }, validUntil: '2026-11-01T00:00:00Z' },
    {
      name: 'offer',
      linkType: 'gs1:promotion',
      titles: { en: 'Offer' },
      href: 'https://brand.example/offer',
      validFrom: '2026-11-20T00:00:00+01:00',
    },
  ],
  lots: {
    'L1/2': { pages: [{ name: 'info', linkType: 'gs1:pip', titles: { en: 'Batch notes' } }] },
    L2: {
      pages: [
        {
          name: 'recall',
          linkType: 'gs1:recallStatus',
          titles: { en: 'Recall' },
          validFrom: '2027-01-01T00:00:00Z',
        },
      ],
    },
  },
}

/** The Location a phone ends on for `url` in `language`: after the hop to the brand's custom domain, if any. */
async function scanned(url: string, language: string): Promise<string | null> {
  const [published] = publishedProducts({
    organizations: [],
    brands: [{ ...BRAND, organization: '' }],
    products: [PRODUCT],
  })
  if (published === undefined) throw new Error('not published')
  const resolver = createResolver({
    catalog: createMemoryCatalog([published]),
    config: CONFIG,
    clock: () => NOW,
  })
  let response = await resolver(new Request(url, { headers: { 'accept-language': language } }))
  let location = response.headers.get('location')
  if (location?.startsWith('https://oats.example/01/')) {
    response = await resolver(new Request(location, { headers: { 'accept-language': language } }))
    location = response.headers.get('location')
    return location === null ? null : new URL(location, 'https://oats.example').href
  }
  return location
}

describe('the scan preview', () => {
  test('a scan without a link type of each lot and language leads where the resolver sends it', async () => {
    const preview = await scanPreview(PRODUCT, BRAND, CONFIG, NOW)
    expect(preview.contexts.map((c) => c.lot)).toEqual([null, 'L1/2', 'L2'])
    for (const context of preview.contexts) {
      const page = context.pages.find((p) => p.isDefault)
      for (const target of page?.targets ?? []) {
        const url = `${context.link}`
        expect(target.url).toBe((await scanned(url, target.language ?? 'ja')) ?? '')
      }
    }
    const [product, lot1, lot2] = preview.contexts
    expect(lot1?.link).toBe('http://id.test/01/09506000134352/10/L1%2F2')
    // The template carries the lot: it is not added again; without a lot it expands to nothing.
    expect(product?.pages[0]?.targets[0]?.url).toBe('https://brand.example/01/09506000134352/10/?lang=en')
    expect(lot2?.pages[0]?.targets[1]?.url).toBe('https://brand.example/01/09506000134352/10/L2?lang=de')
    // The lot's page replaces the default page: hosted, on the custom domain, in the one language it has.
    expect(lot1?.pages[0]).toMatchObject({ name: 'info', isDefault: true, ofLot: true, external: false })
    expect(lot1?.pages[0]?.targets[1]).toEqual({
      language: 'de',
      served: 'en',
      url: 'https://oats.example/en/acme-oats/oat-drink/info?10=L1%2F2',
    })
  })

  test('the top table follows the custom domain only: an external page that is a Digital Link elsewhere is the end', async () => {
    const preview = await scanPreview(PRODUCT, BRAND, CONFIG, NOW)
    expect(preview.outcomes[0]).toEqual({
      language: 'en',
      status: 307,
      location: 'https://brand.example/01/09506000134352/10/?lang=en',
      via: 'oats.example',
    })
  })

  test('a page outside its window is marked with the window as stored; one inside it has its links', async () => {
    const preview = await scanPreview(PRODUCT, BRAND, CONFIG, NOW)
    const [product, , lot2] = preview.contexts
    expect(product?.pages.map((p) => [p.name, p.notNow])).toEqual([
      ['info', null],
      ['faq', { from: null, until: '2026-11-01T00:00:00Z' }],
      ['offer', null],
    ])
    expect(product?.pages[2]?.targets.map((t) => t.url)).toEqual([
      'https://brand.example/offer',
      'https://brand.example/offer',
      'https://brand.example/offer',
    ])
    expect(lot2?.pages.find((p) => p.name === 'recall')).toMatchObject({
      ofLot: true,
      notNow: { from: '2027-01-01T00:00:00Z', until: null },
    })
  })
})

/** A place (GLN) with a hosted page and a linked one, and a lot's page: its links take no lot, so a lot is `?10=`. */
const PLACE: CanonicalProduct = {
  gtin: '414/9506000000008',
  brand: 'acme-oats',
  slug: 'warehouse-north',
  published: true,
  defaultLanguage: 'en',
  languages: ['en'],
  names: { en: 'Warehouse north' },
  pages: [
    { name: 'location', linkType: 'gs1:locationInfo', default: true, titles: { en: 'Where we are' } },
    {
      name: 'hours',
      linkType: 'gs1:openingHoursInfo',
      titles: { en: 'Opening hours' },
      href: 'https://maps.example/{key}/{value}/hours',
    },
  ],
  lots: { B7: { pages: [{ name: 'hours', linkType: 'gs1:openingHoursInfo', titles: { en: 'Closed' } }] } },
}

/** Every SSCC from 0950600 on: a tracking page over the whole value scanned. */
const PALLETS: CanonicalProduct = {
  gtin: '00/0950600~',
  brand: 'acme-oats',
  slug: 'pallets',
  published: true,
  defaultLanguage: 'en',
  languages: ['en'],
  names: {},
  pages: [
    {
      name: 'tracking',
      linkType: 'gs1:traceability',
      default: true,
      titles: { en: 'Tracking' },
      href: 'https://track.example/sscc/{value}',
    },
  ],
}

describe('the scan preview of items and rules', () => {
  test('an item of another key: its own link through the custom domain, its pages, and a lot named as ?10=', async () => {
    const preview = await scanPreview(PLACE, BRAND, CONFIG, NOW)
    expect(preview.link).toBe('http://id.test/414/9506000000008')
    expect(preview.outcomes[0]).toEqual({
      language: 'en',
      status: 307,
      location: 'https://oats.example/en/acme-oats/warehouse-north/location',
      via: 'oats.example',
    })
    const [item, lot] = preview.contexts
    expect(item?.pages[1]?.targets[0]?.url).toBe('https://maps.example/414/9506000000008/hours')
    expect(lot?.link).toBe('http://id.test/414/9506000000008?10=B7')
    const hours = lot?.pages.find((p) => p.name === 'hours')
    expect(hours).toMatchObject({ ofLot: true, external: false })
    expect(hours?.targets[0]).toEqual({
      language: 'en',
      served: 'en',
      url: 'https://oats.example/en/acme-oats/warehouse-north/hours?10=B7',
    })
  })

  test('a rule: the scans of its sample value, the prefix padded to a valid SSCC unless another is typed', async () => {
    const sample = previewSample({ key: '00', value: '0950600' }, null)
    expect(sample).toEqual({ ok: true, value: '095060000000000008' })
    const preview = await scanPreview(PALLETS, BRAND, CONFIG, NOW, sample.value)
    expect(preview.link).toBe('http://id.test/00/095060000000000008')
    expect(preview.outcomes[0]?.location).toBe('https://track.example/sscc/095060000000000008')
    expect(previewSample({ key: '00', value: '0950600' }, ' 095060012345678903 ')).toEqual({
      ok: true,
      value: '095060012345678903',
    })
    expect(previewSample({ key: '00', value: '0950600' }, '195060012345678903')).toMatchObject({ ok: false })
    expect(previewSample({ key: '00', value: '0950600' }, '0950600123')).toMatchObject({ ok: false })
  })
})
