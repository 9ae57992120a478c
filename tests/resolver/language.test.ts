import { describe, expect, test } from 'bun:test'
import { acceptLanguages, hreflangTag, pickLanguage, scannerLanguages } from '../../src/resolver/language.ts'
import { send } from './fixtures.ts'

describe('acceptLanguages', () => {
  test('orders by weight, keeping header order among equal weights', () => {
    expect(acceptLanguages('en;q=0.2, es;q=0.9, fr, de;q=0.9')).toEqual(['fr', 'es', 'de', 'en'])
  })
  test('lower-cases tags and drops *, q=0 and malformed entries without failing', () => {
    expect(acceptLanguages('*, EN-gb;q=0.8, es;q=0, ;;, q=abc, de;q=nope, 12, fr;q=2, it;q=0.1')).toEqual([
      'en-gb',
      'it',
    ])
  })
  test('reads an empty or missing header as no language', () => {
    expect(acceptLanguages(null)).toEqual([])
    expect(acceptLanguages('')).toEqual([])
    expect(acceptLanguages(',,,')).toEqual([])
  })
})

describe('scannerLanguages', () => {
  test('puts the locale cookie first, then Accept-Language', () => {
    const headers = new Headers({ cookie: 'a=1; locale=FR-CA; b=2', 'accept-language': 'en, de;q=0.5' })
    expect(scannerLanguages(headers)).toEqual(['fr-ca', 'en', 'de'])
  })
  test('ignores a locale cookie that is no language tag', () => {
    const headers = new Headers({ cookie: 'locale=<script>', 'accept-language': 'en' })
    expect(scannerLanguages(headers)).toEqual(['en'])
  })
  test('does not take another cookie whose name contains locale', () => {
    expect(scannerLanguages(new Headers({ cookie: 'xlocale=fr' }))).toEqual([])
  })
})

describe('pickLanguage', () => {
  const page = ['fr', 'en', 'en-gb', 'de-ch', 'es']
  test('takes the exact tag first', () => expect(pickLanguage(page, ['en-gb'], 'fr')).toBe('en-gb'))
  test('then the bare language', () => expect(pickLanguage(page, ['en-us'], 'fr')).toBe('en'))
  test('then any region of the language', () => expect(pickLanguage(page, ['de-at'], 'fr')).toBe('de-ch'))
  test('tries each scanner language in order before the default', () =>
    expect(pickLanguage(page, ['it', 'es'], 'fr')).toBe('es'))
  test('falls back to the product default', () => expect(pickLanguage(page, ['it'], 'fr')).toBe('fr'))
  test("then to the page's first language when the default is not published", () =>
    expect(pickLanguage(['es', 'de'], ['it'], 'fr')).toBe('es'))
})

describe('hreflangTag', () => {
  test('writes BCP 47 case', () => {
    expect(hreflangTag('fr-ca')).toBe('fr-CA')
    expect(hreflangTag('en')).toBe('en')
    expect(hreflangTag('zh-hant-tw')).toBe('zh-Hant-TW')
  })
})

// oliveOil: default language fr; page `info` in fr, en, en-gb, de-ch, es; `recettes` in fr, en; `garantie` in es.
const OIL = '/01/09506000134376'
async function location(query: string, headers: Record<string, string>): Promise<string | null> {
  return (await send(`${OIL}${query}`, { headers })).headers.get('location')
}

