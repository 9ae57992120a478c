import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { ceSourceOf, fromResolverCe, pageNameOf, productSlug } from '../../src/catalog/from-resolver-ce.ts'
import type { CatalogProductEntry } from '../../src/catalog/schema.ts'
import { shapeIssues, validateCatalog } from '../../src/catalog/validate.ts'

const BRAND = 'acme-foods'
const RICE = '09506000134352'
const PASTA = '09506000134369'
const OIL = '09506000134376'

const map = (input: unknown) => fromResolverCe(input, { brand: BRAND })
const productsOf = (input: unknown): CatalogProductEntry[] => map(input).file.products ?? []
const issuesOf = (input: unknown) => map(input).issues.map((i) => `${i.code} ${i.path}`)

/** A v3 link as CE's data entry takes it. */
function link(
  linktype: string,
  href: string,
  hreflang: unknown = ['en'],
  more: Record<string, unknown> = {},
) {
  return { linktype, href, title: `${linktype} title`, type: 'text/html', hreflang, ...more }
}

describe('GS1 Resolver CE v3 entries', () => {
  test('one entry becomes a product of the brand: external pages, one per link type, href per language', () => {
    const [product] = productsOf([
      {
        anchor: '/01/9506000134352',
        itemDescription: 'Dal Giardino Risotto Rice',
        defaultLinktype: 'gs1:recipeInfo',
        links: [
          link('gs1:pip', 'https://example.com/rice', ['en'], { title: 'Rice' }),
          link('gs1:pip', 'https://example.com/rice.fr', ['fr'], { title: 'Riz' }),
          link('gs1:recipeInfo', 'https://example.com/recipes', ['en'], { title: 'Recipes' }),
        ],
      },
    ])
    expect(product).toEqual({
      gtin: RICE,
      brand: BRAND,
      slug: 'dal-giardino-risotto-rice',
      published: true,
      defaultLanguage: 'en',
      languages: ['en', 'fr'],
      names: { en: 'Dal Giardino Risotto Rice' },
      pages: [
        {
          name: 'pip',
          linkType: 'gs1:pip',
          titles: { en: 'Rice', fr: 'Riz' },
          href: { en: 'https://example.com/rice', fr: 'https://example.com/rice.fr' },
          type: 'text/html',
        },
        {
          name: 'recipe-info',
          linkType: 'gs1:recipeInfo',
          default: true,
          titles: { en: 'Recipes' },
          href: 'https://example.com/recipes',
          type: 'text/html',
        },
      ],
    })
  })

  test('a link in several languages is one page published in each, with one href for all', () => {
    const [product] = productsOf([
      {
        anchor: `/01/${RICE}`,
        links: [
          {
            linktype: 'gs1:pip',
            href: 'https://example.com/',
            title: 'Rice',
            hreflang: ['de', 'fr-CA', 'en'],
          },
        ],
      },
    ])
    expect(product?.pages).toEqual([
      {
        name: 'pip',
        linkType: 'gs1:pip',
        default: true,
        titles: { de: 'Rice', 'fr-ca': 'Rice', en: 'Rice' },
        href: 'https://example.com/',
      },
    ])
    expect([product?.defaultLanguage, product?.languages]).toEqual(['de', ['de', 'fr-ca', 'en']])
  })

  test("`und`, a missing or an empty hreflang is the product's default language: the default link's first", () => {
    const [product] = productsOf([
      {
        anchor: `/01/${RICE}`,
        defaultLinktype: 'gs1:pip',
        links: [
          link('gs1:recipeInfo', 'https://example.com/r', 'und'),
          link('gs1:pip', 'https://example.com/p', ['und']),
          link('gs1:pip', 'https://example.com/p.nl', ['nl']),
          link('gs1:faqs', 'https://example.com/f', []),
          { linktype: 'gs1:support', href: 'https://example.com/s' },
        ],
      },
    ])
    expect(product?.defaultLanguage).toBe('nl')
    expect(product?.pages.map((p) => [p.name, p.titles, p.href])).toEqual([
      ['recipe-info', { nl: 'gs1:recipeInfo title' }, 'https://example.com/r'],
      ['pip', { nl: 'gs1:pip title' }, 'https://example.com/p'],
      ['pip-2', { nl: 'gs1:pip title' }, 'https://example.com/p.nl'],
      ['faqs', { nl: 'gs1:faqs title' }, 'https://example.com/f'],
      // No title: the link type's own.
      ['support', { nl: 'Support' }, 'https://example.com/s'],
    ])
    expect(product?.pages.find((p) => p.default)?.name).toBe('pip')
    const none = productsOf([
      { anchor: `/01/${RICE}`, links: [link('gs1:pip', 'https://example.com/', 'und')] },
    ])
    expect([none[0]?.defaultLanguage, none[0]?.languages]).toEqual(['en', ['en']])
  })

  test('without defaultLinktype the first link is the default page; full vocabulary URIs become CURIEs', () => {
    const [product] = productsOf([
      {
        anchor: `/01/${RICE}`,
        defaultLinktype: '',
        links: [
          link('https://gs1.org/voc/recipeInfo', 'https://example.com/r'),
          link('https://ref.gs1.org/voc/pip', 'https://example.com/p', ['en'], { title: 'Rice' }),
        ],
      },
    ])
    expect(product?.pages.map((p) => [p.name, p.linkType, p.default])).toEqual([
      ['recipe-info', 'gs1:recipeInfo', true],
      ['pip', 'gs1:pip', undefined],
    ])
    const named = productsOf([
      {
        anchor: `/01/${RICE}`,
        defaultLinktype: 'https://gs1.org/voc/pip',
        links: [link('gs1:recipeInfo', 'https://example.com/r'), link('gs1:pip', 'https://example.com/p')],
      },
    ])
    expect(named[0]?.pages.map((p) => p.default === true)).toEqual([false, true])
  })

  test('a page per link type and media type; a language given twice with another URL starts a second page', () => {
    const [product] = productsOf([
      {
        anchor: `/01/${RICE}`,
        links: [
          link('gs1:pip', 'https://example.com/a'),
          link('gs1:pip', 'https://example.com/a'),
          link('gs1:pip', 'https://example.com/b'),
          link('gs1:pip', 'https://example.com/a.pdf', ['en'], { type: 'application/pdf; q=1' }),
          link('gs1:pip', 'https://example.com/b.fr', ['fr'], { type: 'und' }),
        ],
      },
    ])
    expect(product?.pages.map((p) => [p.name, p.href, p.type])).toEqual([
      ['pip', { en: 'https://example.com/a', fr: 'https://example.com/b.fr' }, 'text/html'],
      ['pip-2', 'https://example.com/b', 'text/html'],
      ['pip-3', 'https://example.com/a.pdf', 'application/pdf'],
    ])
  })

  test('a context is kept when every link of the page gives that one; `und` is none', () => {
    const [product] = productsOf([
      {
        anchor: `/01/${RICE}`,
        links: [
          link('gs1:pip', 'https://example.com/en', ['en'], { context: ['und', 'consumer'] }),
          link('gs1:pip', 'https://example.com/fr', ['fr'], { context: 'consumer' }),
          link('gs1:recipeInfo', 'https://example.com/r.en', ['en'], { context: ['us'] }),
          link('gs1:recipeInfo', 'https://example.com/r.fr', ['fr'], { context: ['fr'] }),
          link('gs1:faqs', 'https://example.com/f', ['en'], { context: ['sales', 'marketing'] }),
        ],
      },
    ])
    expect(product?.pages.map((p) => [p.name, p.context])).toEqual([
      ['pip', 'consumer'],
      ['recipe-info', undefined],
      ['faqs', undefined],
    ])
  })

  test('braces in an href are text in CE, so they are percent-encoded rather than read as a template', () => {
    const [product] = productsOf([
      { anchor: `/01/${RICE}`, links: [link('gs1:pip', 'https://example.com/?q={x}')] },
    ])
    expect(product?.pages[0]?.href).toBe('https://example.com/?q=%7Bx%7D')
  })

  test('one object instead of a list is one entry, its paths without an index', () => {
    const result = map({ anchor: `/01/${RICE}`, links: [link('gs1:pip', '')] })
    expect(result.issues).toEqual([
      { code: 'Catalog.Invalid.href', path: 'links[0].href', message: 'a link has the URL it leads to' },
    ])
  })
})

