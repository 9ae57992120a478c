/** External pages, lot pages and validity windows (DESIGN §11) over the resolver handler. */
import { describe, expect, test } from 'bun:test'
import { encodeLink } from '../../src/epc/index.ts'
import type { CatalogPage, CatalogProduct } from '../../src/resolver/catalog.ts'
import { createResolver } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { CUSTOM, CUSTOM_DOMAIN, config, jam, LINKSET_ACCEPT, RESOLVER, req, SHORT, send } from './fixtures.ts'
import { hasSchemas, linksetErrors } from './schemas.ts'

const JAM = '/01/09506000134390'
const SITE = 'https://www.northwind.example'
const VOC = 'https://ref.gs1.org/voc/'

async function location(path: string, headers: Record<string, string> = {}, origin = RESOLVER) {
  const res = await send(path, { headers }, origin)
  expect(res.status).toBe(307)
  return res.headers.get('location')
}

type Link = { href: string; title: string; hreflang?: string[]; type?: string; context?: string[] }

async function linkset(path: string, send_ = send): Promise<Record<string, Link[] | string>> {
  const res = await send_(path, { headers: LINKSET_ACCEPT })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { linkset: Record<string, Link[] | string>[] }
  if (hasSchemas) expect(linksetErrors(body)).toEqual([])
  return body.linkset[0] ?? {}
}

describe('a redirect to an external page', () => {
  test('is 307 to the brand’s URL, its template expanded for the scanner’s language, with the linkset in Link', async () => {
    const res = await send(JAM)
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe(`${SITE}/en/jam/09506000134390`)
    expect(res.headers.get('link')).toStartWith(`<${RESOLVER}${JAM}?linkType=linkset>; rel="linkset"`)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await location(JAM, { 'accept-language': 'fr-CH, fr;q=0.9' })).toBe(
      `${SITE}/fr/jam/09506000134390`,
    )
  })

  test('passes the scan’s query on as sent, after the link’s own query and before its fragment', async () => {
    expect(await location(`${JAM}?utm_source=label&x=%2F`)).toBe(
      `${SITE}/en/jam/09506000134390?utm_source=label&x=%2F`,
    )
    expect(await location(`${JAM}?linkType=gs1:recipeInfo`)).toBe(
      `${SITE}/en/recipes?src=dl&linkType=gs1:recipeInfo`,
    )
    expect(await location(`${JAM}?linkType=gs1:recipeInfo`, { 'accept-language': 'fr' })).toBe(
      `${SITE}/fr/recettes?linkType=gs1:recipeInfo`,
    )
    expect(await location(`${JAM}?linkType=manual`)).toBe(`${SITE}/jam.pdf?linkType=manual#page=2`)
  })

  test('adds the path’s lot and serial as 10 and 21 (SPEC redirect rule 4), unless the template uses them', async () => {
    expect(await location(`${JAM}/10/ABC/21/S%2F1`)).toBe(`${SITE}/en/jam/09506000134390?10=ABC&21=S%2F1`)
    expect(await location(`${JAM}/10/L42?linkType=gs1:recallStatus`)).toBe(
      `${SITE}/recall/L42?linkType=gs1:recallStatus`,
    )
  })

  test('is never rewritten for a custom domain or the short host', async () => {
    const branded: CatalogProduct = { ...jam, customDomain: CUSTOM_DOMAIN }
    const resolver = createResolver({ catalog: createMemoryCatalog([branded]), config })
    const onDomain = await resolver(req(`${CUSTOM}${JAM}`))
    expect(onDomain.status).toBe(307)
    expect(onDomain.headers.get('location')).toBe(`${SITE}/en/jam/09506000134390`)
    // Redirect rule 2 first: the resolver host hands the scan to the brand's domain, which then leads out.
    expect((await resolver(req(JAM))).headers.get('location')).toBe(`${CUSTOM}${JAM}`)
    expect(await location(JAM, {}, SHORT)).toBe(`${SITE}/en/jam/09506000134390`)
  })

  test('a hosted page beside external ones still redirects to its page here', async () => {
    expect(await location(`${JAM}?linkType=gs1:allergenInfo`)).toBe(
      '/en/northwind/apricot-jam/allergens?linkType=gs1:allergenInfo',
    )
  })
})

describe('the linkset of a product with external pages', () => {
  test('lists each external link expanded, with its title, hreflang, type and context; it validates', async () => {
    const entry = await linkset(JAM)
    expect(entry[`${VOC}defaultLink`]).toEqual([
      { href: `${SITE}/en/jam/09506000134390`, title: 'Apricot jam' },
    ])
    expect(entry[`${VOC}recipeInfo`]).toEqual([
      {
        href: `${SITE}/en/recipes?src=dl`,
        title: 'Recipes',
        hreflang: ['en'],
        type: 'text/html',
        context: ['kitchen'],
      },
      {
        href: `${SITE}/fr/recettes`,
        title: 'Recettes',
        hreflang: ['fr'],
        type: 'text/html',
        context: ['kitchen'],
      },
    ])
    expect(entry[`${VOC}instructions`]).toEqual([
      { href: `${SITE}/jam.pdf#page=2`, title: 'Manual', hreflang: ['en'], type: 'application/pdf' },
    ])
    expect(entry[`${VOC}allergenInfo`]).toEqual([
      {
        href: `${RESOLVER}/en/northwind/apricot-jam/allergens`,
        title: 'Allergens',
        hreflang: ['en'],
        type: 'text/html',
      },
    ])
  })

  test('pinned versions are added to external links whose template does not carry them', async () => {
    const entry = await linkset(`${JAM}/10/L42/21/7`)
    expect((entry[`${VOC}pip`] as Link[])[0]?.href).toBe(`${SITE}/en/jam/09506000134390?10=L42&21=7`)
    expect(entry[`${VOC}recallStatus`]).toEqual([
      { href: `${SITE}/recall/L42?21=7`, title: 'Recall notice', hreflang: ['en'], type: 'text/html' },
    ])
  })
})

