import { describe, expect, test } from 'bun:test'
import { parsePagePath } from '../../src/pages/page-path.ts'

describe('parsePagePath', () => {
  test('reads /{locale}/{brand}/{product}/{page}, decoding the slugs', () => {
    expect(parsePagePath('/fr-ca/dal-giardino/risotto%20rice/product')).toEqual({
      locale: 'fr-ca',
      brand: 'dal-giardino',
      product: 'risotto rice',
      page: 'product',
      canonical: '/fr-ca/dal-giardino/risotto%20rice/product',
      invalid: false,
    })
  })

  test('lower-cases the locale and drops a trailing slash in the canonical path', () => {
    const path = parsePagePath('/FR-CA/b/p/x/')
    expect(path?.locale).toBe('fr-ca')
    expect(path?.canonical).toBe('/fr-ca/b/p/x')
  })

  test('leaves every other path to the resolver', () => {
    for (const path of [
      '/',
      '/01/09506000134352',
      '/01/09506000134352/10/LOT',
      '/01/09506000134352/10/L/21/S',
      '/.well-known/gs1resolver',
      '/ehF7A0',
      '/en/b/p',
      '/en/b/p/x/y',
      '/en//p/x',
      '/en/b/p/x//',
      '/e/b/p/x',
      '/1en/b/p/x',
      '/en_GB/b/p/x',
      '/%65n/b/p/x',
    ]) {
      expect(parsePagePath(path)).toBeNull()
    }
  })

  test('marks a page path whose segments do not percent-decode as invalid', () => {
    expect(parsePagePath('/en/b/%E0%A4%A/x')?.invalid).toBe(true)
  })

  test('marks a segment that decodes to a control character as invalid (no slug holds one)', () => {
    for (const raw of ['%00', 'a%00', '%0A', '%1f', '%7F']) {
      expect(parsePagePath(`/en/b/${raw}/x`)?.invalid).toBe(true)
      expect(parsePagePath(`/en/${raw}/p/x`)?.invalid).toBe(true)
    }
    expect(parsePagePath('/en/b/a%20b/x')?.invalid).toBe(false)
  })
})
