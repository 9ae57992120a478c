import { describe, expect, test } from 'bun:test'
import { CONTEXT_URL, JSON_ACCEPT, LINKSET_ACCEPT, products, RESOLVER, SHORT, send } from './fixtures.ts'
import { hasSchemas, linksetErrors } from './schemas.ts'

const CONTEXT_LINK = `<${CONTEXT_URL}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`
type Entry = Record<string, unknown>

describe('linkset formats (SPEC "Linkset formats")', () => {
  const path = '/01/04012345000009?linkType=linkset'

  test('application/json answers the same linkset as application/json, with the context Link', async () => {
    const res = await send(path, { headers: JSON_ACCEPT })
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('link')).toContain(CONTEXT_LINK)
    const other = await send(path, { headers: LINKSET_ACCEPT })
    expect(await res.text()).toBe(await other.text())
  })

  test('application/json without linkType=linkset still redirects', async () => {
    expect((await send('/01/04012345000009', { headers: JSON_ACCEPT })).status).toBe(307)
  })

  test('application/ld+json answers the linkset with an @context member', async () => {
    const res = await send(path, { headers: { accept: 'application/ld+json' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/ld+json')
    expect(res.headers.get('link')).toBe(
      `<${RESOLVER}/01/04012345000009?linkType=linkset>; rel="linkset"; type="application/linkset+json"`,
    )
    const body = (await res.json()) as Record<string, unknown>
    expect(Object.keys(body)).toEqual(['@context', 'linkset'])
    expect(body['@context']).toBe(CONTEXT_URL)
  })

  test('the HTML page carries exactly the CORS, caching, Link and hardening headers', async () => {
    const res = await send('/01/09506000134376?linkType=linkset')
    expect(Object.fromEntries(res.headers)).toEqual({
      'access-control-allow-headers': 'Accept, Accept-Language',
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'Location, Link, Content-Type',
      'cache-control': 'public, s-maxage=600, stale-while-revalidate=600',
      'content-security-policy': expect.stringContaining("default-src 'none'"),
      'content-type': 'text/html; charset=utf-8',
      link: '<http://localhost:3001/01/09506000134376?linkType=linkset>; rel="linkset"; type="application/linkset+json"',
      'referrer-policy': 'no-referrer',
      vary: 'Accept, Accept-Language',
      'x-content-type-options': 'nosniff',
    })
  })

  for (const accept of [
    undefined,
    '*/*',
    'text/html',
    'text/html,application/xhtml+xml,*/*;q=0.8',
    'undefined',
  ]) {
    test(`Accept ${accept ?? '(none)'} answers the HTML page with every link and the JSON-LD embedded`, async () => {
      const res = await send('/01/09506000134376?linkType=linkset', {
        headers: accept === undefined ? {} : { accept },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
      const html = await res.text()
      const json = await (await send('/01/09506000134376?linkType=linkset', { headers: JSON_ACCEPT })).json()
      const entry = (json as { linkset: Entry[] }).linkset[0] as Entry
      for (const [key, links] of Object.entries(entry)) {
        if (key === 'anchor' || key === 'description') continue
        for (const l of links as { href: string }[]) expect(html).toContain(`href="${l.href}"`)
      }
      const script = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1]
      expect(JSON.parse(script ?? 'null')).toEqual({ '@context': CONTEXT_URL, ...(json as object) })
    })
  }

  test('the preferred JSON type wins by weight', async () => {
    const a = await send(path, { headers: { accept: 'text/html;q=0.5, application/ld+json' } })
    expect(a.headers.get('content-type')).toBe('application/ld+json')
    const b = await send(path, { headers: { accept: 'application/json;q=0.4, text/html' } })
    expect(b.headers.get('content-type')).toBe('text/html; charset=utf-8')
  })
})

describe.skipIf(!hasSchemas)('linkset schema 1.2.0', () => {
  for (const product of products) {
    test(`the linkset of ${product.productSlug} validates, in every scan variant`, async () => {
      for (const [path, origin] of [
        [`/01/${product.gtin}`, RESOLVER],
        [`/01/${product.gtin}/10/L%2F1/21/S1?17=261231`, RESOLVER],
        [`/01/${product.gtin}/235/T1`, SHORT],
        [`/01/${product.gtin}`, product.customDomain === null ? RESOLVER : `https://${product.customDomain}`],
      ] as const) {
        for (const accept of ['application/linkset+json', 'application/json']) {
          const sep = path.includes('?') ? '&' : '?'
          const res = await send(`${path}${sep}linkType=linkset`, { headers: { accept } }, origin)
          expect(res.status).toBe(200)
          expect(linksetErrors(await res.json())).toEqual([])
        }
      }
    })
  }

  test('the schema rejects what we must never send (a CURIE key), so the check has teeth', () => {
    expect(
      linksetErrors({
        linkset: [{ anchor: 'https://a.example/01/1', 'gs1:pip': [{ href: 'https://a', title: 't' }] }],
      }),
    ).not.toEqual([])
  })
})
