/** The checks of GS1's resolver conformance test suite (RESOLVER-NOTES §3.3) that apply to our data model, as our own tests. */
import { describe, expect, test } from 'bun:test'
import { lacksShared, readSharedJson, type SharedFile } from '../support/shared.ts'
import { CUSTOM, RESOLVER, send } from './fixtures.ts'
import { descriptionErrors, hasSchemas, linksetErrors } from './schemas.ts'

type Link = { href: string; title: string; hreflang?: string[]; type?: string }
type Entry = Record<string, string | Link[]>

// One input URI per fixture shape: a custom-domain product on its domain, and products on {resolver_url}.
const INPUTS = [
  `${CUSTOM}/01/09506000134352`,
  `${RESOLVER}/01/09506000134376`,
  `${RESOLVER}/01/04012345000009`,
  // External pages (DESIGN §11): the default link is the brand's own URL template.
  `${RESOLVER}/01/09506000134390`,
  // Other keys (DESIGN §12): a place by its GLN with its extension, and a logistic unit by its SSCC.
  `${RESOLVER}/414/9506000000008/254/1`,
  `${RESOLVER}/00/095060001343520000`,
]
const LINK_TYPES: SharedFile = ['gs1', 'resolver', 'linktypes-derived-from-gs1Voc-v1.16.json']
const lacksLinkTypes = lacksShared(LINK_TYPES)

/** The suite's helper sends `Origin` on every call. */
const ORIGIN = { origin: 'https://ref.gs1.org/test-suites/resolver/' }

function get(uri: string, headers: Record<string, string> = {}): Promise<Response> {
  return send(uri, { headers: { ...ORIGIN, ...headers } })
}

async function linkset(u: string): Promise<Entry> {
  const res = await get(u, { accept: 'application/linkset+json' })
  return ((await res.json()) as { linkset: Entry[] }).linkset[0] as Entry
}

/** The suite strips `linkType=…` (raw or encoded) from both sides before comparing (check 26). */
function withoutLinkType(uri: string): string {
  const url = new URL(uri)
  url.searchParams.delete('linkType')
  return url.href
}

/** Our Location is a path on the scanned host (SPEC rule 1); the suite's exact comparison is made on the absolute URL. */
function absolute(location: string | null, base: string): string {
  return new URL(location ?? '', base).href
}