describe('lots', () => {
  const base = {
    anchor: `/01/${RICE}`,
    itemDescription: 'Rice',
    defaultLinktype: 'gs1:pip',
    links: [
      link('gs1:pip', 'https://example.com/rice', ['en', 'fr']),
      link('gs1:recipeInfo', 'https://example.com/recipes'),
    ],
  }

  test('an entry with a lot, in its anchor or its qualifiers, gives that lot pages named like the product pages they replace', () => {
    const [product] = productsOf([
      base,
      {
        anchor: `/01/${RICE}/10/LOT%2F1`,
        itemDescription: 'Rice, lot 1',
        defaultLinktype: 'gs1:pip',
        links: [
          link('gs1:pip', 'https://example.com/rice/lot1', ['en', 'fr']),
          // The same as the product's: left out.
          link('gs1:recipeInfo', 'https://example.com/recipes'),
          link('gs1:certificationInfo', 'https://example.com/cert/lot1'),
        ],
      },
      {
        anchor: `/01/${RICE}`,
        qualifiers: [{ '10': 'LOT2' }],
        defaultLinktype: 'gs1:recallStatus',
        links: [
          link('gs1:recallStatus', 'https://example.com/recall', ['en'], { title: 'Recalled' }),
          link('gs1:pip', 'https://example.com/rice/lot2'),
        ],
      },
    ])
    expect(product?.slug).toBe('rice')
    expect(product?.pages.map((p) => p.name)).toEqual(['pip', 'recipe-info'])
    expect(product?.lots).toEqual({
      'LOT/1': {
        pages: [
          {
            name: 'pip',
            linkType: 'gs1:pip',
            titles: { en: 'gs1:pip title', fr: 'gs1:pip title' },
            href: 'https://example.com/rice/lot1',
            type: 'text/html',
          },
          {
            name: 'certification-info',
            linkType: 'gs1:certificationInfo',
            titles: { en: 'gs1:certificationInfo title' },
            href: 'https://example.com/cert/lot1',
            type: 'text/html',
          },
        ],
      },
      // The lot's default link type is another: its page replaces the default page by its name.
      LOT2: {
        pages: [
          {
            name: 'pip',
            linkType: 'gs1:recallStatus',
            titles: { en: 'Recalled' },
            href: 'https://example.com/recall',
            type: 'text/html',
          },
          {
            name: 'pip-2',
            linkType: 'gs1:pip',
            titles: { en: 'gs1:pip title' },
            href: 'https://example.com/rice/lot2',
            type: 'text/html',
          },
        ],
      },
    })
  })

  test("a lot whose pages are all the product's has none; lot languages are the product's too", () => {
    const [same] = productsOf([base, { ...base, qualifiers: [{ '10': 'A1' }] }])
    expect(same?.lots).toBeUndefined()
    const [more] = productsOf([
      base,
      { ...base, qualifiers: [{ '10': 'A1' }], links: [link('gs1:pip', 'https://example.com/de', ['de'])] },
    ])
    expect(more?.languages).toEqual(['en', 'fr', 'de'])
    expect(more?.lots?.A1?.pages.map((p) => [p.name, p.titles])).toEqual([['pip', { de: 'gs1:pip title' }]])
  })

  test('entries of one GTIN are one product, whatever their order; two entries without a lot add up', () => {
    const products = productsOf([
      { ...base, anchor: `/01/${RICE}/10/A1`, links: [link('gs1:pip', 'https://example.com/a1')] },
      {
        anchor: `/01/${PASTA}`,
        itemDescription: 'Rice',
        links: [link('gs1:pip', 'https://example.com/pasta')],
      },
      base,
      { anchor: `/01/${RICE}`, links: [link('gs1:faqs', 'https://example.com/faqs')] },
    ])
    expect(
      products.map((p) => [p.gtin, p.slug, p.pages.map((page) => page.name), Object.keys(p.lots ?? {})]),
    ).toEqual([
      [RICE, 'rice', ['pip', 'recipe-info', 'faqs'], ['A1']],
      [PASTA, 'rice-2', ['pip'], []],
    ])
  })
})

