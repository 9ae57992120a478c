import { describe, expect, test } from 'bun:test'
import { validateCatalog } from '../../src/catalog/validate.ts'
import { smallCatalog } from './fixtures.ts'

const DEFAULT_PAGE = {
  name: 'product',
  linkType: 'gs1:pip',
  default: true,
  titles: { en: 'Product', fr: 'Produit' },
}

/** The errors of the small catalog whose product has these pages (and these other members). */
function errorsOf(pages: unknown[], product: Record<string, unknown> = {}) {
  const result = validateCatalog(smallCatalog({ pages, ...product }))
  return result.ok ? [] : result.errors
}

describe('external pages', () => {
  test('one href for all languages, or one per language, with type and context, is valid', () => {
    expect(
      errorsOf([
        { ...DEFAULT_PAGE, href: 'https://brand.example/{language}/rice?gtin={gtin}', type: 'text/html' },
        {
          name: 'recipes',
          linkType: 'gs1:recipeInfo',
          titles: { en: 'Recipes', fr: 'Recettes' },
          href: { en: 'https://brand.example/en/recipes', fr: 'https://brand.example/fr/recettes' },
          type: 'application/pdf',
          context: 'kitchen',
        },
      ]),
    ).toEqual([])
  })

  test('a refused URL is Catalog.Link at its JSON path, per language too', () => {
    expect(
      errorsOf([
        { ...DEFAULT_PAGE, href: 'javascript:alert(1)' },
        {
          name: 'recipes',
          linkType: 'gs1:recipeInfo',
          titles: { en: 'Recipes', fr: 'Recettes' },
          href: { en: 'https://brand.example/{sku}', fr: 'https://10.0.0.1/x' },
        },
      ]).map((e) => [e.code, e.path]),
    ).toEqual([
      ['Catalog.Link', 'products[0].pages[0].href'],
      ['Catalog.Link', 'products[0].pages[1].href.en'],
      ['Catalog.Link', 'products[0].pages[1].href.fr'],
    ])
  })

  test('per-language links cover exactly the languages the page is published in', () => {
    expect(
      errorsOf([
        { ...DEFAULT_PAGE, href: { en: 'https://brand.example/en', de: 'https://brand.example/de' } },
      ]).map((e) => [e.code, e.path, e.message]),
    ).toEqual([
      ['Catalog.Language', 'products[0].pages[0].href.de', "href in 'de' needs a title in 'de'"],
      ['Catalog.Link', 'products[0].pages[0].href', "the page is published in 'fr' but has no link in 'fr'"],
    ])
  })

  test('a page is hosted or external, never both; a hosted page has no media type', () => {
    expect(
      errorsOf([
        { ...DEFAULT_PAGE, href: 'https://brand.example/', content: { en: 'Text' } },
        { name: 'info', linkType: 'gs1:recipeInfo', titles: { en: 'Info' }, type: 'text/html' },
      ]).map((e) => [e.code, e.path]),
    ).toEqual([
      ['Catalog.PageKind', 'products[0].pages[0].content'],
      ['Catalog.PageKind', 'products[0].pages[1].type'],
    ])
  })

  test('a URL longer than 2,048 characters, a bad media type and a long context are refused by shape and length', () => {
    const long = `https://brand.example/${'a'.repeat(2048)}`
    expect(errorsOf([{ ...DEFAULT_PAGE, href: long }]).map((e) => e.code)).toEqual(['Catalog.Link'])
    expect(
      errorsOf([{ ...DEFAULT_PAGE, href: 'https://b.example/', type: 'html' }]).map((e) => e.path),
    ).toEqual(['products[0].pages[0].type'])
    expect(
      errorsOf([{ ...DEFAULT_PAGE, href: 'https://b.example/', context: 'x'.repeat(201) }]).map(
        (e) => e.path,
      ),
    ).toEqual(['products[0].pages[0].context'])
  })
})

describe('hosted pages: image', () => {
  test('an https image with alt text in the page languages is valid; anything else is refused', () => {
    const page = (image: unknown) => errorsOf([{ ...DEFAULT_PAGE, content: { en: 'Hi' }, image }])
    expect(page({ src: 'https://cdn.example/rice.jpg', alt: { en: 'A bowl of rice' } })).toEqual([])
    expect(
      page({ src: 'http://cdn.example/rice.jpg', alt: { en: 'x' } }).map((e) => [e.code, e.path]),
    ).toEqual([['Catalog.Link', 'products[0].pages[0].image.src']])
    expect(page({ src: 'https://cdn.example/{gtin}.jpg', alt: { en: 'x' } }).map((e) => e.code)).toEqual([
      'Catalog.Link',
    ])
    expect(page({ src: 'https://cdn.example/a.jpg', alt: { de: 'x' } }).map((e) => [e.code, e.path])).toEqual(
      [['Catalog.Language', 'products[0].pages[0].image.alt.de']],
    )
  })
})

