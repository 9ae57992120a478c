import { describe, expect, test } from 'bun:test'
import type { CatalogProductEntry } from '../../src/catalog/schema.ts'
import { catalogWarnings, MAX_WARNINGS } from '../../src/catalog/warnings.ts'
import { smallCatalog } from './fixtures.ts'

/** The small catalog's product: its default page has titles but no text. */
function smallProduct(): CatalogProductEntry {
  return (smallCatalog().products as CatalogProductEntry[])[0] as CatalogProductEntry
}

/** The small catalog's product with `overrides`, its default page given text so that it has no other warning. */
function product(overrides: Record<string, unknown> = {}): CatalogProductEntry {
  const entry = smallProduct()
  const pages = entry.pages.map((p, i) => (i === 0 ? { ...p, content: { en: 'Rice.', fr: 'Riz.' } } : p))
  return { ...entry, pages, ...overrides } as CatalogProductEntry
}

const NO_NAME = {
  code: 'Catalog.NoName',
  path: 'products[0].names.en',
  message: "no name in the default language 'en': scanners' pages and the linkset show none",
}

describe('Catalog.NoName', () => {
  test('items and rules are warned at their own lists’ paths, as the file names them', () => {
    const entries = [product(), product({ names: {} }), product({ names: {} })]
    expect(catalogWarnings(entries, { itemsFrom: 1, rulesFrom: 2 }).map((w) => w.path)).toEqual([
      'items[0].names.en',
      'rules[0].names.en',
    ])
  })

  test('a product with a name in its default language has no warning', () => {
    expect(catalogWarnings([product()])).toEqual([])
    // Names in other languages are not asked for.
    expect(catalogWarnings([product({ names: { en: 'Rice' } })])).toEqual([])
  })

  test('a published product without names, or without one in its default language, is warned at that name', () => {
    expect(catalogWarnings([product({ names: undefined })])).toEqual([NO_NAME])
    expect(catalogWarnings([product({ names: {} })])).toEqual([NO_NAME])
    expect(catalogWarnings([product({ names: { fr: 'Riz' } })])).toEqual([NO_NAME])
    expect(catalogWarnings([product({ names: { en: '  ', fr: 'Riz' } })])).toEqual([NO_NAME])
    // `published` left out is published.
    expect(catalogWarnings([product({ names: {}, published: undefined })])).toEqual([NO_NAME])
    const other = product({ names: {}, defaultLanguage: 'fr' })
    expect(catalogWarnings([product(), other])).toEqual([
      {
        code: 'Catalog.NoName',
        path: 'products[1].names.fr',
        message: "no name in the default language 'fr': scanners' pages and the linkset show none",
      },
    ])
  })

  test('an unpublished product without a name is not warned: no scan sees it', () => {
    expect(catalogWarnings([product({ names: {}, published: false })])).toEqual([])
  })
})

describe('Catalog.NoText', () => {
  test('says the page has a title but no text, true of an unpublished product too', () => {
    const untitled = smallProduct()
    const expected = ['en', 'fr'].map((lang) => ({
      code: 'Catalog.NoText',
      path: `products[0].pages[0].content.${lang}`,
      message: `the page has a title in '${lang}' but no text: visitors would see only a notice`,
    }))
    expect(catalogWarnings([untitled])).toEqual(expected)
    expect(catalogWarnings([{ ...untitled, published: false }])).toEqual(expected)
  })
})

describe('more than MAX_WARNINGS', () => {
  test('the last one listed counts the rest and names their codes', () => {
    const unnamed = Array.from({ length: MAX_WARNINGS + 5 }, () => product({ names: {} }))
    const warnings = catalogWarnings(unnamed)
    expect(warnings).toHaveLength(MAX_WARNINGS)
    expect(warnings.at(-2)).toEqual({ ...NO_NAME, path: `products[${MAX_WARNINGS - 2}].names.en` })
    expect(warnings.at(-1)).toEqual({
      code: 'Catalog.NoName',
      path: null,
      message: '6 more warnings (Catalog.NoName) are not listed',
    })
  })
})