describe('GS1 Resolver CE v2 entries', () => {
  const response = (
    linkType: string,
    ianaLanguage: string,
    targetUrl: string,
    more: Record<string, unknown> = {},
  ) => ({
    linkType,
    ianaLanguage,
    context: 'xx',
    mimeType: 'text/html',
    linkTitle: `${linkType} in ${ianaLanguage}`,
    targetUrl,
    defaultLinkType: false,
    defaultIanaLanguage: true,
    defaultContext: true,
    defaultMimeType: true,
    fwqs: true,
    active: true,
    ...more,
  })

  test('responses become pages; the response marked defaultLinkType picks the default; inactive ones are left out', () => {
    const [product] = productsOf([
      {
        identificationKeyType: '01',
        identificationKey: RICE,
        itemDescription: 'Dal Giardino Risotto Rice',
        dateInserted: '2020-06-30T08:12:31.567Z',
        qualifierPath: '/',
        active: true,
        responses: [
          response('gs1:hasRetailers', 'en', 'https://example.com/buy', { context: 'us' }),
          response('gs1:pip', 'es', 'https://example.com/es', { defaultLinkType: true, context: 'es' }),
          response('gs1:pip', 'en', 'https://example.com/en', { defaultLinkType: true, context: 'us' }),
          response('gs1:recipeInfo', 'en', 'https://example.com/old', { active: false }),
        ],
      },
    ])
    expect(product).toEqual({
      gtin: RICE,
      brand: BRAND,
      slug: 'dal-giardino-risotto-rice',
      published: true,
      defaultLanguage: 'es',
      languages: ['es', 'en'],
      names: { es: 'Dal Giardino Risotto Rice' },
      pages: [
        {
          name: 'has-retailers',
          linkType: 'gs1:hasRetailers',
          titles: { en: 'gs1:hasRetailers in en' },
          href: 'https://example.com/buy',
          type: 'text/html',
          context: 'us',
        },
        {
          name: 'pip',
          linkType: 'gs1:pip',
          default: true,
          titles: { es: 'gs1:pip in es', en: 'gs1:pip in en' },
          href: { es: 'https://example.com/es', en: 'https://example.com/en' },
          type: 'text/html',
        },
      ],
    })
  })

  test("an inactive entry is an unpublished product; a lot's in qualifierPath; GS1's `language` and `public` are read", () => {
    const products = productsOf([
      {
        identificationKeyType: '01',
        identificationKey: '9506000134352',
        itemDescription: 'Rice',
        active: false,
        responses: [response('gs1:pip', 'en', 'https://example.com/')],
      },
      {
        identificationKeyType: '01',
        identificationKey: RICE,
        qualifierPath: '/10/B7',
        responses: [response('gs1:pip', 'en', 'https://example.com/b7')],
      },
      {
        identificationKeyType: '01',
        identificationKey: PASTA,
        public: true,
        responses: [
          {
            linkType: 'gs1:pip',
            language: 'it',
            linkTitle: 'Pasta',
            targetUrl: 'https://example.com/p',
            public: true,
          },
          {
            linkType: 'gs1:faqs',
            language: 'it',
            linkTitle: 'FAQ',
            targetUrl: 'https://example.com/f',
            public: false,
          },
        ],
      },
      {
        identificationKeyType: '01',
        identificationKey: OIL,
        responses: [response('gs1:pip', 'en', 'https://example.com/oil')],
      },
      {
        identificationKeyType: '01',
        identificationKey: OIL,
        qualifierPath: '/10/OLD',
        active: false,
        responses: [response('gs1:pip', 'en', 'https://example.com/old')],
      },
    ])
    expect(
      products.map((p) => [p.gtin, p.published, p.slug, p.pages.map((page) => page.href), p.lots]),
    ).toEqual([
      [
        RICE,
        false,
        'rice',
        ['https://example.com/'],
        { B7: { pages: [expect.objectContaining({ name: 'pip', href: 'https://example.com/b7' })] } },
      ],
      [PASTA, true, PASTA, ['https://example.com/p'], undefined],
      [OIL, true, OIL, ['https://example.com/oil'], undefined],
    ])
  })
})

