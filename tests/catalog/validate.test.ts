import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { unknownLanguage } from '../../src/catalog/languages.ts'
import {
  type CatalogBrand,
  type CatalogOrganization,
  CatalogPageEntry,
  CatalogProductEntry,
  LANGUAGE_PATTERN,
} from '../../src/catalog/schema.ts'
import { pointerToPath, validateCatalog } from '../../src/catalog/validate.ts'
import { lacksShared, readSharedJson, type SharedFile } from '../support/shared.ts'
import { pageOf, productOf, smallCatalog } from './fixtures.ts'

function errorsOf(input: unknown) {
  const result = validateCatalog(input)
  if (result.ok) throw new Error('expected errors')
  return result.errors.map((e) => `${e.code} ${e.path}`)
}

const SHARED_DEMO: SharedFile = ['catalog', 'demo-catalog.json']
const shipped = JSON.parse(
  readFileSync(new URL('../../src/catalog/demo-catalog.json', import.meta.url), 'utf8'),
)

describe.skipIf(lacksShared(SHARED_DEMO))('the shipped demo catalog against the shared one', () => {
  test('the shared demo catalog is valid', () => {
    expect(validateCatalog(readSharedJson(SHARED_DEMO)).ok).toBe(true)
  })

  test('the shipped demo catalog holds every product of the shared demo catalog', () => {
    const shared = readSharedJson<{ products: { gtin: string }[] }>(SHARED_DEMO)
    const gtins = new Set(shipped.products.map((p: { gtin: string }) => p.gtin.padStart(14, '0')))
    for (const p of shared.products) expect(gtins.has(p.gtin.padStart(14, '0'))).toBe(true)
  })
})

