import { describe, expect, test } from 'bun:test'
import { createResolver } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import {
  CONTEXT_URL,
  CUSTOM,
  config,
  makeResolver,
  products,
  RESOLVER,
  req,
  SHORT,
  send,
} from './fixtures.ts'

const TEA = '/01/04012345000009'
const OIL = '/01/09506000134376'
const RISOTTO = '/01/09506000134352'

describe('GET /01/{gtin} redirects', () => {
  test("answers 307 to the default page in the scanner's language, with every header of SPEC", async () => {
    const res = await send(OIL, { headers: { 'accept-language': 'en-GB' } })
    expect(res.status).toBe(307)
    expect(Object.fromEntries(res.headers)).toEqual({
      location: '/en-gb/northwind/olive-oil/info',
      link:
        `<${RESOLVER}${OIL}?linkType=linkset>; rel="linkset"; type="application/linkset+json", ` +
        `<${CONTEXT_URL}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`,
      'cache-control': 'public, s-maxage=600, stale-while-revalidate=600',
      vary: 'Accept, Accept-Language',
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      'access-control-allow-headers': 'Accept, Accept-Language',
      'access-control-expose-headers': 'Location, Link, Content-Type',
    })
    expect(await res.text()).toBe('')
  })

  test("answers 307 to the default page in the product's default language without Accept-Language", async () => {
    const res = await send(OIL)
    expect(res.headers.get('location')).toBe('/fr/northwind/olive-oil/info')
  })

  test('passes the query on byte for byte: same order, repeated names, odd separators, valueless keys', async () => {
    const query = 'b=2&a=1&a=%20x&flag&x=y;z=w&linkType=gs1%3Apip&e=&%7E=~'
    const res = await send(`${TEA}?${query}`)
    expect(res.headers.get('location')).toBe(`/en/northwind/green-tea/about?${query}`)
  })

  test('does not add a question mark when the scan has no query', async () => {
    expect((await send(TEA)).headers.get('location')).toBe('/en/northwind/green-tea/about')
  })

  test("appends the lot and the serial of the path after the scan's query, in that order", async () => {
    const res = await send(`${TEA}/22/V1/10/L1/21/S1?foo=bar`)
    expect(res.headers.get('location')).toBe('/en/northwind/green-tea/about?foo=bar&10=L1&21=S1')
  })

  test('appends only what the query lacks: a lot already in the query (with the same value) is not repeated', async () => {
    const res = await send(`${TEA}/10/L1/21/S1?10=L1&17=261231`)
    expect(res.headers.get('location')).toBe('/en/northwind/green-tea/about?10=L1&17=261231&21=S1')
  })

  test('percent-encodes an appended value (a slash in a serial)', async () => {
    const res = await send(`${TEA}/21/A%2FB%3A1`)
    expect(res.headers.get('location')).toBe('/en/northwind/green-tea/about?21=A%2FB%3A1')
  })

  test('does not append the TPX (235) or the CPV (22)', async () => {
    expect((await send(`${TEA}/235/T1`)).headers.get('location')).toBe('/en/northwind/green-tea/about')
    expect((await send(`${TEA}/22/V1`)).headers.get('location')).toBe('/en/northwind/green-tea/about')
  })

  test('ignores a trailing slash: same status and Location', async () => {
    const a = await send(`${TEA}/10/L1?x=1`)
    const b = await send(`${TEA}/10/L1/?x=1`)
    expect(b.status).toBe(a.status)
    expect(b.headers.get('location')).toBe(a.headers.get('location'))
  })

  test('the Link header names the anchor with its qualifiers and a 14-digit GTIN', async () => {
    const res = await send('/01/4012345000009/10/L%2F1?x=1')
    expect(res.headers.get('link')).toStartWith(
      `<${RESOLVER}/01/04012345000009/10/L%2F1?linkType=linkset>; rel="linkset"`,
    )
  })
})

