import { describe, expect, test } from 'bun:test'
import { createPagesHandler } from '../../src/pages/index.ts'
import type { Catalog } from '../../src/resolver/catalog.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { productView } from '../../src/resolver/product-view.ts'
import { answer, CUSTOM, config, oliveOil, RESOLVER, SHORT, visit } from './fixtures.ts'

const OIL = '/en/northwind/olive-oil/info'
const RISOTTO = '/en/dal-giardino/risotto-rice/product'

async function title(res: Response): Promise<string> {
  return /<title>(.*?)<\/title>/.exec(await res.text())?.[1] ?? ''
}

describe('which requests the pages answer', () => {
  test('leaves every path that is not /{locale}/{brand}/{product}/{page} to the resolver', async () => {
    for (const path of [
      '/',
      '/01/09506000134376',
      '/01/09506000134376/10/A/21/B',
      '/.well-known/gs1resolver',
    ]) {
      expect(await visit(path)).toBeNull()
    }
    expect(await visit('/en/northwind/olive-oil')).toBeNull()
    expect(await visit('/ehF7A0')).toBeNull()
  })

  test('GET /{locale}/{brand}/{product}/{page} on {resolver_url} answers 200 with the page', async () => {
    const res = await answer(OIL)
    expect(res.status).toBe(200)
    expect(await title(res)).toBe('Olive oil – Information – Northwind')
  })

  test('a custom domain serves its own brand’s pages', async () => {
    const res = await answer(`${CUSTOM}/fr/dal-giardino/risotto-rice/product`)
    expect(res.status).toBe(200)
    expect(await title(res)).toBe('Riz à risotto Dal Giardino – Informations produit – Dal Giardino')
  })

  test('a custom domain answers 404 for another brand’s products', async () => {
    expect((await answer(`${CUSTOM}${OIL}`)).status).toBe(404)
    expect((await answer(`https://id.acme.example${RISOTTO}`)).status).toBe(404)
  })

  test('{resolver_url} sends a brand with a custom domain there with 307, query kept', async () => {
    const res = await answer(`${RISOTTO}?10=L1&x=%20`)
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe(`${CUSTOM}${RISOTTO}?10=L1&x=%20`)
    expect(await res.text()).toBe('')
  })

  test('the short host and unknown hosts serve no pages: 404', async () => {
    expect((await answer(`${SHORT}${OIL}`)).status).toBe(404)
    expect((await answer(`http://unknown.example${OIL}`)).status).toBe(404)
  })

  test('an unknown brand, product, page, or a language the page is not published in gives 404', async () => {
    for (const path of [
      '/en/nobody/olive-oil/info',
      '/en/northwind/vinegar/info',
      '/en/northwind/olive-oil/nope',
      '/es/northwind/olive-oil/info',
      '/en/northwind/olive-oil/garantie',
      '/en/northwind/olive-oil/%E0%A4%A',
    ]) {
      expect((await answer(path)).status).toBe(404)
    }
  })

  test('looks products up by their decoded slugs', async () => {
    const seen: string[] = []
    const inner = createMemoryCatalog([])
    const catalog: Catalog = {
      ...inner,
      findBySlug: async (brand, product) => {
        seen.push(brand, product)
        return null
      },
    }
    await createPagesHandler({ catalog, config })(new Request('http://localhost:3001/en/a%20b/c%2Fd/x'))
    expect(seen).toEqual(['a b', 'c/d'])
  })

  test('keeps the view of a product only while the catalog keeps that product, so a crawl cannot evict the resolver’s views', async () => {
    const once = { ...oliveOil }
    const kept = createMemoryCatalog([])
    // As the database catalog does for a slug's first lookup: found, but not kept.
    const forgetful: Catalog = { ...kept, findBySlug: async () => once, peekBySlug: () => undefined }
    const res = await createPagesHandler({ catalog: forgetful, config })(new Request(`${RESOLVER}${OIL}`))
    expect(res?.status).toBe(200)
    expect(productView(once, { keep: false })).not.toBe(productView(once, { keep: false }))
    const held = { ...oliveOil }
    const keeping: Catalog = { ...forgetful, findBySlug: async () => held, peekBySlug: () => held }
    expect(
      (await createPagesHandler({ catalog: keeping, config })(new Request(`${RESOLVER}${OIL}`)))?.status,
    ).toBe(200)
    expect(productView(held, { keep: false })).toBe(productView(held, { keep: false }))
  })

  test('an upper-case locale or a trailing slash redirects with 308 to the canonical path', async () => {
    const upper = await answer('/FR/northwind/olive-oil/info?10=A')
    expect(upper.status).toBe(308)
    expect(upper.headers.get('location')).toBe('/fr/northwind/olive-oil/info?10=A')
    const slash = await answer(`${OIL}/`)
    expect(slash.status).toBe(308)
    expect(slash.headers.get('location')).toBe(OIL)
  })
})

