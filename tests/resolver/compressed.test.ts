import { describe, expect, test } from 'bun:test'
import { decodeCompressed, isCompressedSegment } from '../../src/resolver/compressed.ts'
import { lacksShared, readSharedJson, type SharedFile } from '../support/shared.ts'
import { CONTEXT_URL, CUSTOM, JSON_ACCEPT, LINKSET_ACCEPT, RESOLVER, SHORT, send } from './fixtures.ts'

interface Vector {
  id: number
  scheme: string
  segment: string
  ex?: string
  expected?: { gtin: string; ais: Record<string, string>; dl: string }
  error?: { code: string; reason: string }
}

const VECTORS: SharedFile = ['gs1', 'vectors', 'epc-vectors.json']
const skip = lacksShared(VECTORS)
const vectors = skip ? [] : readSharedJson<Vector[]>(VECTORS)

/**
 * Compares everything a client sees, status, headers and body: the same, except that the compressed answer names
 * the uncompressed URI with `rel="owl:sameAs"` first in `Link` (GS1-Conformant Resolver 1.2, and GS1's test
 * suite: "the same response except that compressed adds uncompressed to Link header").
 */
async function sameResponse(compressed: Response, plain: Response, sameAs: string): Promise<void> {
  expect(compressed.status).toBe(plain.status)
  const { link, ...headers } = Object.fromEntries(plain.headers)
  const entry = `<${sameAs}>; rel="owl:sameAs"`
  expect(Object.fromEntries(compressed.headers)).toEqual({
    ...headers,
    link: link === undefined ? entry : `${entry}, ${link}`,
  })
  expect(await compressed.text()).toBe(await plain.text())
}

describe('isCompressedSegment', () => {
  test('recognises the eh and ex prefixes only, in lower case', () => {
    expect(isCompressedSegment('eh30')).toBe(true)
    expect(isCompressedSegment('exMGbE')).toBe(true)
    expect(isCompressedSegment('EH30')).toBe(false)
    expect(isCompressedSegment('ez30')).toBe(false)
  })
})

describe('GET /{compressedLink} (SPEC)', () => {
  test('SGTIN-96 (TDS 2.3 Annex E.3) resolves like /01/09506000134352/21/123456789, hex and base64url', async () => {
    const expected = `${CUSTOM}/01/09506000134352/21/123456789`
    for (const segment of [
      'eh3066C4409047E140075BCD15',
      'eh3066c4409047e140075bcd15',
      'exMGbEQJBH4UAHW80V',
    ]) {
      const res = await send(`/${segment}`)
      expect(res.status).toBe(307)
      expect(res.headers.get('location')).toBe(expected)
    }
  })

  test('is resolved exactly like the uncompressed link: same status, headers and body', async () => {
    await sameResponse(
      await send('/ehF7379521141123453060007B?x=1'),
      await send('/01/79521141123453/21/000123?x=1'),
      `${RESOLVER}/01/79521141123453/21/000123?x=1`,
    )
    await sameResponse(
      await send('/ehF7379521141123453060007B', { headers: LINKSET_ACCEPT }),
      await send('/01/79521141123453/21/000123', { headers: LINKSET_ACCEPT }),
      `${RESOLVER}/01/79521141123453/21/000123`,
    )
  })

  test("decoded attributes come first in the query, before the scan's own query; serial appended last", async () => {
    const res = await send('/ehFB342CDE795211411234538566CB0AFC4?foo=bar')
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe('/en/northwind/tagged-box/about?17=220630&foo=bar&21=32a%2Fb')
  })

  test('the anchor is the uncompressed link, and the hrefs carry lot, serial and expiry', async () => {
    const res = await send('/ehF7909506000134352624B510660010B5DB717359F', { headers: LINKSET_ACCEPT })
    const entry = ((await res.json()) as { linkset: Record<string, unknown>[] }).linkset[0] ?? {}
    expect(entry.anchor).toBe(`${RESOLVER}/01/09506000134352/10/ABC123/21/S1`)
    expect((entry['https://ref.gs1.org/voc/defaultLink'] as { href: string }[])[0]?.href).toBe(
      `${CUSTOM}/en/dal-giardino/risotto-rice/product?10=ABC123&21=S1&17=261231`,
    )
  })

  test('the custom-domain redirect uses the uncompressed path with the decoded attributes first', async () => {
    const res = await send('/ehF7909506000134352624B510660010B5DB717359F?x=1', {}, SHORT)
    expect(res.headers.get('location')).toBe(`${CUSTOM}/01/09506000134352/10/ABC123/21/S1?17=261231&x=1`)
  })

  test('the hostname inside an SGTIN++ is ignored: it resolves on the scanned host', async () => {
    const res = await send('/ehFD3795211411234538566CB0AFC525065F1876F0D996D800', {}, SHORT)
    expect(res.headers.get('location')).toBe(`${RESOLVER}/en/northwind/tagged-box/about?21=32a%2Fb`)
  })

  test('a trailing slash is ignored', async () => {
    const a = await send('/eh3066C4409047E140075BCD15/')
    expect(a.status).toBe(307)
  })

  test('segments under 3 or over 1024 characters answer 400', async () => {
    for (const segment of ['eh', 'ex', `eh${'0'.repeat(1023)}`]) {
      const res = await send(`/${segment}`, { headers: JSON_ACCEPT })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ status: 400, error: 'INVALID_GS1_DIGITAL_LINK' })
    }
    expect(decodeCompressed(`eh${'0'.repeat(1023)}`)).toBeNull()
  })

  test('a GTIN without a product answers 404 like the uncompressed link', async () => {
    // SGTIN-96 vector 4: GTIN 09520123456788, not in the fixture catalog.
    expect((await send('/eh304376A16E45383FFFFFFFFF')).status).toBe(404)
  })
})