describe('what cannot be mapped is an issue with its path; the rest still maps', () => {
  test('a file that is no list of entries, and entries of no known shape', () => {
    expect(map('links').issues).toEqual([
      {
        code: 'Catalog.Unmappable',
        path: null,
        message:
          'GS1 Resolver CE data entry is a JSON array of entries, each with an anchor (v3) or an identificationKeyType (v2)',
      },
    ])
    expect(issuesOf([42, { gtin: RICE }, null])).toEqual([
      'Catalog.Unmappable [0]',
      'Catalog.Unmappable [1]',
      'Catalog.Unmappable [2]',
    ])
  })

  test('every kind of problem, each at its path, while the good entry maps', () => {
    const good = { anchor: `/01/${OIL}`, links: [link('gs1:pip', 'https://example.com/oil')] }
    const result = map([
      { anchor: '/414/9506000134352', links: [link('gs1:pip', 'https://example.com/')] },
      { anchor: '01/09506000134352', links: [] },
      { anchor: '/01/09506000134353', links: [link('gs1:pip', 'https://example.com/')] },
      { anchor: `/01/${RICE}/21/123`, links: [link('gs1:pip', 'https://example.com/')] },
      {
        anchor: `/01/${RICE}`,
        qualifiers: [{ '22': 'V1' }, { '10': '{lotnumber}' }, { '10': 'ÄÖ' }, 'x'],
        links: [link('gs1:pip', 'https://example.com/')],
      },
      {
        anchor: `/01/${PASTA}`,
        itemDescription: 7,
        defaultLinktype: 'gs1:recallStatus',
        links: [
          link('gs1:pip', 'https://example.com/ok'),
          { linktype: 'gs1:pip', title: 'No href', hreflang: ['en'] },
          link('schema:recipe', 'https://example.com/'),
          link('gs1:notAType', 'https://example.com/'),
          link('gs1:defaultLink', 'https://example.com/'),
          link('gs1:pip', 'https://example.com/', ['en', 'english', 'xx']),
          link('gs1:pip', 'https://example.com/', ['en'], { type: 'html', title: 5, context: [''] }),
          'not a link',
        ],
      },
      { identificationKeyType: '414', identificationKey: '9506000134352', responses: [] },
      { identificationKeyType: '01', identificationKey: 'abc', qualifierPath: '10/A', responses: {} },
      {
        identificationKeyType: '01',
        identificationKey: PASTA,
        qualifierPath: '/10/A',
        responses: [{ linkType: 'gs1:pip', ianaLanguage: 'en', targetUrl: 5 }],
      },
      { anchor: `/01/${RICE}/10/ONLY`, links: [link('gs1:pip', 'https://example.com/')] },
      good,
    ])
    expect(result.issues.map((i) => `${i.code} ${i.path}: ${i.message}`)).toEqual(expectedIssues())
    expect(result.file.products?.map((p) => [p.gtin, p.pages.map((page) => page.href)])).toEqual([
      [PASTA, ['https://example.com/ok']],
      [OIL, ['https://example.com/oil']],
    ])
  })

  test('a product needs an entry without a lot, and at least one active link', () => {
    expect(
      issuesOf([
        {
          identificationKeyType: '01',
          identificationKey: RICE,
          responses: [
            { linkType: 'gs1:pip', ianaLanguage: 'en', targetUrl: 'https://example.com/', active: false },
          ],
        },
      ]),
    ).toEqual(['Catalog.Unmappable [0]'])
  })
})