describe('validity windows', () => {
  const recall = (window: Record<string, string>) => ({
    name: 'recall',
    linkType: 'gs1:recallStatus',
    titles: { en: 'Recall' },
    href: 'https://brand.example/recall',
    ...window,
  })

  test('a window with offsets is valid; either end may be open', () => {
    expect(
      errorsOf([
        DEFAULT_PAGE,
        recall({ validFrom: '2026-12-01T00:00:00Z', validUntil: '2027-01-01T00:00:00+01:00' }),
      ]),
    ).toEqual([])
    expect(errorsOf([DEFAULT_PAGE, recall({ validUntil: '2027-01-01T00:00:00.5-05:00' })])).toEqual([])
  })

  test('a window ending before it starts, an unreal date, a date without offset and a window on the default page', () => {
    const err = (pages: unknown[]) => errorsOf(pages).map((e) => [e.code, e.path])
    expect(
      err([DEFAULT_PAGE, recall({ validFrom: '2027-01-01T00:00:00Z', validUntil: '2026-12-31T23:00:00Z' })]),
    ).toEqual([['Catalog.Window', 'products[0].pages[1].validUntil']])
    expect(
      err([
        DEFAULT_PAGE,
        recall({ validFrom: '2027-01-01T00:00:00Z', validUntil: '2027-01-01T01:00:00+01:00' }),
      ]),
    ).toEqual([['Catalog.Window', 'products[0].pages[1].validUntil']])
    expect(err([DEFAULT_PAGE, recall({ validFrom: '2027-02-30T00:00:00Z' })])).toEqual([
      ['Catalog.Window', 'products[0].pages[1].validFrom'],
    ])
    expect(err([DEFAULT_PAGE, recall({ validFrom: '2027-02-01T00:00:00' })])).toEqual([
      ['Catalog.Schema', 'products[0].pages[1].validFrom'],
    ])
    expect(err([{ ...DEFAULT_PAGE, validUntil: '2027-01-01T00:00:00Z' }])).toEqual([
      ['Catalog.Window', 'products[0].pages[0].validUntil'],
    ])
  })
})

describe('lots', () => {
  const recallPage = {
    name: 'recall',
    linkType: 'gs1:recallStatus',
    titles: { en: 'Recall' },
    href: 'https://b.example/r',
  }

  test('pages per lot: added ones, and one replacing the default page by its name', () => {
    expect(
      errorsOf([DEFAULT_PAGE], {
        lots: {
          L123: {
            pages: [
              recallPage,
              { name: 'product', linkType: 'gs1:recallStatus', titles: { en: 'Recalled' } },
            ],
          },
          "A!%&'()*+,-./:;<=>?_": { pages: [recallPage] },
        },
      }),
    ).toEqual([])
  })

  test('a lot longer than AI (10) allows or outside its characters, a default mark, a window on the replacement, a page named twice', () => {
    const errors = errorsOf([DEFAULT_PAGE], {
      lots: {
        [`L${'1'.repeat(20)}`]: { pages: [recallPage] },
        'L 1': { pages: [recallPage] },
        L2: { pages: [{ ...recallPage, default: true }, recallPage] },
        L3: { pages: [{ ...DEFAULT_PAGE, default: undefined, validFrom: '2027-01-01T00:00:00Z' }] },
      },
    })
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ['Catalog.Lot', 'products[0].lots["L11111111111111111111"]'],
      ['Catalog.Lot', 'products[0].lots["L 1"]'],
      ['Catalog.Duplicate', 'products[0].lots["L2"].pages[1].name'],
      ['Catalog.Lot', 'products[0].lots["L2"].pages[0].default'],
      ['Catalog.Window', 'products[0].lots["L3"].pages[0]'],
    ])
    expect(errors[0]?.message).toContain('lot')
  })

  test("a lot page's links and languages are checked like any page", () => {
    expect(
      errorsOf([DEFAULT_PAGE], {
        lots: { L1: { pages: [{ ...recallPage, titles: { de: 'Rückruf' }, href: 'file:///x' }] } },
      }).map((e) => [e.code, e.path]),
    ).toEqual([
      ['Catalog.Language', 'products[0].lots["L1"].pages[0].titles.de'],
      ['Catalog.Link', 'products[0].lots["L1"].pages[0].href'],
    ])
  })
})