/** The `Link` entry naming the uncompressed URI (GS1-Conformant Resolver 1.2). */
const sameAs = (uri: string) => `<${uri}>; rel="owl:sameAs"`
/** The linkset and JSON-LD context entries every redirect and JSON linkset carries for `anchor`. */
const linksetEntries = (anchor: string) =>
  `<${anchor}?linkType=linkset>; rel="linkset"; type="application/linkset+json", ` +
  `<${CONTEXT_URL}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`

describe('the uncompressed URI in Link, rel="owl:sameAs" (GS1-Conformant Resolver 1.2)', () => {
  const TAGGED = '/ehFB342CDE795211411234538566CB0AFC4'
  const TAGGED_DL = '/01/79521141123453/21/32a%2Fb'

  test('a redirect names it first, absolute on the scanned host, with the decoded AIs and the query as sent', async () => {
    const res = await send(`${TAGGED}?foo=bar`)
    expect(res.status).toBe(307)
    expect(res.headers.get('link')).toBe(
      `${sameAs(`${RESOLVER}${TAGGED_DL}?17=220630&foo=bar`)}, ${linksetEntries(`${RESOLVER}${TAGGED_DL}`)}`,
    )
    const head = await send(`${TAGGED}?foo=bar`, { method: 'HEAD' })
    expect(head.headers.get('link')).toBe(res.headers.get('link'))
  })

  test('on the short host, a custom domain, and in the redirect to a custom domain: the origin scanned', async () => {
    const dl = '/01/09506000134352/21/123456789'
    const short = await send('/eh3066C4409047E140075BCD15', {}, SHORT)
    expect(short.headers.get('link')).toBe(`${sameAs(`${SHORT}${dl}`)}, ${linksetEntries(`${SHORT}${dl}`)}`)
    const toCustom = await send('/eh3066C4409047E140075BCD15')
    expect(toCustom.headers.get('location')).toBe(`${CUSTOM}${dl}`)
    expect(toCustom.headers.get('link')).toStartWith(`${sameAs(`${RESOLVER}${dl}`)}, <`)
    const onCustom = await send('/eh3066C4409047E140075BCD15', {}, CUSTOM)
    expect(onCustom.status).toBe(307)
    expect(onCustom.headers.get('link')).toStartWith(`${sameAs(`${CUSTOM}${dl}`)}, <`)
  })

  test('every linkset format keeps its own Link entries and adds it', async () => {
    const dl = '/01/79521141123453/21/000123'
    const json = await send('/ehF7379521141123453060007B', { headers: LINKSET_ACCEPT })
    expect(json.status).toBe(200)
    expect(json.headers.get('link')).toBe(
      `${sameAs(`${RESOLVER}${dl}`)}, ${linksetEntries(`${RESOLVER}${dl}`)}`,
    )
    const ld = await send('/ehF7379521141123453060007B?linkType=linkset', {
      headers: { accept: 'application/ld+json' },
    })
    expect(ld.headers.get('link')).toBe(
      `${sameAs(`${RESOLVER}${dl}?linkType=linkset`)}, ` +
        `<${RESOLVER}${dl}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`,
    )
    expect(json.headers.get('access-control-expose-headers')).toContain('Link')
  })

  test('a 404 names it too (no product, or no page of the asked type); a 400 does not', async () => {
    const unknown = await send('/eh304376A16E45383FFFFFFFFF', { headers: JSON_ACCEPT })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ status: 404, error: 'NOT_FOUND' })
    expect(unknown.headers.get('link')).toBe(sameAs(`${RESOLVER}/01/09520123456788/21/274877906943`))
    const noPage = await send(`${TAGGED}?linkType=gs1:recipeInfo`)
    expect(noPage.status).toBe(404)
    expect(noPage.headers.get('link')).toBe(
      sameAs(`${RESOLVER}${TAGGED_DL}?17=220630&linkType=gs1:recipeInfo`),
    )
    const invalid = await send('/eh30', { headers: JSON_ACCEPT })
    expect(invalid.status).toBe(400)
    expect(invalid.headers.get('link')).toBeNull()
  })

  test('an uncompressed scan names no owl:sameAs', async () => {
    for (const res of [
      await send(TAGGED_DL),
      await send(TAGGED_DL, { headers: LINKSET_ACCEPT }),
      await send('/01/09520123456788'),
    ])
      expect(res.headers.get('link') ?? '').not.toContain('owl:sameAs')
  })
})