function expectedIssues(): string[] {
  return [
    'Catalog.Unmappable [0].anchor: key (414) is not yet mappable: only GTINs (01) become products',
    'Catalog.Invalid.anchor [1].anchor: an anchor is a Digital Link path such as "/01/09506000134352"',
    'Catalog.Invalid.links [1].links: an entry has at least one link',
    'Catalog.Invalid.anchor [2].anchor: GTIN 09506000134353 has a wrong check digit: it ends in 3, expected 2',
    'Catalog.Unmappable [3].anchor: serial number (21) qualifiers are not yet mappable: pages are per product or per lot',
    'Catalog.Invalid.qualifiers [4].qualifiers[3]: a qualifier is an object of one AI and its value, such as {"10": "LOT1"}',
    'Catalog.Unmappable [4].qualifiers[0]: consumer product variant (22) qualifiers are not yet mappable: pages are per product or per lot',
    "Catalog.Unmappable [4].qualifiers[1]: the lot '{lotnumber}' is a placeholder for every lot; not yet mappable: lot pages are per lot",
    `Catalog.Invalid.qualifiers [4].qualifiers[2]: lot 'ÄÖ': AI (10) expects GS1 character set 82 (letters, digits and !"%&'()*+,-./:;<=>?_); 'ÄÖ' has 'Ä' at position 1`,
    'Catalog.Invalid.href [5].links[1].href: a link has the URL it leads to',
    "Catalog.Unmappable [5].links[2].linktype: 'schema:recipe' is outside the GS1 Web Vocabulary; only gs1: link types map to pages",
    "Catalog.Invalid.linktype [5].links[3].linktype: 'gs1:notAType' is not a link type of the GS1 Web Vocabulary",
    "Catalog.Unmappable [5].links[4].linktype: defaultLink is a link type resolvers answer with; it is never a page's (mark the default with defaultLinktype)",
    `Catalog.Invalid.hreflang [5].links[5].hreflang[1]: 'english' is not a language tag of the form "en" or "fr-CA"`,
    "Catalog.Invalid.hreflang [5].links[5].hreflang[2]: 'xx' is not an ISO 639-1 language code",
    'Catalog.Invalid.type [5].links[6].type: a type is a media type such as "text/html"',
    'Catalog.Invalid.context [5].links[6].context[0]: a context is a text of 1 to 200 characters',
    'Catalog.Invalid.title [5].links[6].title: a title is a text',
    'Catalog.Invalid.links [5].links[7]: a link is an object with a link type, an href, a title and languages',
    'Catalog.Invalid.itemDescription [5].itemDescription: itemDescription is a text',
    'Catalog.Invalid.defaultLinktype [5].defaultLinktype: no link of the entry has the default link type gs1:recallStatus',
    'Catalog.Unmappable [6].identificationKeyType: key (414) is not yet mappable: only GTINs (01) become products',
    'Catalog.Invalid.responses [6].responses: an entry has at least one link',
    "Catalog.Invalid.identificationKey [7].identificationKey: 'abc' is not a GTIN of 8, 12, 13 or 14 digits",
    'Catalog.Invalid.qualifierPath [7].qualifierPath: qualifierPath is a path such as "/" or "/10/LOT1"',
    'Catalog.Invalid.responses [7].responses: responses is a list of links',
    'Catalog.Invalid.targetUrl [8].responses[0].targetUrl: a link has the URL it leads to',
    'Catalog.Unmappable [9]: GTIN 09506000134352 has entries only for lots; a product needs an entry without qualifiers for its own pages',
  ]
}