describe('the 404 page speaks the visitor’s language', () => {
  const cases: [string, string, Record<string, string>, string, string][] = [
    [
      'the path’s locale',
      '/fr/northwind/olive-oil/nope',
      { 'accept-language': 'de' },
      'fr',
      'Page introuvable',
    ],
    [
      'Accept-Language',
      '/ja/northwind/olive-oil/nope',
      { 'accept-language': 'de-AT, en' },
      'de',
      'Seite nicht gefunden',
    ],
    [
      'the locale cookie',
      '/ja/northwind/x/y',
      { cookie: 'locale=es', 'accept-language': 'fr' },
      'es',
      'Página no encontrada',
    ],
    ['English otherwise', '/ja/northwind/x/y', {}, 'en', 'Page not found'],
  ]
  for (const [what, path, headers, lang, heading] of cases) {
    test(`from ${what}`, async () => {
      const res = await answer(path, { headers })
      expect(res.status).toBe(404)
      const html = await res.text()
      expect(html).toStartWith(`<!doctype html><html lang="${lang}" dir="ltr">`)
      expect(html).toContain(`<h1>${heading}</h1>`)
      expect(html).toContain('<code>404 NOT_FOUND</code>')
    })
  }

  test('on a host that serves no pages too', async () => {
    const html = await (await answer(`${SHORT}/fr/northwind/olive-oil/info`)).text()
    expect(html).toContain('<h1>Page introuvable</h1>')
  })
})

describe('methods', () => {
  test('POST answers 405 with Allow: GET, HEAD, OPTIONS', async () => {
    const res = await answer(OIL, { method: 'POST' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    expect(await res.text()).toContain('<code>405 METHOD_NOT_ALLOWED</code>')
  })

  test('OPTIONS answers 204 with Allow: GET, HEAD, OPTIONS', async () => {
    const res = await answer(OIL, { method: 'OPTIONS' })
    expect(res.status).toBe(204)
    expect(Object.fromEntries(res.headers)).toEqual({ allow: 'GET, HEAD, OPTIONS' })
  })
})

describe('failures', () => {
  const broken: Catalog = {
    findByGtin: async () => null,
    findBySlug: async () => {
      throw new Error('database is down at db.ts:1')
    },
    isActiveCustomDomain: async () => {
      throw new Error('database is down')
    },
  }

  test('a failing catalog gives the 500 page in the visitor’s language, without internals, and onError hears', async () => {
    const seen: unknown[] = []
    const pages = createPagesHandler({ catalog: broken, config, onError: (e, r) => seen.push(e, r.url) })
    const res = await pages(
      new Request(`http://localhost:3001${OIL}`, { headers: { 'accept-language': 'es' } }),
    )
    expect(res?.status).toBe(500)
    expect(res?.headers.get('cache-control')).toBe('no-store')
    const html = (await res?.text()) ?? ''
    expect(html).toContain('<html lang="en" dir="ltr">')
    expect(html).toContain('<h1>Something went wrong</h1>')
    expect(html).not.toContain('database')
    expect(seen[1]).toBe(`http://localhost:3001${OIL}`)
  })

  test('a failing custom-domain lookup or error hook still gives 500', async () => {
    const pages = createPagesHandler({
      catalog: broken,
      config,
      onError: () => {
        throw new Error('logger broke')
      },
    })
    const res = await pages(new Request(`https://id.other.example/fr/a/b/c`))
    expect(res?.status).toBe(500)
    expect(await res?.text()).toContain('<h1>Une erreur est survenue</h1>')
  })

  test('works on a product without pages or names', async () => {
    const bare = { ...oliveOil, names: {}, pages: [] }
    const pages = createPagesHandler({ catalog: createMemoryCatalog([bare]), config })
    expect((await pages(new Request(`http://localhost:3001${OIL}`)))?.status).toBe(404)
  })
})
