import { describe, expect, test } from 'bun:test'
import { CUSTOM, LINKSET_ACCEPT, send } from './fixtures.ts'

const TEA = '/01/04012345000009'
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Accept, Accept-Language',
  'access-control-expose-headers': 'Location, Link, Content-Type',
}

function expectCors(res: Response): void {
  for (const [name, value] of Object.entries(CORS)) expect(res.headers.get(name)).toBe(value)
}

async function both(path: string, headers: Record<string, string> = {}, origin?: string) {
  const get = await send(path, { headers }, origin)
  const head = await send(path, { method: 'HEAD', headers }, origin)
  return { get, head }
}

describe('HEAD', () => {
  const cases: [string, string, Record<string, string>][] = [
    ['a redirect', `${TEA}/10/L1?x=1`, {}],
    ['a linkset', TEA, LINKSET_ACCEPT],
    ['the HTML linkset page', `${TEA}?linkType=linkset`, {}],
    ['a 400 error page', '/01/123', {}],
    ['a 404 JSON error', '/01/09506000134383', { accept: 'application/json' }],
    ['the description file', '/.well-known/gs1resolver', {}],
  ]
  for (const [what, path, headers] of cases) {
    test(`answers ${what} with the GET status and headers, no body, and the GET body's Content-Length`, async () => {
      const { get, head } = await both(path, headers)
      expect(head.status).toBe(get.status)
      const length = (await get.arrayBuffer()).byteLength
      // A bodiless response would go out with Content-Length: 0, which RFC 9110 §8.6 forbids for HEAD.
      const expected: Record<string, string> = length === 0 ? {} : { 'content-length': String(length) }
      expect(Object.fromEntries(head.headers)).toEqual({ ...Object.fromEntries(get.headers), ...expected })
      expect(await head.text()).toBe('')
      expect(head.body).toBeNull()
    })
  }
})

describe('OPTIONS', () => {
  test('answers 204 with Allow, the CORS headers and a day of preflight cache', async () => {
    const res = await send(TEA, {
      method: 'OPTIONS',
      headers: { origin: 'https://ref.gs1.org', 'access-control-request-method': 'GET,HEAD,OPTIONS' },
    })
    expect(res.status).toBe(204)
    expect(Object.fromEntries(res.headers)).toEqual({
      allow: 'GET, HEAD, OPTIONS',
      'access-control-max-age': '86400',
      ...CORS,
    })
    expect(await res.text()).toBe('')
  })

  test('answers the preflight on every resolver path and host', async () => {
    for (const path of ['/ehF7', '/01/123', '/.well-known/gs1resolver', '/anything']) {
      expect((await send(path, { method: 'OPTIONS' })).status).toBe(204)
    }
    expect((await send(TEA, { method: 'OPTIONS' }, CUSTOM)).status).toBe(204)
  })

  test('is 404 on a host that is no resolver host', async () => {
    const res = await send(TEA, { method: 'OPTIONS' }, 'http://example.com')
    expect(res.status).toBe(404)
    expectCors(res)
  })
})

describe('other methods', () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    test(`${method} answers 405 with Allow and CORS`, async () => {
      const res = await send(TEA, { method, headers: { accept: 'application/json' } })
      expect(res.status).toBe(405)
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
      expectCors(res)
      expect(await res.json()).toEqual({ status: 405, error: 'METHOD_NOT_ALLOWED' })
    })
  }
})

describe('CORS and cookies', () => {
  const paths: [string, string, Record<string, string>][] = [
    ['307', TEA, {}],
    ['200 linkset', TEA, LINKSET_ACCEPT],
    ['200 HTML linkset', `${TEA}?linkType=linkset`, {}],
    ['200 description file', '/.well-known/gs1resolver', {}],
    ['400', '/01/123', {}],
    ['404', '/01/09506000134383', {}],
  ]
  for (const [what, path, headers] of paths) {
    test(`every response carries the CORS headers and no Set-Cookie (${what})`, async () => {
      const res = await send(path, { headers: { ...headers, cookie: 'locale=fr; session=abc' } })
      expectCors(res)
      expect(res.headers.get('set-cookie')).toBeNull()
    })
  }
})