describe('names and sources', () => {
  test('page names are the link type in lower case with hyphens; product slugs are ASCII, at most 100, else the GTIN', () => {
    expect(['gs1:pip', 'gs1:recallStatus', 'gs1:purchaseSuppliesOrAccessories'].map(pageNameOf)).toEqual([
      'pip',
      'recall-status',
      'purchase-supplies-or-accessories',
    ])
    expect(productSlug('  Crème Brûlée — 250 g!  ', RICE)).toBe('creme-brulee-250-g')
    expect(productSlug('日本のお米', RICE)).toBe(RICE)
    expect(productSlug(undefined, RICE)).toBe(RICE)
    expect(productSlug(`${'a'.repeat(99)} b`, RICE)).toBe('a'.repeat(99))
    const many = productsOf(
      [RICE, PASTA, OIL].map((gtin) => ({
        anchor: `/01/${gtin}`,
        itemDescription: 'x'.repeat(100),
        links: [link('gs1:pip', 'https://example.com/')],
      })),
    )
    expect(many.map((p) => p.slug)).toEqual(['x'.repeat(100), `${'x'.repeat(98)}-2`, `${'x'.repeat(98)}-3`])
  })

  test('every part of the file names where in the CE file it came from', () => {
    const { sources } = map([
      { anchor: `/01/${OIL}`, links: [link('gs1:faqs', 'https://example.com/f')] },
      {
        anchor: `/01/${RICE}`,
        links: [link('gs1:pip', 'https://example.com/en'), link('gs1:pip', 'javascript:alert(1)', ['fr'])],
      },
      { anchor: `/01/${RICE}/10/L1`, links: [link('gs1:pip', 'https://example.com/l1')] },
    ])
    expect(ceSourceOf(sources, 'products[1].pages[0].href.fr')).toBe('[1].links[1]')
    expect(ceSourceOf(sources, 'products[1].pages[0].titles.en')).toBe('[1].links[0]')
    expect(ceSourceOf(sources, 'products[1].pages[0].href')).toBe('[1].links[0]')
    expect(ceSourceOf(sources, 'products[1].lots["L1"].pages[0].href')).toBe('[2].links[0]')
    expect(ceSourceOf(sources, 'products[1].slug')).toBe('[1]')
    expect(ceSourceOf(sources, 'products[7].slug')).toBeNull()
    expect(ceSourceOf(sources, null)).toBeNull()
  })
})