describe('validateCatalog', () => {
  test('accepts the shipped demo catalog', () => {
    expect(validateCatalog(shipped).ok).toBe(true)
  })

  test('normalises GTIN-13 to 14 digits', () => {
    const result = validateCatalog(smallCatalog({ gtin: '4012345000009' }))
    expect(result.ok && result.catalog.products[0]?.gtin).toBe('04012345000009')
  })

  test('reports schema errors with dotted JSON paths', () => {
    expect(errorsOf({ products: [{ gtin: 'x' }], extra: 1 })).toContain('Catalog.Schema extra')
    expect(errorsOf(smallCatalog({ slug: 'Upper' }))).toEqual(['Catalog.Schema products[0].slug'])
    expect(errorsOf([])).toEqual(['Catalog.Schema null'])
  })

  test('a name or title of only spaces is refused where it stands; one with text around spaces passes', () => {
    const catalog = smallCatalog()
    catalog.brands = [{ ...(catalog.brands?.[0] as CatalogBrand), name: '   ' }]
    const product = catalog.products?.[0]
    if (product === undefined) throw new Error('no product')
    const lang = Object.keys(product.names ?? {})[0] as string
    product.names = { ...product.names, [lang]: ' \t ' }
    const title = Object.keys(product.pages[0]?.titles ?? {})[0] as string
    ;(product.pages[0] as { titles: Record<string, string> }).titles[title] = '  '
    expect(errorsOf(catalog)).toEqual([
      'Catalog.Schema brands[0].name',
      `Catalog.Schema products[0].names.${lang}`,
      `Catalog.Schema products[0].pages[0].titles.${title}`,
    ])
    expect(validateCatalog(smallCatalog({ names: { en: ' Oat  drink ' } })).ok).toBe(true)
  })

  test('counts a name’s length in characters, as JSON Schema does: 200 emoji pass, 201 do not', () => {
    const named = (org: string, brand: string) => {
      const catalog = smallCatalog()
      catalog.organizations = [{ ...(catalog.organizations?.[0] as CatalogOrganization), name: org }]
      catalog.brands = [{ ...(catalog.brands?.[0] as CatalogBrand), name: brand }]
      return catalog
    }
    expect(validateCatalog(named('🍚'.repeat(200), '🍚'.repeat(200))).ok).toBe(true)
    expect(errorsOf(named(`${'🍚'.repeat(150)}${'x'.repeat(51)}`, 'x'.repeat(201)))).toEqual([
      'Catalog.Schema organizations[0].name',
      'Catalog.Schema brands[0].name',
    ])
  })

  test('product names and page titles have the same 200-character limit; a page text 20,000', () => {
    const product = (name: string, title: string, content: string) =>
      smallCatalog({
        names: { en: name, fr: 'Riz' },
        pages: [
          { name: 'product', linkType: 'gs1:pip', default: true, titles: { en: title, fr: 'Produit' } },
          {
            name: 'recipes',
            linkType: 'gs1:recipeInfo',
            titles: { fr: 'Recettes' },
            content: { fr: content },
          },
        ],
      })
    expect(validateCatalog(product('🍚'.repeat(200), 'x'.repeat(200), '🍚'.repeat(20_000))).ok).toBe(true)
    const result = validateCatalog(
      product('x'.repeat(201), `${'🍚'.repeat(150)}${'x'.repeat(51)}`, 'x'.repeat(20_001)),
    )
    if (result.ok) throw new Error('expected errors')
    expect(result.errors.map((e) => [e.path, e.message])).toEqual([
      ['products[0].names.en', 'Expected string length less or equal to 200; got 201 characters'],
      ['products[0].pages[0].titles.en', 'Expected string length less or equal to 200; got 201 characters'],
      [
        'products[0].pages[1].content.fr',
        'Expected string length less or equal to 20000; got 20001 characters',
      ],
    ])
    // The published schema says the limits in characters, as JSON Schema counts them.
    const names = CatalogProductEntry.properties.names.patternProperties[LANGUAGE_PATTERN]
    const content = CatalogPageEntry.properties.content.patternProperties[LANGUAGE_PATTERN]
    expect([names?.maxLength, content?.maxLength]).toEqual([200, 20_000])
  })

  test('rejects a wrong GTIN check digit', () => {
    expect(errorsOf(smallCatalog({ gtin: '09506000134353' }))).toEqual([
      'Catalog.CheckDigit products[0].gtin',
    ])
  })

  test('requires exactly one default page', () => {
    const none = smallCatalog()
    delete pageOf(none, 0, 0).default
    expect(errorsOf(none)).toEqual(['Catalog.DefaultPage products[0].pages'])
    const two = smallCatalog()
    pageOf(two, 0, 1).default = true
    expect(errorsOf(two)).toContain('Catalog.DefaultPage products[0].pages')
  })

  test('requires the default language among the languages and the default page in it', () => {
    expect(errorsOf(smallCatalog({ defaultLanguage: 'de' }))).toContain(
      'Catalog.Language products[0].defaultLanguage',
    )
    const catalog = smallCatalog({ defaultLanguage: 'fr' })
    pageOf(catalog, 0, 0).titles = { en: 'Product' }
    expect(errorsOf(catalog)).toEqual(['Catalog.DefaultPage products[0].pages[0].titles'])
  })

  test('allows titles and names only in published languages, content only with a title', () => {
    const catalog = smallCatalog({ names: { en: 'Rice', it: 'Riso' } })
    pageOf(catalog, 0, 1).titles = { de: 'Rezepte' }
    expect(errorsOf(catalog)).toEqual([
      'Catalog.Language products[0].names.it',
      'Catalog.Language products[0].pages[1].titles.de',
      'Catalog.Language products[0].pages[1].content.fr',
    ])
  })

  test('refuses language tags that are no ISO 639-1 language with an optional ISO 3166-1 region, where they stand', () => {
    const catalog = smallCatalog({
      languages: ['en', 'xx', 'qq', 'en-xx', 'xx-de', 'de-ch'],
      names: { en: 'Rice', xx: 'Xx' },
    })
    const result = validateCatalog(catalog)
    expect(result.ok ? [] : result.errors).toEqual([
      {
        code: 'Catalog.Language',
        path: 'products[0].languages[1]',
        message: "'xx' is not an ISO 639-1 language code",
      },
      {
        code: 'Catalog.Language',
        path: 'products[0].languages[2]',
        message: "'qq' is not an ISO 639-1 language code",
      },
      {
        code: 'Catalog.Language',
        path: 'products[0].languages[3]',
        message: "'en-xx': 'xx' is not an ISO 3166-1 region code",
      },
      {
        code: 'Catalog.Language',
        path: 'products[0].languages[4]',
        message: "'xx-de': 'xx' is not an ISO 639-1 language code",
      },
      // French is used by a page but not published: reported as before, beside the unknown tags.
      {
        code: 'Catalog.Language',
        path: 'products[0].pages[0].titles.fr',
        message: "'fr' is not one of the product's languages",
      },
      {
        code: 'Catalog.Language',
        path: 'products[0].pages[1].titles.fr',
        message: "'fr' is not one of the product's languages",
      },
    ])
  })

  test('knows the 183 ISO 639-1 languages and the 249 ISO 3166-1 regions, and only those', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz'
    const pairs = [...letters].flatMap((a) => [...letters].map((b) => a + b))
    const languages = pairs.filter((code) => unknownLanguage(code) === null)
    const regions = pairs.filter((code) => unknownLanguage(`en-${code}`) === null)
    expect([languages.length, regions.length]).toEqual([183, 249])
    for (const known of ['en', 'ga', 'mt', 'zh', 'zu', 'de-ch', 'en-gb', 'pt-br', 'fr-ca', 'sr-me'])
      expect({ known, why: unknownLanguage(known) }).toEqual({ known, why: null })
    // Withdrawn codes and the common slip en-uk (the United Kingdom's ISO 3166-1 code is GB).
    for (const unknown of ['iw', 'in', 'ji', 'jw', 'mo', 'sh', 'en-uk', 'en-eu', 'xx', 'qq'])
      expect({ unknown, known: unknownLanguage(unknown) === null }).toEqual({ unknown, known: false })
  })

  test('accepts only GS1 Web Vocabulary page link types as CURIEs', () => {
    for (const linkType of ['gs1:notAType', 'https://ref.gs1.org/voc/pip', 'pip', 'gs1:defaultLink']) {
      const catalog = smallCatalog()
      pageOf(catalog, 0, 1).linkType = linkType
      expect(errorsOf(catalog)).toEqual(['Catalog.LinkType products[0].pages[1].linkType'])
    }
    const catalog = smallCatalog()
    pageOf(catalog, 0, 1).linkType = 'gs1:notAType'
    const result = validateCatalog(catalog)
    expect(result.ok ? null : result.errors[0]?.message).toBe(
      '"gs1:notAType" is not a GS1 Web Vocabulary page link type; expected a CURIE such as gs1:pip',
    )
  })

  test('rejects references to slugs that exist neither in the file nor in the database', () => {
    expect(errorsOf(smallCatalog({ brand: 'nope' }))).toEqual(['Catalog.Reference products[0].brand'])
    const known = { organizations: new Set<string>(), brands: new Set(['nope']), domains: new Map() }
    expect(validateCatalog(smallCatalog({ brand: 'nope' }), known).ok).toBe(true)
  })

  test('rejects duplicates: GTINs after normalisation, slugs, page names, custom domains', () => {
    const catalog = smallCatalog()
    const product = productOf(catalog)
    catalog.products?.push({ ...product, gtin: '9506000134352', slug: 'other' })
    catalog.brands?.push({
      slug: 'acme-foods',
      name: 'Again',
      organization: 'acme',
      customDomain: 'id.acme.example',
    })
    product.pages.push({ name: 'product', linkType: 'gs1:pip', titles: { en: 'x' } })
    expect(errorsOf(catalog)).toEqual([
      'Catalog.Duplicate brands[1].slug',
      'Catalog.Duplicate brands[1].customDomain',
      'Catalog.Duplicate products[0].pages[2].name',
      'Catalog.Duplicate products[1].pages[2].name',
      'Catalog.Duplicate products[1].gtin',
    ])
  })

  test('rejects a custom domain that is not a bare lower-case host or is held by another brand', () => {
    for (const domain of [
      'https://id.acme.example',
      'ID.acme.example',
      'id.acme.example:8080',
      'localhost',
      '127.0.0.1',
      'id.acme.123',
    ]) {
      const catalog = smallCatalog()
      catalog.brands = [{ ...(catalog.brands?.[0] as CatalogBrand), customDomain: domain }]
      expect(errorsOf(catalog)).toEqual(['Catalog.Domain brands[0].customDomain'])
    }
    const known = {
      organizations: new Set<string>(),
      brands: new Set<string>(),
      domains: new Map([['id.acme.example', 'other']]),
    }
    const result = validateCatalog(smallCatalog(), known)
    expect(result.ok ? [] : result.errors.map((e) => e.path)).toEqual(['brands[0].customDomain'])
  })

  test('never throws on arbitrary JSON input', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = validateCatalog(value)
        expect(typeof result.ok).toBe('boolean')
      }),
      { numRuns: 500 },
    )
  })

  test('pointerToPath converts JSON pointers', () => {
    expect(pointerToPath('/products/0/pages/1/titles/fr')).toBe('products[0].pages[1].titles.fr')
    expect(pointerToPath('')).toBe('')
  })
})

describe('text the database would refuse or alter', () => {
  test('a NUL or an unpaired surrogate anywhere is Catalog.Text with its path, and nothing else is checked', () => {
    const file = smallCatalog({ names: { en: 'Rice\u0000', fr: 'Riz \ud800' } })
    const result = validateCatalog(file)
    expect(result.ok ? [] : result.errors).toEqual([
      {
        code: 'Catalog.Text',
        path: 'products[0].names.en',
        message: 'text may not hold a NUL character or an unpaired surrogate',
      },
      {
        code: 'Catalog.Text',
        path: 'products[0].names.fr',
        message: 'text may not hold a NUL character or an unpaired surrogate',
      },
    ])
  })

  test('accepts paired surrogates (emoji) and every other character', () => {
    expect(validateCatalog(smallCatalog({ names: { en: 'Rice 🍚 — “fine”', fr: 'Riz' } })).ok).toBe(true)
  })
})
