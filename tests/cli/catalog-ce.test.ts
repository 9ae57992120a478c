import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CatalogFile } from '../../src/catalog/schema.ts'
import { runCatalogCommand } from '../../src/cli/catalog.ts'
import { smallCatalog } from '../catalog/fixtures.ts'
import { runCommand } from '../support/cli.ts'
import { useTestDatabase } from '../support/db.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

const database = useTestDatabase()
const dir = makeTempDir('catalog-ce-cli')
afterAll(() => removeTempDir(dir))
const run = (...args: string[]) => runCommand(runCatalogCommand, database(), args)
const ce = (path: string, ...more: string[]) =>
  run('import', '--from', 'gs1-resolver-ce', '--org', 'acme', '--brand', 'acme-foods', path, ...more)

const RICE = '09506000134352'
const PASTA = '09506000134369'
const OIL = '09506000134376'

function file(name: string, content: unknown): string {
  const path = join(dir, name)
  writeFileSync(path, JSON.stringify(content))
  return path
}

/** Resolver CE v3 data entry: a product with pages in two languages, a lot, and a v2 entry of another product. */
const CE_FILE = [
  {
    anchor: `/01/${PASTA}`,
    itemDescription: 'Dal Giardino Penne',
    defaultLinktype: 'gs1:pip',
    links: [
      {
        linktype: 'gs1:pip',
        href: 'https://example.com/penne',
        title: 'Penne',
        type: 'text/html',
        hreflang: ['en'],
      },
      { linktype: 'gs1:pip', href: 'https://example.com/fr/penne', title: 'Penne (fr)', hreflang: ['fr'] },
      {
        linktype: 'https://gs1.org/voc/recipeInfo',
        href: 'https://example.com/recipes',
        title: 'Recipes',
        hreflang: ['en', 'fr'],
        context: ['consumer'],
      },
    ],
  },
  {
    anchor: `/01/${PASTA}/10/L42`,
    defaultLinktype: 'gs1:recallStatus',
    links: [
      {
        linktype: 'gs1:recallStatus',
        href: 'https://example.com/recall/l42',
        title: 'Recall',
        hreflang: ['en'],
      },
    ],
  },
  {
    identificationKeyType: '01',
    identificationKey: OIL,
    itemDescription: 'Olive oil',
    qualifierPath: '/',
    active: true,
    responses: [
      {
        linkType: 'gs1:pip',
        ianaLanguage: 'it',
        mimeType: 'application/pdf',
        linkTitle: 'Olio',
        targetUrl: 'https://example.com/olio.pdf',
        defaultLinkType: true,
        active: true,
      },
    ],
  },
]

async function exported(): Promise<CatalogFile> {
  const r = await run('export', '--org', 'acme')
  expect(r.code).toBe(0)
  return JSON.parse(r.out.join('\n'))
}

beforeAll(async () => {
  const other: CatalogFile = {
    organizations: [{ slug: 'other', name: 'Other', plan: 'free', subscriptionStatus: 'active' }],
    brands: [{ slug: 'other-brand', name: 'Other brand', organization: 'other' }],
  }
  expect((await run('import', file('acme.json', smallCatalog()))).code).toBe(0)
  expect((await run('import', file('other.json', other))).code).toBe(0)
})

