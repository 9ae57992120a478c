import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { AnswerMemo } from '../../src/resolver/answer-memo.ts'
import type { Catalog, CatalogProduct } from '../../src/resolver/catalog.ts'
import { createResolver } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { productView } from '../../src/resolver/product-view.ts'
import type { ScanTemplate } from '../../src/resolver/scan-report.ts'
import { CUSTOM, config, greenTea, oliveOil, products, RESOLVER, req, SHORT } from './fixtures.ts'

/** A scan template the memo keeps beside an answer. */
const TEMPLATE: ScanTemplate = {
  organizationId: 'org',
  gtin: '09506000134376',
  host: 'resolver',
  outcome: 'redirect',
  linkType: 'gs1:pip',
  language: 'fr',
  lot: false,
  serial: false,
  expiry: false,
  compressed: false,
}

const OIL = '/01/09506000134376'
const TEA = '/01/04012345000009'

async function snapshot(res: Response) {
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() }
}

/** A catalog whose answer for each GTIN can be swapped, as a reload would. */
function swappableCatalog(initial: CatalogProduct[]) {
  let inner = createMemoryCatalog(initial)
  const catalog: Catalog = {
    findByGtin: (gtin) => inner.findByGtin(gtin),
    peekByGtin: (gtin) => inner.peekByGtin?.(gtin),
    findBySlug: (b, p) => inner.findBySlug(b, p),
    isActiveCustomDomain: (h) => inner.isActiveCustomDomain(h),
  }
  return { catalog, swap: (next: CatalogProduct[]) => (inner = createMemoryCatalog(next)) }
}

describe('remembered answers of bare scans', () => {
  test('any sequence of scans gets the same answers with the memo as without it', async () => {
    const request = fc.record({
      url: fc.constantFrom(
        `${RESOLVER}${OIL}`,
        `${RESOLVER}${OIL}/`,
        `${RESOLVER}/01/9506000134376`,
        `${RESOLVER}${OIL}?linkType=gs1:recipeInfo`,
        `${RESOLVER}${OIL}/10/L1`,
        `${SHORT}${OIL}`,
        `${RESOLVER}${TEA}`,
        `${RESOLVER}/01/09506000134352`,
        `${CUSTOM}/01/09506000134352`,
        `${CUSTOM}${TEA}`,
        'http://elsewhere.example/01/09506000134376',
      ),
      method: fc.constantFrom('GET', 'GET', 'HEAD', 'OPTIONS', 'POST'),
      accept: fc.constantFrom(undefined, 'application/linkset+json', 'application/json', 'text/html'),
      language: fc.constantFrom(undefined, 'en', 'es, fr;q=0.5', 'de-CH'),
      cookie: fc.constantFrom(undefined, 'locale=es', 'theme=dark'),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(request, { maxLength: 30 }), async (scans) => {
        const memo = createResolver({ catalog: createMemoryCatalog(products), config, answerMemoSize: 2 })
        const plain = createResolver({ catalog: createMemoryCatalog(products), config, answerMemoSize: 0 })
        for (const s of scans) {
          const headers: Record<string, string> = {}
          if (s.accept !== undefined) headers.accept = s.accept
          if (s.language !== undefined) headers['accept-language'] = s.language
          if (s.cookie !== undefined) headers.cookie = s.cookie
          const make = () => new Request(s.url, { method: s.method, headers })
          expect(await snapshot(await memo(make()))).toEqual(await snapshot(await plain(make())))
        }
      }),
      { numRuns: 300 },
    )
  })

  test('a catalog change shows on the next scan: a remembered answer never outlives its product', async () => {
    const { catalog, swap } = swappableCatalog(products)
    const resolver = createResolver({ catalog, config })
    expect((await resolver(req(TEA))).headers.get('location')).toBe('/en/northwind/green-tea/about')
    expect((await resolver(req(TEA))).headers.get('location')).toBe('/en/northwind/green-tea/about')
    const renamed = { ...greenTea, productSlug: 'sencha' }
    swap(products.map((p) => (p === greenTea ? renamed : p)))
    expect((await resolver(req(TEA))).headers.get('location')).toBe('/en/northwind/sencha/about')
    swap(products.filter((p) => p !== greenTea))
    expect((await resolver(req(TEA))).status).toBe(404)
  })

  test('keeps at most its size, drops the oldest first, and serves only the same Accept, Accept-Language and Cookie', async () => {
    const catalog = createMemoryCatalog(products)
    const memo = new AnswerMemo(catalog, 2)
    const answer = { status: 307, headers: new Headers({ location: '/x' }), body: null }
    const scan = (url: string, h: Record<string, string> = {}) => new Request(url, { headers: h })
    for (const url of ['http://a/1', 'http://a/2', 'http://a/3'])
      memo.remember(url, scan(url), oliveOil, answer, TEMPLATE)
    expect(memo.size).toBe(2)
    expect(memo.find('http://a/1', scan('http://a/1'))).toBeUndefined()
    expect(memo.find('http://a/3', scan('http://a/3'))?.answer).toBe(answer)
    expect(memo.find('http://a/3', scan('http://a/3'))?.scan).toBe(TEMPLATE)
    expect(memo.find('http://a/3', scan('http://a/3', { 'accept-language': 'en' }))).toBeUndefined()
    expect(memo.find('http://a/3', scan('http://a/3', { cookie: 'locale=en' }))).toBeUndefined()
    expect(memo.find('http://a/3', scan('http://a/3', { accept: 'text/html' }))).toBeUndefined()
  })

  test('stays off for a catalog that cannot vouch for its answers without I/O', () => {
    const { peekByGtin: _sync, ...asyncOnly } = createMemoryCatalog(products)
    const memo = new AnswerMemo(asyncOnly, 10)
    expect(memo.enabled).toBe(false)
    memo.remember(
      'http://a/1',
      new Request('http://a/1'),
      oliveOil,
      {
        status: 200,
        headers: new Headers(),
        body: '',
      },
      TEMPLATE,
    )
    expect(memo.size).toBe(0)
  })

  test('remembers nothing for a product the catalog does not keep, and keeps no view of it', async () => {
    const kept = createMemoryCatalog(products)
    // A catalog that looks each scan up anew, as the database catalog does for a GTIN's first lookup.
    const product = { ...oliveOil }
    const forgetful: Catalog = { ...kept, findByGtin: async () => product, peekByGtin: () => undefined }
    const memo = new AnswerMemo(forgetful, 10)
    const resolver = createResolver({ catalog: forgetful, config })
    const res = await resolver(req(OIL))
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe('/fr/northwind/olive-oil/info')
    memo.remember(
      `${RESOLVER}${OIL}`,
      req(OIL),
      product,
      { status: 307, headers: new Headers(), body: null },
      TEMPLATE,
    )
    expect(memo.size).toBe(0)
    expect(productView(product, { keep: false })).not.toBe(productView(product, { keep: false }))
  })
})
