import { describe, expect, test } from 'bun:test'
import { HTML_CSP, PAGE_CSP } from '../../src/html/layout.ts'
import { etagOf, noneMatch } from '../../src/pages/http.ts'
import { answer } from './fixtures.ts'

const OIL = '/en/northwind/olive-oil/info'
const SECURITY = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': HTML_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

describe('page responses', () => {
  test('a page carries the security headers, five minutes of public cache and a strong ETag, no Vary', async () => {
    const res = await answer(`${OIL}?10=L1`)
    const html = await res.text()
    const etag = await etagOf(html)
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect(Object.fromEntries(res.headers)).toEqual({
      ...SECURITY,
      // A product page may show its https image; the error pages below keep the stricter HTML_CSP.
      'content-security-policy': PAGE_CSP,
      'cache-control': 'public, max-age=300',
      etag,
    })
  })

  test('the ETag is stable and follows the body', async () => {
    const a = (await answer(OIL)).headers.get('etag')
    expect((await answer(OIL)).headers.get('etag')).toBe(a)
    expect((await answer(`${OIL}?10=L2`)).headers.get('etag')).not.toBe(a)
  })

  test('If-None-Match with the ETag answers 304 with no body', async () => {
    const etag = (await answer(OIL)).headers.get('etag') ?? ''
    for (const header of [etag, `W/${etag}`, `"x", ${etag}`, '*']) {
      const res = await answer(OIL, { headers: { 'if-none-match': header } })
      expect(res.status).toBe(304)
      expect(Object.fromEntries(res.headers)).toEqual({ etag, 'cache-control': 'public, max-age=300' })
      expect(await res.text()).toBe('')
    }
    expect((await answer(OIL, { headers: { 'if-none-match': '"other"' } })).status).toBe(200)
  })

  test("HEAD answers with the GET status and headers, no body, and the GET body's Content-Length", async () => {
    for (const path of [OIL, '/en/northwind/olive-oil/nope']) {
      const get = await answer(path)
      const head = await answer(path, { method: 'HEAD' })
      expect(head.status).toBe(get.status)
      const length = String(new TextEncoder().encode(await get.text()).byteLength)
      expect(Object.fromEntries(head.headers)).toEqual({
        ...Object.fromEntries(get.headers),
        'content-length': length,
      })
      expect(head.body).toBeNull()
    }
  })

  test('the 404 page is not cached and varies with the cookie and Accept-Language', async () => {
    const res = await answer('/en/northwind/olive-oil/nope')
    expect(Object.fromEntries(res.headers)).toEqual({
      ...SECURITY,
      'cache-control': 'no-store',
      vary: 'Cookie, Accept-Language',
    })
  })

  test('pages set no cookie unless asked to switch language', async () => {
    expect((await answer(OIL, { headers: { cookie: 'locale=fr' } })).headers.get('set-cookie')).toBeNull()
  })
})

describe('noneMatch', () => {
  test('compares weakly, lists and *, RFC 9110 §13.1.2', () => {
    expect(noneMatch(null, '"a"')).toBe(false)
    expect(noneMatch('"a"', '"a"')).toBe(true)
    expect(noneMatch('W/"a"', '"a"')).toBe(true)
    expect(noneMatch(' "b" ,"a"', '"a"')).toBe(true)
    expect(noneMatch('"b"', '"a"')).toBe(false)
    expect(noneMatch('a', '"a"')).toBe(false)
  })
})
