import { describe, expect, test } from 'bun:test'
import { createPagesHandler } from '../../src/pages/index.ts'
import { createResolver } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { answer, CUSTOM, config, products, RESOLVER } from './fixtures.ts'

const OIL = '/en/northwind/olive-oil/info'
const COOKIE = 'Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly'

describe('?setLocale= (the language picker)', () => {
  test('answers 303 to the page in that language, query kept, and stores the choice in the locale cookie', async () => {
    const res = await answer(`${OIL}?10=L%2F1&setLocale=fr&17=260331&x=a+b`)
    expect(res.status).toBe(303)
    expect(Object.fromEntries(res.headers)).toEqual({
      location: '/fr/northwind/olive-oil/info?10=L%2F1&17=260331&x=a+b',
      'set-cookie': `locale=fr; ${COOKIE}`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    })
    expect(await res.text()).toBe('')
  })

  test('reads the language in any case and stores it in lower case', async () => {
    const res = await answer(`${OIL}?setLocale=DE-CH`)
    expect(res.headers.get('location')).toBe('/de-ch/northwind/olive-oil/info')
    expect(res.headers.get('set-cookie')).toBe(`locale=de-ch; ${COOKIE}`)
  })

  test('marks the cookie Secure on an https origin', async () => {
    const res = await answer(`${CUSTOM}/en/dal-giardino/risotto-rice/product?setLocale=fr`)
    expect(res.headers.get('location')).toBe('/fr/dal-giardino/risotto-rice/product')
    expect(res.headers.get('set-cookie')).toBe(`locale=fr; ${COOKIE}; Secure`)
  })

  test('a language the page is not published in only drops the parameter: no cookie', async () => {
    for (const value of ['es', '%3Cb%3E', '']) {
      const res = await answer(`${OIL}?setLocale=${value}&10=A`)
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe(`${OIL}?10=A`)
      expect(res.headers.get('set-cookie')).toBeNull()
    }
  })
})

describe('the picked language and the resolver', () => {
  const catalog = createMemoryCatalog(products)
  const pages = createPagesHandler({ catalog, config })
  const resolve = createResolver({ catalog, config })
  /** The resolver port as boot.ts wires it: the pages first, then the resolver. */
  async function port(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const request = new Request(RESOLVER + path, { headers })
    return (await pages(request)) ?? resolve(request)
  }

  test('the next scan opens the picked language, before Accept-Language', async () => {
    const scan = '/01/09506000134376/10/L1'
    const before = await port(scan, { 'accept-language': 'en' })
    expect(before.headers.get('location')).toBe('/en/northwind/olive-oil/info?10=L1')
    const picked = await port(`${before.headers.get('location')}&setLocale=de-ch`)
    const cookie = (picked.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    expect(cookie).toBe('locale=de-ch')
    const after = await port(scan, { 'accept-language': 'en', cookie })
    expect(after.status).toBe(307)
    expect(after.headers.get('location')).toBe('/de-ch/northwind/olive-oil/info?10=L1')
    expect(after.headers.get('set-cookie')).toBeNull()
  })

  test('the resolver still answers every other path of the port', async () => {
    expect((await port('/.well-known/gs1resolver')).status).toBe(200)
    expect((await port('/01/09506000134376?linkType=linkset')).status).toBe(200)
    expect((await port('/01/123')).status).toBe(400)
  })
})