describe('properties', () => {
  const KNOWN = { organizations: new Set(['acme']), brands: new Set([BRAND]), domains: new Map() }

  test('never throws on any JSON value, and what it maps always has the import format’s shape', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = map(value)
        expect(Array.isArray(result.issues)).toBe(true)
        expect(shapeIssues(result.file)).toEqual([])
      }),
      { numRuns: 1000 },
    )
  })

  const gtin = fc.constantFrom(RICE, PASTA, OIL, '9506000134352', '0950600013435')
  const lot = fc.option(fc.constantFrom('A1', 'B-2', '{lot}', '', 'x'.repeat(25)), { nil: undefined })
  const tag = fc.constantFrom('en', 'fr', 'en-GB', 'und', 'xx', 'english', 7)
  const linkType = fc.constantFrom(
    'gs1:pip',
    'gs1:recipeInfo',
    'https://gs1.org/voc/faqs',
    'gs1:defaultLink',
    'gs1:nope',
    'schema:x',
    3,
  )
  const ceLink = fc.record(
    {
      linktype: linkType,
      href: fc.oneof(
        fc.constantFrom('https://example.com/a', 'https://example.com/b', '', 'http://example.org/{x}'),
        fc.jsonValue(),
      ),
      title: fc.oneof(fc.string(), fc.constant(undefined)),
      type: fc.constantFrom('text/html', 'application/pdf', 'und', 'bad', undefined),
      hreflang: fc.oneof(fc.array(tag, { maxLength: 3 }), tag),
      context: fc.oneof(
        fc.constant(undefined),
        fc.array(fc.constantFrom('sales', 'und', ''), { maxLength: 2 }),
      ),
    },
    { requiredKeys: [] },
  )
  const v3 = fc.record(
    {
      anchor: fc.tuple(gtin, lot).map(([g, l]) => (l === undefined ? `/01/${g}` : `/01/${g}/10/${l}`)),
      itemDescription: fc.oneof(fc.string(), fc.constant(undefined)),
      defaultLinktype: fc.oneof(linkType, fc.constant(undefined)),
      qualifiers: fc.option(
        fc.array(fc.dictionary(fc.constantFrom('10', '21', '22'), fc.string()), { maxLength: 2 }),
        { nil: undefined },
      ),
      links: fc.oneof(fc.array(ceLink, { maxLength: 5 }), fc.jsonValue()),
    },
    { requiredKeys: ['anchor'] },
  )
  const v2 = fc.record(
    {
      identificationKeyType: fc.constantFrom('01', '414', 1),
      identificationKey: gtin,
      qualifierPath: fc.constantFrom('/', '/10/A1', '/21/S', 'x', undefined),
      active: fc.boolean(),
      responses: fc.array(
        fc.record(
          {
            linkType: linkType,
            ianaLanguage: tag,
            targetUrl: fc.constantFrom('https://example.com/a', ''),
            linkTitle: fc.string(),
            context: fc.constantFrom('us', 'und', undefined),
            defaultLinkType: fc.boolean(),
            active: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 4 },
      ),
    },
    { requiredKeys: ['identificationKeyType'] },
  )

  test('never throws on CE-shaped input with odd values either', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(v3, v2), { maxLength: 6 }), (entries) => {
        const result = map(entries)
        expect(shapeIssues(result.file)).toEqual([])
        for (const product of result.file.products ?? []) expect(product.brand).toBe(BRAND)
      }),
      { numRuns: 1000 },
    )
  })

  const goodType = fc.constantFrom(
    'gs1:pip',
    'gs1:recipeInfo',
    'https://gs1.org/voc/faqs',
    'https://ref.gs1.org/voc/recallStatus',
  )
  const goodLink = fc.record(
    {
      linktype: goodType,
      href: fc.constantFrom('https://example.com/a', 'https://example.com/b', 'http://example.org/c?x=1'),
      title: fc.string({ maxLength: 30 }),
      type: fc.constantFrom('text/html', 'application/pdf', undefined),
      hreflang: fc.array(fc.constantFrom('en', 'fr', 'en-GB', 'und'), { maxLength: 3 }),
      context: fc.constantFrom(undefined, ['sales'], ['und', 'marketing']),
    },
    { requiredKeys: ['linktype', 'href'] },
  )
  const goodEntry = (anchor: string) =>
    fc
      .record({
        itemDescription: fc.string({ maxLength: 40 }),
        links: fc.array(goodLink, { minLength: 1, maxLength: 5 }),
        pick: fc.nat(),
      })
      .map(({ links, pick, ...rest }) => ({
        anchor,
        ...rest,
        defaultLinktype: pick % 2 === 0 ? undefined : links[pick % links.length]?.linktype,
        links,
      }))
  const goodProduct = fc
    .tuple(
      fc.constantFrom(RICE, PASTA, OIL, '9506000134352'),
      fc.uniqueArray(fc.constantFrom('A1', 'B-2', 'LOT/1'), { maxLength: 2 }),
    )
    .chain(([g, lots]) =>
      fc.tuple(goodEntry(`/01/${g}`), ...lots.map((l) => goodEntry(`/01/${g}/10/${encodeURIComponent(l)}`))),
    )

  test('valid CE data maps without issues to a file the import accepts', () => {
    fc.assert(
      fc.property(fc.array(goodProduct, { minLength: 1, maxLength: 3 }), (products) => {
        const byGtin = new Map(
          products.map((entries) => [entries[0].anchor.slice(4).padStart(14, '0'), entries]),
        )
        const result = map([...byGtin.values()].flat())
        expect(result.issues).toEqual([])
        expect(result.file.products?.length).toBe(byGtin.size)
        const validation = validateCatalog(result.file, KNOWN)
        expect(validation.ok ? [] : validation.errors).toEqual([])
      }),
      { numRuns: 500 },
    )
  })
})
