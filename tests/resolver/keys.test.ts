/** Links of every GS1 key (DESIGN §12): the dictionary's rules decide 400, the catalog decides the rest. */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { encodeLink } from '../../src/epc/index.ts'
import { dlPrimaryKeys } from '../../src/gs1/ai-table.ts'
import type { CatalogProduct } from '../../src/resolver/catalog.ts'
import { createResolver } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { parseKeyPath, pathKey } from '../../src/resolver/path.ts'
import { config, greenTea, RESOLVER, req, send } from './fixtures.ts'

const VALID: readonly [string, string][] = [
  ['/00/095060001343520017', '00'],
  ['/414/9506000000022', '414'],
  ['/414/9506000000022/254/EXT1', '414'],
  ['/414/9506000000022/7040/1A2B', '414'],
  ['/8003/09506000134376SER1', '8003'],
  ['/8004/9506000134376ASSET', '8004'],
  ['/8006/095060001343760101/10/LOT1', '8006'],
  ['/8010/9506000ABC/8011/12', '8010'],
  ['/8017/950600013437600004', '8017'],
  ['/253/9506000134376DOC', '253'],
  ['/255/9506000134376', '255'],
  ['/417/9506000000008', '417'],
  ['/401/9506000ABC', '401'],
  ['/402/95060001234567893', '402'],
  ['/8013/9506000MODDX', '8013'],
]

describe('every Digital Link primary key is a resolver path', () => {
  test('valid links of keys the catalog does not hold are 404, never 400', async () => {
    for (const [path, key] of VALID) {
      expect({ path, key: parseKeyPath(path)?.key }).toEqual({ path, key })
      const res = await send(path)
      expect({ path, status: res.status }).toEqual({ path, status: 404 })
    }
  })

  test('SPEC’s 400 cases for every key: check digit, foreign qualifier, order, character set, length', async () => {
    for (const path of [
      '/00/095060001343520009', // SSCC check digit (expected 0)
      '/414/9506000000005', // GLN check digit
      '/00/09506000134352000', // SSCC too short
      '/414/9506000000008/10/LOT', // 10 is not a qualifier of a GLN
      '/414/9506000000008/7040/1A2B/254/EXT1', // 254 and 7040 are alternatives, not a sequence
      '/8006/095060001343760101/21/S1/10/LOT1', // order: 10 before 21
      '/8004/9506000134376ASSET%20X', // a space is outside character set 82
      `/8004/9506000134376${'A'.repeat(30)}`, // longer than 30
      '/414/9506000000008/254/', // a qualifier without value
      '/414/9506000000008/254/A%zz', // bad percent-encoding
    ]) {
      expect({ path, status: (await send(path)).status }).toEqual({ path, status: 400 })
    }
  })

  test('a qualifier repeated in the query with another value is 400, as for a GTIN', async () => {
    expect((await send('/414/9506000000008/254/EXT1?254=OTHER')).status).toBe(400)
  })

  test('pathKey names exactly the dictionary’s Digital Link primary keys', () => {
    for (const key of dlPrimaryKeys()) expect(pathKey(`/${key}/x`)).toBe(key)
    for (const ai of ['10', '21', '17', '90', 'foo', '']) expect(pathKey(`/${ai}/x`)).toBeNull()
  })

  test('the parser never throws, and what it accepts is a path of its key that reads back the same', () => {
    const keys = dlPrimaryKeys()
    const segment = fc.stringMatching(/^[0-9A-Za-z%!'()*+,.:;=_-]{0,24}$/)
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.array(segment, { maxLength: 5 }), (key, rest) => {
        const path = `/${key}/${rest.join('/')}`
        const link = parseKeyPath(path)
        if (link !== null) expect(link.key).toBe(key)
      }),
      { numRuns: 3000 },
    )
  })
})

describe('an entry of another key, found by the catalog', () => {
  const pallet: CatalogProduct = {
    ...greenTea,
    gtin: '00/095060001343520000',
    productSlug: 'pallet',
    pages: [
      {
        name: 'shipment',
        linkType: 'gs1:traceability',
        isDefault: true,
        titles: { en: 'Shipment' },
        content: {},
        href: 'https://logistics.example/sscc/{value}',
      },
    ],
  }
  const resolver = createResolver({ catalog: createMemoryCatalog([pallet]), config })

  test('resolves from its path and from a compressed link of its own scheme (SSCC), alike', async () => {
    const plain = await resolver(req(`${RESOLVER}/00/095060001343520000`))
    expect(plain.status).toBe(307)
    expect(plain.headers.get('location')).toBe('https://logistics.example/sscc/095060001343520000')
    const encoded = encodeLink(
      { key: { ai: '00', value: '095060001343520000' }, qualifiers: [], attributes: [] },
      'hex',
    )
    if (!encoded.ok) throw new Error(encoded.message)
    const compressed = await resolver(req(`${RESOLVER}/${encoded.segment}`))
    expect(compressed.status).toBe(307)
    expect(compressed.headers.get('location')).toBe('https://logistics.example/sscc/095060001343520000')
    expect(compressed.headers.get('link')).toContain(`<${RESOLVER}/00/095060001343520000>; rel="owl:sameAs"`)
  })
})

describe('prefix rules in a catalog held in memory (the standalone resolver)', () => {
  const rule = (prefix: string, href: string): CatalogProduct => ({
    ...greenTea,
    gtin: `8004/${prefix}~`,
    productSlug: `assets-${prefix.toLowerCase()}`,
    pages: [
      { name: 'asset', linkType: 'gs1:pip', isDefault: true, titles: { en: 'Asset' }, content: {}, href },
    ],
  })
  const resolver = createResolver({
    catalog: createMemoryCatalog([
      rule('9506000', 'https://assets.example/{value}'),
      rule('9506000TOOL', 'https://tools.example/{value}'),
    ]),
    config,
  })
  const at = async (path: string) => (await resolver(req(`${RESOLVER}${path}`))).headers.get('location')

  test('the longest matching prefix answers; a value no rule matches is 404', async () => {
    expect(await at('/8004/9506000TOOL42')).toBe('https://tools.example/9506000TOOL42')
    expect(await at('/8004/9506000CRATE7')).toBe('https://assets.example/9506000CRATE7')
    expect((await resolver(req(`${RESOLVER}/8004/9506001X`))).status).toBe(404)
  })
})

describe('prefix rules for GTINs (01)', () => {
  const gtinRule: CatalogProduct = {
    ...greenTea,
    gtin: '01/04012345~',
    productSlug: 'all-northwind',
    pages: [
      {
        name: 'product',
        linkType: 'gs1:pip',
        isDefault: true,
        titles: { en: 'Product' },
        content: {},
        href: 'https://shop.example/gtin/{value}',
      },
    ],
  }
  const resolver = createResolver({ catalog: createMemoryCatalog([greenTea, gtinRule]), config })
  const scan = (path: string) => resolver(req(`${RESOLVER}${path}`))

  test('a GTIN no product lists falls to the longest rule; a listed product keeps its own pages', async () => {
    const listed = await scan(`/01/${greenTea.gtin}`)
    expect(listed.status).toBe(307)
    expect(listed.headers.get('location')).not.toStartWith('https://shop.example/')
    const other = await scan('/01/04012345999990/21/S1')
    expect([other.status, other.headers.get('location')]).toEqual([
      307,
      'https://shop.example/gtin/04012345999990?21=S1',
    ])
    expect((await scan('/01/04012346000008')).status).toBe(404)
  })
})