for (const u of INPUTS) {
  describe(`conformance checks on ${u}`, () => {
    test('#4 validDL: the anchor is the input URI with a 14-digit GTIN', async () => {
      expect((await linkset(u)).anchor).toBe(u)
    })

    test('#5 basicWalkUp: an unknown lot is not 404', async () => {
      expect((await get(`${u}/10/KL8G`)).status).not.toBe(404)
    })

    test.skipIf(!hasSchemas)(
      '#7 rdFile: the description file validates and is readable cross-origin',
      async () => {
        const res = await get(`${new URL(u).origin}/.well-known/gs1resolver`, { accept: 'application/json' })
        expect(res.headers.get('access-control-allow-origin')).toBe('*')
        expect(descriptionErrors(await res.json())).toEqual([])
      },
    )

    test('#9 corsCheck and #10 methodsCheck: the preflight allows any origin and GET, HEAD, OPTIONS', async () => {
      const res = await send(u, {
        method: 'OPTIONS',
        headers: { ...ORIGIN, 'access-control-request-method': 'GET,HEAD,OPTIONS' },
      })
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      for (const m of ['GET', 'HEAD', 'OPTIONS'])
        expect(res.headers.get('access-control-allow-methods')).toContain(m)
    })

    test('#11 linkOnRedirect and #12 legacyLinkHeaders: one Link entry with rel="linkset", none with rel="gs1:', async () => {
      const res = await get(u)
      expect(res.status).toBe(307)
      const entries = (res.headers.get('link') ?? '').split('",')
      expect(entries.some((e) => e.includes('rel="linkset"'))).toBe(true)
      expect(entries.some((e) => e.includes('rel="gs1:'))).toBe(false)
    })

    test('#13 reportWith400 and #14 noErrorWith200: {u}/foo is 400', async () => {
      expect((await get(`${u}/foo`)).status).toBe(400)
    })

    test('#15 trailingSlash: same status and Location with and without the slash', async () => {
      const a = await get(u)
      const b = await get(`${u}/`)
      expect(b.status).toBe(a.status)
      expect(b.headers.get('location')).toBe(a.headers.get('location'))
    })

    test('#16 qsPassedOn: the query reaches the Location', async () => {
      expect((await get(`${u}?foo=bar`)).headers.get('location')).toContain('foo=bar')
    })

    test('#17 ltLinksetNoRedirect: linkType=linkset with Accept */* answers 200', async () => {
      expect((await get(`${u}?linkType=linkset`, { accept: '*/*' })).status).toBe(200)
    })

    test('#19 ltAcceptHeader: Accept application/linkset+json answers 200 even with linkType=all', async () => {
      expect((await get(`${u}?linkType=all`, { accept: 'application/linkset+json' })).status).toBe(200)
    })

    test.skipIf(!hasSchemas)(
      '#20 validLinkset, #21 linksetJsonldCheck, #22 declaredContentType',
      async () => {
        const res = await get(u, { accept: 'application/linkset+json' })
        expect(linksetErrors(await res.json())).toEqual([])
        const entries = (res.headers.get('link') ?? '').split(',')
        expect(
          entries.some(
            (e) =>
              e.includes('rel="http://www.w3.org/ns/json-ld#context"') &&
              e.includes('type="application/ld+json"'),
          ),
        ).toBe(true)
        expect(res.headers.get('content-type')).toStartWith('application/linkset+json')
      },
    )

    test('#23 defaultLinkExists and #24 singleDefaulLink: exactly one default link at the anchor', async () => {
      const entry = await linkset(u)
      expect(entry.anchor).toBe(u)
      const normalised = Object.keys(entry).map((k) =>
        k.replace(/^https:\/\/(ref\.|www\.)?gs1\.org\/voc\//, 'gs1:'),
      )
      expect(normalised).toContain('gs1:defaultLink')
      expect(entry['https://ref.gs1.org/voc/defaultLink']).toHaveLength(1)
    })

    test('#25 defaultTarget: the plain redirect goes to the default link', async () => {
      const href = ((await linkset(u))['https://ref.gs1.org/voc/defaultLink'] as Link[])[0]?.href
      expect(absolute((await get(u)).headers.get('location'), u)).toBe(href as string)
    })

    test('#26 and #28 loFor<lt>: every link is reached with its linkType, Accept and Accept-Language', async () => {
      const entry = await linkset(u)
      for (const [key, links] of Object.entries(entry)) {
        if (key === 'anchor' || key === 'description' || key.endsWith('/defaultLink')) continue
        const curie = `gs1:${key.slice('https://ref.gs1.org/voc/'.length)}`
        for (const l of links as Link[]) {
          const query = curie === 'gs1:defaultLinkMulti' ? '' : `?linkType=${encodeURIComponent(curie)}`
          const headers = { accept: l.type ?? 'undefined', 'accept-language': l.hreflang?.[0] ?? '' }
          const res = await get(`${u}${query}`, headers)
          expect(res.status).toBe(307)
          expect(withoutLinkType(absolute(res.headers.get('location'), u))).toBe(withoutLinkType(l.href))
        }
      }
    })

    test.skipIf(lacksLinkTypes)(
      '#30 linkTypesDefined: every link type is in the GS1 Web Vocabulary',
      async () => {
        const ratified = readSharedJson<Record<string, unknown>>(LINK_TYPES)
        for (const key of Object.keys(await linkset(u))) {
          if (key === 'anchor' || key === 'description') continue
          expect(Object.keys(ratified)).toContain(key.slice('https://ref.gs1.org/voc/'.length))
        }
      },
    )

    test('#31 specificLinkTypeNotFound: linkType=gs1:nosuchlt is 404', async () => {
      expect((await get(`${u}?linkType=gs1:nosuchlt`)).status).toBe(404)
    })

    test('legacy varyAccept: the response to a linkset request varies on Accept', async () => {
      expect(
        (await get(`${u}?linkType=linkset`, { accept: 'application/json' })).headers.get('vary'),
      ).toContain('Accept')
    })

    test('10.1.12: HEAD mirrors GET with Location and Link', async () => {
      const a = await get(u)
      const b = await send(u, { method: 'HEAD', headers: ORIGIN })
      expect(b.status).toBe(a.status)
      expect(b.headers.get('location')).toBe(a.headers.get('location'))
      expect(b.headers.get('link')).toBe(a.headers.get('link'))
    })
  })
}

// The suite's compression checks, on compressed forms (EPC binary, SPEC) of links the fixtures resolve.
const COMPRESSED: [string, string][] = [
  [`${CUSTOM}/01/09506000134352/21/123456789`, `${CUSTOM}/eh3066C4409047E140075BCD15`],
  [`${RESOLVER}/01/79521141123453/21/000123`, `${RESOLVER}/ehF7379521141123453060007B`],
  [`${RESOLVER}/01/09506000134352/21/123456789`, `${RESOLVER}/exMGbEQJBH4UAHW80V`],
]

describe('conformance compression checks', () => {
  for (const [dl, compressed] of COMPRESSED) {
    test(`validDecompressCheck and exposeDecompressedLink: ${compressed}`, async () => {
      const plain = await get(dl)
      const res = await get(compressed)
      expect([res.status, res.headers.get('location')]).toEqual([plain.status, plain.headers.get('location')])
      // The suite splits Link on commas and checks the relation of the first entry that contains the link.
      const entries = (res.headers.get('link') ?? '').split(',')
      const entry = entries.find((e) => e.includes(dl)) ?? ''
      expect(entry).toMatch(/(rel=.owl:sameAs)|(rel=.http:\/\/www.w3.org\/2002\/07\/owl#sameAs)/)
      expect(entry).toBe(`<${dl}>; rel="owl:sameAs"`)
    })
  }
})