describe('hosts', () => {
  test('{short_url} redirects to an absolute URL on {resolver_url}', async () => {
    const res = await send(`${TEA}/10/L1?x=1`, {}, SHORT)
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe(`${RESOLVER}/en/northwind/green-tea/about?x=1&10=L1`)
    expect(res.headers.get('link')).toStartWith(`<${SHORT}/01/04012345000009/10/L1?linkType=linkset>`)
  })

  test("{resolver_url} redirects a custom-domain brand's product to the same uncompressed link there", async () => {
    const res = await send(`/01/9506000134352/10/L1/21/S%2F1/?b=2&a=1`)
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe(`${CUSTOM}${RISOTTO}/10/L1/21/S%2F1?b=2&a=1`)
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=600, stale-while-revalidate=600')
  })

  test("{short_url} redirects a custom-domain brand's product to the custom domain too", async () => {
    const res = await send(`${RISOTTO}?linkType=gs1:recipeInfo`, {}, SHORT)
    expect(res.headers.get('location')).toBe(`${CUSTOM}${RISOTTO}?linkType=gs1:recipeInfo`)
  })

  test('the custom-domain scheme comes from the configuration', async () => {
    const resolver = makeResolver(undefined, { customDomainScheme: 'http' })
    const res = await resolver(req(RISOTTO))
    expect(res.headers.get('location')).toBe(`http://id.dalgiardino.example${RISOTTO}`)
  })

  test("a custom domain resolves its brand's product to a path on itself", async () => {
    const res = await send(`${RISOTTO}?x=1`, { headers: { 'accept-language': 'fr' } }, CUSTOM)
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe('/fr/dal-giardino/risotto-rice/product?x=1')
    expect(res.headers.get('link')).toStartWith(`<${CUSTOM}${RISOTTO}?linkType=linkset>`)
  })

  test('a custom domain reached on a port still resolves (the port is not part of the domain)', async () => {
    const res = await send(RISOTTO, {}, 'http://id.dalgiardino.example:3001')
    expect(res.status).toBe(307)
  })

  test("a custom domain answers 404 for another brand's product", async () => {
    expect((await send(TEA, {}, CUSTOM)).status).toBe(404)
    expect((await send('/01/09506000134369', {}, CUSTOM)).status).toBe(404)
  })

  test('any other host answers 404, for every path', async () => {
    for (const origin of [
      'http://example.com',
      'http://localhost:3002',
      'http://id.dalgiardino.example.evil',
    ]) {
      const res = await send(TEA, { headers: { accept: 'application/json' } }, origin)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ status: 404, error: 'NOT_FOUND' })
      expect((await send('/.well-known/gs1resolver', {}, origin)).status).toBe(404)
    }
  })

  test('hosts are compared case-insensitively', async () => {
    expect((await send(TEA, {}, 'http://LocalHost:3001')).status).toBe(307)
    expect((await send(RISOTTO, {}, 'https://ID.DalGiardino.Example')).status).toBe(307)
  })

  test('an origin configured without a port matches its host on any port', async () => {
    const resolver = makeResolver(undefined, { resolverUrl: 'https://id.example.org' })
    expect((await resolver(req(`https://id.example.org${TEA}`))).status).toBe(307)
    expect((await resolver(req(`http://id.example.org:8080${TEA}`))).status).toBe(307)
  })

  test('absolute links never come from X-Forwarded-Host', async () => {
    const res = await send(
      TEA,
      { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } },
      SHORT,
    )
    expect(res.headers.get('location')).toBe(`${RESOLVER}/en/northwind/green-tea/about`)
  })
})