describe('a decoded qualifier repeated in the query (SPEC 400 case 6)', () => {
  test('with another value is 400; with the same value it resolves', async () => {
    for (const query of ['21=123456780', '21=', 'x=1&21=123456789&21=1']) {
      const res = await send(`/eh3066C4409047E140075BCD15?${query}`, { headers: JSON_ACCEPT })
      expect({ query, status: res.status, body: await res.json() }).toEqual({
        query,
        status: 400,
        body: { status: 400, error: 'INVALID_GS1_DIGITAL_LINK' },
      })
    }
    const same = await send('/eh3066C4409047E140075BCD15?21=123456789&x=1')
    expect(same.status).toBe(307)
    expect(same.headers.get('location')).toBe(`${CUSTOM}/01/09506000134352/21/123456789?21=123456789&x=1`)
  })
})

describe.skipIf(skip)('shared EPC vectors', () => {
  for (const v of vectors) {
    if (v.expected !== undefined) {
      const expected = v.expected
      test(`vector ${v.id} decodes to ${expected.dl}`, () => {
        const link = decodeCompressed(v.segment)
        expect(link?.value).toBe(expected.gtin)
        const [path, query] = expected.dl.split('?')
        const qualifiers = (link?.qualifiers ?? [])
          .map((q) => `/${q.ai}/${encodeURIComponent(q.value)}`)
          .join('')
        expect(`/01/${link?.value}${qualifiers}`).toBe(path as string)
        expect(link?.attributeQuery).toBe(query ?? '')
        if (v.ex !== undefined) expect(decodeCompressed(v.ex)).toEqual(link)
      })
      test(`vector ${v.id} (${v.scheme}) answers exactly like ${expected.dl}, with and without a query of its own`, async () => {
        const sep = expected.dl.includes('?') ? '&' : '?'
        for (const accept of ['*/*', 'application/linkset+json']) {
          const headers = { accept }
          await sameResponse(
            await send(`/${v.segment}`, { headers }),
            await send(expected.dl, { headers }),
            `${RESOLVER}${expected.dl}`,
          )
          await sameResponse(
            await send(`/${v.segment}?x=1`, { headers }, SHORT),
            await send(`${expected.dl}${sep}x=1`, { headers }, SHORT),
            `${SHORT}${expected.dl}${sep}x=1`,
          )
        }
      })
    } else if (
      v.error?.code === 'unsupported-header' &&
      /^\((SSCC|SGLN|GRAI|GIAI|GSRNP?|GDTI|CPI|SGCN|ITIP)/.test(v.scheme)
    ) {
      // SPEC's table has the GTIN's schemes only; DESIGN §12 reads every scheme that carries a GS1 key.
      test(`vector ${v.id} (${v.scheme}) decodes to its own key, which the catalog does not hold: 404`, async () => {
        const link = decodeCompressed(v.segment)
        expect(link?.key).not.toBe('01')
        expect(link?.key).toMatch(/^[0-9]{2,4}$/)
        const res = await send(`/${v.segment}`, { headers: JSON_ACCEPT })
        expect(res.status).toBe(404)
      })
    } else {
      test(`vector ${v.id} (${v.error?.reason}) answers 400 INVALID_GS1_DIGITAL_LINK`, async () => {
        const res = await send(`/${v.segment}`, { headers: JSON_ACCEPT })
        expect(res.status).toBe(400)
        expect(await res.json()).toEqual({ status: 400, error: 'INVALID_GS1_DIGITAL_LINK' })
      })
    }
  }
})
