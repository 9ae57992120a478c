import { describe, expect, test } from 'bun:test'
import { decodeCompressed, isCompressedSegment } from '../../src/resolver/compressed.ts'
import { lacksShared, readSharedJson, type SharedFile } from '../support/shared.ts'
import { CUSTOM, JSON_ACCEPT, LINKSET_ACCEPT, RESOLVER, SHORT, send } from './fixtures.ts'

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

/** Compares everything a client sees: status and headers. */
async function sameResponse(a: Response, b: Response): Promise<void> {
  expect(a.status).toBe(b.status)
  expect(Object.fromEntries(a.headers)).toEqual(Object.fromEntries(b.headers))
  expect(await a.text()).toBe(await b.text())
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
    )
    await sameResponse(
      await send('/ehF7379521141123453060007B', { headers: LINKSET_ACCEPT }),
      await send('/01/79521141123453/21/000123', { headers: LINKSET_ACCEPT }),
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

describe.skipIf(skip)('shared EPC vectors', () => {
  for (const v of vectors) {
    if (v.expected !== undefined) {
      const expected = v.expected
      test(`vector ${v.id} decodes to ${expected.dl}`, () => {
        const link = decodeCompressed(v.segment)
        expect(link?.gtin).toBe(expected.gtin)
        const [path, query] = expected.dl.split('?')
        const qualifiers = (link?.qualifiers ?? [])
          .map((q) => `/${q.ai}/${encodeURIComponent(q.value)}`)
          .join('')
        expect(`/01/${link?.gtin}${qualifiers}`).toBe(path as string)
        expect(link?.attributeQuery).toBe(query ?? '')
        if (v.ex !== undefined) expect(decodeCompressed(v.ex)).toEqual(link)
      })
      test(`vector ${v.id} (${v.scheme}) answers exactly like ${expected.dl}, with and without a query of its own`, async () => {
        const sep = expected.dl.includes('?') ? '&' : '?'
        for (const accept of ['*/*', 'application/linkset+json']) {
          const headers = { accept }
          await sameResponse(await send(`/${v.segment}`, { headers }), await send(expected.dl, { headers }))
          await sameResponse(
            await send(`/${v.segment}?x=1`, { headers }, SHORT),
            await send(`${expected.dl}${sep}x=1`, { headers }, SHORT),
          )
        }
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