describe('not found', () => {
  test('a valid GTIN without a published product answers 404 NOT_FOUND', async () => {
    const res = await send('/01/09506000134383', { headers: { accept: 'application/json' } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ status: 404, error: 'NOT_FOUND' })
  })

  test('a path that is no resolver route answers 404', async () => {
    for (const path of [
      '/',
      '/favicon.ico',
      // DESIGN §12: a GLN is a resolver route now; a valid one the catalog does not hold is not found.
      '/414/9506000000022',
      '/foo/01/04012345000009',
      '/EH3066C4409047E140075BCD15',
    ]) {
      expect((await send(path)).status).toBe(404)
    }
  })

  test('a product without pages answers 404', async () => {
    const resolver = makeResolver([{ ...(await import('./fixtures.ts')).greenTea, pages: [] }])
    expect((await resolver(req(TEA))).status).toBe(404)
  })
})

describe('repeated scans of the same link', () => {
  const headersOf = (res: Response) => Object.fromEntries(res.headers)

  test('each host keeps its own Location and Link, however the scans alternate', async () => {
    const resolver = makeResolver()
    for (let round = 0; round < 2; round++) {
      const onResolver = await resolver(req(TEA))
      const onShort = await resolver(req(TEA, {}, SHORT))
      const onCustom = await resolver(req(RISOTTO, {}, CUSTOM))
      expect(onResolver.headers.get('location')).toBe('/en/northwind/green-tea/about')
      expect(onResolver.headers.get('link')).toStartWith(`<${RESOLVER}${TEA}?linkType=linkset>`)
      expect(onShort.headers.get('location')).toBe(`${RESOLVER}/en/northwind/green-tea/about`)
      expect(onShort.headers.get('link')).toStartWith(`<${SHORT}${TEA}?linkType=linkset>`)
      expect(onCustom.headers.get('location')).toBe('/en/dal-giardino/risotto-rice/product')
      expect(onCustom.headers.get('link')).toStartWith(`<${CUSTOM}${RISOTTO}?linkType=linkset>`)
    }
  })

  test("two resolvers over the same products keep their own {resolver_url} in a short link's Location", async () => {
    const other = makeResolver(undefined, { resolverUrl: 'https://id.example' })
    expect((await send(TEA, {}, SHORT)).headers.get('location')).toBe(
      `${RESOLVER}/en/northwind/green-tea/about`,
    )
    expect((await other(req(TEA, {}, SHORT))).headers.get('location')).toBe(
      'https://id.example/en/northwind/green-tea/about',
    )
  })

  test("changing one answer's headers does not change the next answer", async () => {
    const first = await send(OIL)
    const expected = headersOf(first)
    first.headers.set('location', '/elsewhere')
    first.headers.delete('link')
    expect(headersOf(await send(OIL))).toEqual(expected)
  })

  test('the language follows each scan: Accept-Language, then none, then the locale cookie', async () => {
    const english = await send(OIL, { headers: { 'accept-language': 'en' } })
    const plain = await send(OIL)
    const picked = await send(OIL, { headers: { cookie: 'locale=es' } })
    const plainAgain = await send(OIL)
    expect(english.headers.get('location')).toBe('/en/northwind/olive-oil/info')
    expect(plain.headers.get('location')).toBe('/fr/northwind/olive-oil/info')
    expect(picked.headers.get('location')).toBe('/es/northwind/olive-oil/info')
    expect(picked.headers.get('cache-control')).toBe('private, max-age=0')
    expect(plainAgain.headers.get('cache-control')).toBe('public, s-maxage=600, stale-while-revalidate=600')
  })

  test('a catalog that cannot answer synchronously gives the same answers', async () => {
    const { peekByGtin: _sync, ...asyncOnly } = createMemoryCatalog(products)
    const resolver = createResolver({ catalog: asyncOnly, config })
    for (const path of [TEA, OIL, `${TEA}/10/L1?x=1`, RISOTTO, '/01/09506000134383']) {
      const viaPeek = await send(path)
      const viaFind = await resolver(req(path))
      expect(viaFind.status).toBe(viaPeek.status)
      expect(headersOf(viaFind)).toEqual(headersOf(viaPeek))
      expect(await viaFind.text()).toBe(await viaPeek.text())
    }
  })
})
