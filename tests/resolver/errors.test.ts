import { describe, expect, test } from 'bun:test'
import type { Catalog } from '../../src/resolver/catalog.ts'
import { createResolver } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { config, greenTea, req, send } from './fixtures.ts'

const MISSING = '/01/09506000134383'

describe('error bodies (SPEC Errors item 6)', () => {
  for (const accept of [
    'application/json',
    'application/ld+json',
    'application/linkset+json',
    'text/html;q=0.5, application/json',
  ]) {
    test(`Accept ${accept} gets {status, error} JSON`, async () => {
      const res = await send('/01/123', { headers: { accept } })
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(await res.text()).toBe('{"status":400,"error":"INVALID_GS1_DIGITAL_LINK"}')
    })
  }

  for (const accept of [
    undefined,
    '*/*',
    'text/html',
    'text/html,application/xhtml+xml,*/*;q=0.8',
    'image/png',
  ]) {
    test(`Accept ${accept ?? '(none)'} gets the HTML error page`, async () => {
      const res = await send(MISSING, { headers: accept === undefined ? {} : { accept } })
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
      const html = await res.text()
      expect(html).toStartWith('<!doctype html><html lang="en" dir="ltr">')
      expect(html).toContain('Not found')
      expect(html).toContain('404 NOT_FOUND')
    })
  }

  test('the HTML error page carries exactly the CORS, caching and hardening headers', async () => {
    const res = await send(MISSING)
    expect(Object.fromEntries(res.headers)).toEqual({
      'access-control-allow-headers': 'Accept, Accept-Language',
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'Location, Link, Content-Type',
      'cache-control': 'no-store',
      'content-security-policy': expect.stringContaining("default-src 'none'"),
      'content-type': 'text/html; charset=utf-8',
      'referrer-policy': 'no-referrer',
      vary: 'Accept, Accept-Language',
      'x-content-type-options': 'nosniff',
    })
  })

  const languages: [string, Record<string, string>, string, string][] = [
    ['French', { 'accept-language': 'fr-CA,fr;q=0.9' }, 'fr', 'Introuvable'],
    ['German', { 'accept-language': 'de-CH' }, 'de', 'Nicht gefunden'],
    ['Spanish', { 'accept-language': 'ja, es;q=0.8' }, 'es', 'No encontrado'],
    ['Greek', { 'accept-language': 'el-GR' }, 'el', 'Δεν βρέθηκε'],
    ['the locale cookie', { cookie: 'locale=de', 'accept-language': 'fr' }, 'de', 'Nicht gefunden'],
    ['English for other languages', { 'accept-language': 'ja, nb' }, 'en', 'Not found'],
  ]
  for (const [what, headers, lang, title] of languages) {
    test(`the HTML error page speaks the scanner's language: ${what}`, async () => {
      const html = await (await send(MISSING, { headers })).text()
      expect(html).toContain(`<html lang="${lang}" dir="ltr">`)
      expect(html).toContain(`<h1>${title}</h1>`)
    })
  }

  test('a product without a page of the asked linkType says so, in the scanner’s language; JSON stays NOT_FOUND', async () => {
    const path = '/01/09506000134376?linkType=gs1:certificationInfo'
    const en = await (await send(path)).text()
    expect(en).toContain('<p>This product has no page of the requested type.</p>')
    const fr = await send(path, { headers: { 'accept-language': 'fr' } })
    expect(fr.status).toBe(404)
    expect(await fr.text()).toContain(
      '<h1>Page introuvable</h1><p>Ce produit n’a pas de page du type demandé.</p>',
    )
    const json = await send(path, { headers: { accept: 'application/json' } })
    expect(await json.text()).toBe('{"status":404,"error":"NOT_FOUND"}')
    expect(await (await send(MISSING)).text()).toContain('<p>We could not find a product for this code.</p>')
  })

  test('the error page never echoes the request', async () => {
    const html = await (await send('/01/%3Cscript%3Ealert(1)%3C%2Fscript%3E?<b>=1')).text()
    expect(html).not.toContain('script%3E')
    expect(html).not.toContain('alert')
    expect(html).not.toContain('<b>')
  })

  test('errors are not cached but vary like resolutions', async () => {
    const res = await send(MISSING)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('vary')).toBe('Accept, Accept-Language')
  })
})

function failingCatalog(
  failures: { count: number },
  error = new Error('database is down\n    at secret (db.ts:1:1)'),
): Catalog {
  const inner = createMemoryCatalog([greenTea])
  return {
    findByGtin: async (gtin) => {
      if (failures.count > 0) {
        failures.count--
        throw error
      }
      return inner.findByGtin(gtin)
    },
    findBySlug: inner.findBySlug,
    isActiveCustomDomain: async () => {
      throw error
    },
  }
}

describe('500 INTERNAL_ERROR', () => {
  test('a failing catalog gives 500 with {status, error} and no stack trace, and onError hears of it', async () => {
    const seen: unknown[] = []
    const resolver = createResolver({
      catalog: failingCatalog({ count: 1 }),
      config,
      onError: (error, request) => seen.push(error, request.url),
    })
    const res = await resolver(req('/01/04012345000009', { headers: { accept: 'application/json' } }))
    expect(res.status).toBe(500)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const text = await res.text()
    expect(text).toBe('{"status":500,"error":"INTERNAL_ERROR"}')
    expect(seen).toHaveLength(2)
    expect(seen[1]).toBe('http://localhost:3001/01/04012345000009')
  })

  test('is safe to retry: the same request succeeds once the catalog recovers', async () => {
    const resolver = createResolver({ catalog: failingCatalog({ count: 1 }), config })
    expect((await resolver(req('/01/04012345000009'))).status).toBe(500)
    expect((await resolver(req('/01/04012345000009'))).status).toBe(307)
  })

  test('the HTML 500 page carries no internals', async () => {
    const resolver = createResolver({ catalog: failingCatalog({ count: 1 }), config })
    const res = await resolver(req('/01/04012345000009', { headers: { 'accept-language': 'es' } }))
    const html = await res.text()
    expect(res.status).toBe(500)
    expect(html).toContain('<h1>Algo ha salido mal</h1>')
    expect(html).not.toContain('database')
    expect(html).not.toContain('db.ts')
  })

  test('a failing custom-domain lookup gives 500, and a throwing onError changes nothing', async () => {
    const resolver = createResolver({
      catalog: failingCatalog({ count: 0 }),
      config,
      onError: () => {
        throw new Error('logger broke')
      },
    })
    const res = await resolver(req('https://id.unknown.example/01/04012345000009', { method: 'HEAD' }))
    expect(res.status).toBe(500)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(await res.text()).toBe('')
  })
})