describe('lot pages', () => {
  test('a scan of the lot sees its pages; other lots and no lot do not', async () => {
    expect(await location(`${JAM}/10/L42?linkType=recall`)).toBe(`${SITE}/recall/L42?linkType=recall`)
    expect((await send(`${JAM}/10/L43?linkType=recall`)).status).toBe(404)
    expect((await send(`${JAM}?linkType=recall`)).status).toBe(404)
    expect(Object.keys(await linkset(JAM))).not.toContain(`${VOC}recallStatus`)
  })

  test('a lot page named like the default page replaces it: the lot’s plain scan leads to it', async () => {
    expect(await location(`${JAM}/10/R1`)).toBe(`${SITE}/recalled?lot=R1`)
    const entry = await linkset(`${JAM}/10/R1`)
    expect(entry[`${VOC}defaultLink`]).toEqual([{ href: `${SITE}/recalled?lot=R1`, title: 'Recalled' }])
    expect(entry[`${VOC}pip`]).toBeUndefined()
  })

  test('a compressed link carrying the lot sees the lot’s pages too', async () => {
    const encoded = encodeLink(
      {
        gtin: '09506000134390',
        qualifiers: [
          { ai: '10', value: 'R1' },
          { ai: '21', value: '7' },
        ],
        attributes: [],
      },
      'base64',
    )
    if (!encoded.ok) throw new Error(encoded.reason)
    expect(await location(`/${encoded.segment}`)).toBe(`${SITE}/recalled?lot=R1&21=7`)
  })

  test('the lot may come in the query as well; matching is exact and case-sensitive', async () => {
    expect(await location(`${JAM}?10=R1`)).toBe(`${SITE}/recalled?lot=R1&10=R1`)
    expect(await location(`${JAM}/10/r1`)).toBe(`${SITE}/en/jam/09506000134390?10=r1`)
  })
})

describe('validity windows', () => {
  const T1 = Date.parse('2027-03-01T00:00:00Z')
  const T2 = Date.parse('2027-03-08T00:00:00Z')
  const promo: CatalogPage = {
    name: 'spring',
    linkType: 'gs1:promotion',
    isDefault: false,
    titles: { en: 'Spring offer' },
    content: {},
    href: 'https://www.northwind.example/spring',
    validFrom: T1,
    validUntil: T2,
  }
  const product: CatalogProduct = { ...jam, lots: {}, pages: [...jam.pages, promo] }

  function resolverAt(clock: { now: number }) {
    return createResolver({ catalog: createMemoryCatalog([product]), config, clock: () => clock.now })
  }

  test('outside its window a page does not exist for redirects and linksets; a boundary takes effect at once', async () => {
    const clock = { now: T1 - 1 }
    const resolver = resolverAt(clock)
    const ask = (path: string, headers: Record<string, string> = {}) => resolver(req(path, { headers }))
    const promoLinks = async () => {
      const res = await ask(JAM, LINKSET_ACCEPT)
      return ((await res.json()) as { linkset: Record<string, unknown>[] }).linkset[0]?.[`${VOC}promotion`]
    }
    expect((await ask(`${JAM}?linkType=gs1:promotion`)).status).toBe(404)
    expect(await promoLinks()).toBeUndefined()
    clock.now = T1
    expect((await ask(`${JAM}?linkType=gs1:promotion`)).headers.get('location')).toBe(
      'https://www.northwind.example/spring?linkType=gs1:promotion',
    )
    expect(await promoLinks()).toEqual([
      {
        href: 'https://www.northwind.example/spring',
        title: 'Spring offer',
        hreflang: ['en'],
        type: 'text/html',
      },
    ])
    clock.now = T2 - 1
    expect((await ask(`${JAM}?linkType=gs1:promotion`)).status).toBe(307)
    clock.now = T2
    expect((await ask(`${JAM}?linkType=gs1:promotion`)).status).toBe(404)
    expect(await promoLinks()).toBeUndefined()
  })

  test('the plain scan of a product with a window is never remembered past the scan', async () => {
    const clock = { now: T1 - 1 }
    const resolver = resolverAt(clock)
    const first = await resolver(req(JAM, { headers: LINKSET_ACCEPT }))
    expect(await first.text()).not.toContain('spring')
    clock.now = T1
    const second = await resolver(req(JAM, { headers: LINKSET_ACCEPT }))
    expect(await second.text()).toContain('https://www.northwind.example/spring')
  })
})