describe("GET /01/{gtin} opens the scanner's language", () => {
  const cases: [string, string, Record<string, string>, string][] = [
    ['the exact Accept-Language tag', '', { 'accept-language': 'en-GB' }, '/en-gb/northwind/olive-oil/info'],
    ['the language without region', '', { 'accept-language': 'en-US' }, '/en/northwind/olive-oil/info'],
    ['any region of the language', '', { 'accept-language': 'de' }, '/de-ch/northwind/olive-oil/info'],
    [
      'the highest weight first',
      '',
      { 'accept-language': 'en;q=0.2, es;q=0.9' },
      '/es/northwind/olive-oil/info',
    ],
    [
      'the next language when the first is not published',
      '',
      { 'accept-language': 'it, es;q=0.5' },
      '/es/northwind/olive-oil/info',
    ],
    [
      'the product default when nothing matches',
      '',
      { 'accept-language': 'it, ja' },
      '/fr/northwind/olive-oil/info',
    ],
    ['the product default for *', '', { 'accept-language': '*' }, '/fr/northwind/olive-oil/info'],
    [
      'the locale cookie before Accept-Language',
      '',
      { cookie: 'locale=es', 'accept-language': 'en' },
      '/es/northwind/olive-oil/info',
    ],
    ['the locale cookie in any case', '', { cookie: 'locale=EN-GB' }, '/en-gb/northwind/olive-oil/info'],
    [
      'despite a malformed header',
      '',
      { 'accept-language': ';q=,,en;q=x;;, es' },
      '/es/northwind/olive-oil/info',
    ],
    [
      "only among the target page's languages",
      '?linkType=gs1:recipeInfo',
      { 'accept-language': 'es' },
      '/fr/northwind/olive-oil/recettes?linkType=gs1:recipeInfo',
    ],
    [
      "the page's first language when the default is missing",
      '?linkType=garantie',
      { 'accept-language': 'fr' },
      '/es/northwind/olive-oil/garantie?linkType=garantie',
    ],
    [
      "gs1:defaultLinkMulti in the scanner's language",
      '?linkType=gs1:defaultLinkMulti',
      { 'accept-language': 'es' },
      '/es/northwind/olive-oil/info?linkType=gs1:defaultLinkMulti',
    ],
    [
      'gs1:defaultLink in the product language whatever the scanner',
      '?linkType=gs1:defaultLink',
      { 'accept-language': 'es', cookie: 'locale=en' },
      '/fr/northwind/olive-oil/info?linkType=gs1:defaultLink',
    ],
  ]
  for (const [what, query, headers, expected] of cases) {
    test(what, async () => expect(await location(query, headers)).toBe(expected))
  }
})

describe('a redirect whose language came from the locale cookie', () => {
  const path = '/01/09506000134376'

  test('is private, so that no shared cache gives one visitor’s pick to the next', async () => {
    const res = await send(path, { headers: { cookie: 'locale=es', 'accept-language': 'en' } })
    expect(res.status).toBe(307)
    expect(res.headers.get('cache-control')).toBe('private, max-age=0')
  })

  test('the HTML linkset in the cookie’s language is private too; without the cookie it is public', async () => {
    const html = { accept: 'text/html' }
    const picked = await send(`${path}?linkType=linkset`, { headers: { ...html, cookie: 'locale=fr' } })
    expect(picked.status).toBe(200)
    expect(await picked.text()).toContain('<html lang="fr" dir="ltr">')
    expect(picked.headers.get('cache-control')).toBe('private, max-age=0')
    const plain = await send(`${path}?linkType=linkset`, { headers: { ...html, 'accept-language': 'fr' } })
    expect(plain.headers.get('cache-control')).toBe('public, s-maxage=600, stale-while-revalidate=600')
    const json = await send(`${path}?linkType=linkset`, {
      headers: { accept: 'application/json', cookie: 'locale=fr' },
    })
    expect(json.headers.get('cache-control')).toBe('public, s-maxage=600, stale-while-revalidate=600')
  })

  test('stays public without the cookie, and with gs1:defaultLink (which ignores the scanner)', async () => {
    const plain = await send(path, { headers: { 'accept-language': 'es' } })
    expect(plain.headers.get('cache-control')).toBe('public, s-maxage=600, stale-while-revalidate=600')
    const fixed = await send(`${path}?linkType=gs1:defaultLink`, { headers: { cookie: 'locale=es' } })
    expect(fixed.headers.get('cache-control')).toBe('public, s-maxage=600, stale-while-revalidate=600')
  })
})