describe('catalog import --from gs1-resolver-ce', () => {
  test('usage: a known source, --org and --brand with it, and only with it', async () => {
    const path = file('usage.json', CE_FILE)
    await expect(
      run('import', '--from', 'resolver', '--org', 'acme', '--brand', 'acme-foods', path),
    ).rejects.toThrow("unknown --from 'resolver'; the one source is gs1-resolver-ce")
    await expect(run('import', '--from', 'gs1-resolver-ce', '--org', 'acme', path)).rejects.toThrow(
      'missing --brand',
    )
    await expect(run('import', '--from', 'gs1-resolver-ce', '--brand', 'acme-foods', path)).rejects.toThrow(
      'missing --org',
    )
    await expect(
      run('import', '--from', 'gs1-resolver-ce', '--org', 'acme', '--brand', 'acme-foods'),
    ).rejects.toThrow('usage: catalog import --from gs1-resolver-ce --org SLUG --brand SLUG FILE.json')
    await expect(run('import', path, '--brand', 'acme-foods')).rejects.toThrow(
      '--org and --brand go with --from gs1-resolver-ce',
    )
  })

  test('the brand must exist in the organization', async () => {
    const path = file('brand.json', CE_FILE)
    const args = (org: string, brand: string) => [
      'import',
      '--from',
      'gs1-resolver-ce',
      '--org',
      org,
      '--brand',
      brand,
      path,
    ]
    expect(await run(...args('nobody', 'acme-foods'))).toEqual({
      code: 1,
      out: [],
      err: ["error: organization 'nobody' does not exist"],
    })
    for (const brand of ['other-brand', 'missing'])
      expect(await run(...args('acme', brand))).toEqual({
        code: 1,
        out: [],
        err: [
          `error: brand '${brand}' does not exist in organization 'acme'; create it first (dashboard or a catalog file)`,
        ],
      })
  })

  test('what cannot be mapped is printed with its path in the CE file, and nothing is written', async () => {
    const bad = [
      ...CE_FILE,
      {
        anchor: '/414/9506000134352',
        links: [{ linktype: 'gs1:locationInfo', href: 'https://example.com/' }],
      },
      { anchor: `/01/${RICE}/21/S1`, links: [{ linktype: 'gs1:pip', href: 'https://example.com/' }] },
      {
        anchor: `/01/${RICE}`,
        links: [{ linktype: 'schema:about', href: 'https://example.com/' }, { linktype: 'gs1:pip' }],
      },
    ]
    const path = file('bad.json', bad)
    const r = await ce(path)
    expect([r.code, r.out]).toEqual([1, []])
    expect(r.err).toEqual([
      `error: ${path} has 4 error(s); nothing was imported`,
      '  Catalog.Unmappable at [3].anchor: key (414) is not yet mappable: only GTINs (01) become products',
      '  Catalog.Unmappable at [4].anchor: serial number (21) qualifiers are not yet mappable: pages are per product or per lot',
      "  Catalog.Unmappable at [5].links[0].linktype: 'schema:about' is outside the GS1 Web Vocabulary; only gs1: link types map to pages",
      '  Catalog.Invalid.href at [5].links[1].href: a link has the URL it leads to',
    ])
    const json = await ce(path, '--json')
    expect(JSON.parse(json.out[0] ?? '{}').errors[0]).toEqual({
      code: 'Catalog.Unmappable',
      path: '[3].anchor',
      message: 'key (414) is not yet mappable: only GTINs (01) become products',
    })
    expect((await exported()).products?.map((p) => p.gtin)).toEqual([RICE])
  })

  test("the import's own errors name where in the CE file their part came from", async () => {
    // The rice belongs to organization acme: it cannot become a product of another organization's brand.
    const path = file('owned.json', [
      { anchor: `/01/${RICE}`, links: [{ linktype: 'gs1:pip', href: 'https://example.com/' }] },
    ])
    const intoOtherBrand = [
      'import',
      '--from',
      'gs1-resolver-ce',
      '--org',
      'other',
      '--brand',
      'other-brand',
      path,
    ]
    const r = await run(...intoOtherBrand)
    expect([r.code, r.out]).toEqual([1, []])
    expect(r.err).toEqual([
      `error: ${path} has 1 error(s); nothing was imported`,
      `  Catalog.Ownership at products[0].gtin (from [0]): GTIN ${RICE} belongs to brand 'acme-foods' of organization 'acme'; an import cannot move it to brand 'other-brand' of organization 'other'`,
    ])
    const json = await run(...intoOtherBrand, '--json')
    expect(JSON.parse(json.out[0] ?? '{}').errors[0]).toMatchObject({
      path: 'products[0].gtin',
      source: '[0]',
    })
    const links = [
      { linktype: 'gs1:pip', href: 'https://example.com/en', hreflang: ['en'] },
      { linktype: 'gs1:pip', href: 'javascript:alert(1)', hreflang: ['fr'] },
    ]
    const script = file('script.json', [{ anchor: `/01/${OIL}`, links }])
    expect((await ce(script)).err.slice(1)).toEqual([
      "  Catalog.Link at products[0].pages[0].href.fr (from [0].links[1]): 'javascript:alert(1)': a link is an absolute http or https URL, not javascript:",
    ])
  })

  test('a dry run reports what it would import and writes nothing', async () => {
    const r = await ce(file('dry.json', CE_FILE), '--dry-run')
    expect([r.code, r.err]).toEqual([0, []])
    expect(r.out).toEqual([
      [
        'dry run: 2 change(s) to import; nothing was written',
        '  organizations: 0 created, 0 updated, 0 unchanged',
        '  brands: 0 created, 0 updated, 0 unchanged',
        '  products: 2 created, 0 updated, 0 unchanged',
        '  items: 0 created, 0 updated, 0 unchanged',
        '  rules: 0 created, 0 updated, 0 unchanged',
      ].join('\n'),
    ])
    const json = await ce(file('dry.json', CE_FILE), '--dry-run', '--json')
    expect(JSON.parse(json.out[0] ?? '{}')).toMatchObject({ changes: 2, dryRun: true })
    expect((await exported()).products?.map((p) => p.gtin)).toEqual([RICE])
  })

  test('a catalog file takes --dry-run too', async () => {
    const catalog = smallCatalog({ names: { en: 'Long-grain rice', fr: 'Riz' } })
    const r = await run('import', file('rename.json', catalog), '--dry-run', '--json')
    expect(JSON.parse(r.out[0] ?? '{}')).toMatchObject({ changes: 1, dryRun: true })
    expect((await exported()).products?.[0]?.names).toEqual({ en: 'Rice', fr: 'Riz' })
  })

  test('an import writes the products; their external pages and lot pages export as mapped', async () => {
    // Todo until external pages (href, type, context) and lots are stored (issue #27, src/services/catalog, src/db).
    const path = file('good.json', CE_FILE)
    const r = await ce(path)
    expect([r.code, r.err, r.out[0]?.split('\n')[0]]).toEqual([0, [], 'imported: 2 change(s)'])
    const products = (await exported()).products ?? []
    expect(products.map((p) => [p.gtin, p.slug, p.brand])).toEqual([
      [RICE, 'rice', 'acme-foods'],
      [PASTA, 'dal-giardino-penne', 'acme-foods'],
      [OIL, 'olive-oil', 'acme-foods'],
    ])
    const penne = products[1]
    expect(penne?.pages).toEqual([
      {
        name: 'pip',
        linkType: 'gs1:pip',
        default: true,
        titles: { en: 'Penne', fr: 'Penne (fr)' },
        href: { en: 'https://example.com/penne', fr: 'https://example.com/fr/penne' },
        type: 'text/html',
      },
      {
        name: 'recipe-info',
        linkType: 'gs1:recipeInfo',
        titles: { en: 'Recipes', fr: 'Recipes' },
        href: 'https://example.com/recipes',
        context: 'consumer',
      },
    ])
    expect(penne?.lots).toEqual({
      L42: {
        pages: [
          {
            name: 'pip',
            linkType: 'gs1:recallStatus',
            titles: { en: 'Recall' },
            href: 'https://example.com/recall/l42',
          },
        ],
      },
    })
    expect(products[2]?.pages[0]).toMatchObject({
      href: 'https://example.com/olio.pdf',
      type: 'application/pdf',
    })
    // Imported again, nothing changes.
    expect(JSON.parse((await ce(path, '--json')).out[0] ?? '{}').changes).toBe(0)
  })
})
