import { describe, expect, test } from 'bun:test'
import { CONTEXT_URL, CUSTOM, JSON_ACCEPT, LINKSET_ACCEPT, RESOLVER, SHORT, send, VOC } from './fixtures.ts'

const RISOTTO = '/01/09506000134352'
const CONTEXT_LINK = `<${CONTEXT_URL}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`

type Entry = Record<string, unknown>
async function entryOf(res: Response): Promise<Entry> {
  const body = (await res.json()) as { linkset: Entry[] }
  expect(Object.keys(body)).toEqual(['linkset'])
  expect(body.linkset).toHaveLength(1)
  return body.linkset[0] as Entry
}

function link(path: string, lang: string, title: string, origin = CUSTOM, pins = '') {
  return {
    href: `${origin}${path.replace('{l}', lang.toLowerCase())}${pins}`,
    title,
    hreflang: [lang],
    type: 'text/html',
  }
}

describe('the linkset (SPEC "Linkset (resolver)")', () => {
  test('Accept: application/linkset+json answers 200 with the exact linkset and its headers', async () => {
    const res = await send(`${RISOTTO}/10/L1?x=1`, { headers: LINKSET_ACCEPT })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/linkset+json')
    expect(res.headers.get('link')).toBe(
      `<${RESOLVER}${RISOTTO}/10/L1?linkType=linkset>; rel="linkset"; type="application/linkset+json", ${CONTEXT_LINK}`,
    )
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=600, stale-while-revalidate=600')
    expect(res.headers.get('vary')).toBe('Accept, Accept-Language')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const pip = '/{l}/dal-giardino/risotto-rice/product'
    const pins = '?10=L1'
    const multi = [
      link(pip, 'en', 'Product information', CUSTOM, pins),
      link(pip, 'fr', 'Informations produit', CUSTOM, pins),
      link(pip, 'de-CH', 'Produktinformationen', CUSTOM, pins),
    ]
    const entry = await entryOf(res)
    expect(entry).toEqual({
      anchor: `${RESOLVER}${RISOTTO}/10/L1`,
      description: 'Dal Giardino Risotto Rice',
      [`${VOC}defaultLink`]: [
        { href: `${CUSTOM}/en/dal-giardino/risotto-rice/product?10=L1`, title: 'Product information' },
      ],
      [`${VOC}defaultLinkMulti`]: multi,
      [`${VOC}pip`]: multi,
      [`${VOC}recipeInfo`]: [
        link('/{l}/dal-giardino/risotto-rice/recipes', 'en', 'Recipes', CUSTOM, pins),
        link('/{l}/dal-giardino/risotto-rice/recipes', 'fr', 'Recettes', CUSTOM, pins),
      ],
      [`${VOC}allergenInfo`]: [
        link('/{l}/dal-giardino/risotto-rice/allergens', 'en', 'Allergen information', CUSTOM, pins),
      ],
    })
    expect(Object.keys(entry).slice(0, 4)).toEqual([
      'anchor',
      'description',
      `${VOC}defaultLink`,
      `${VOC}defaultLinkMulti`,
    ])
  })

  test('Accept listing application/linkset+json among others still asks for the linkset', async () => {
    const res = await send(RISOTTO, { headers: { accept: 'text/html, application/linkset+json;q=0.1' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/linkset+json')
  })

  test('Accept: application/linkset+json wins over any linkType value', async () => {
    const res = await send(`${RISOTTO}?linkType=gs1:nosuchlt`, { headers: LINKSET_ACCEPT })
    expect(res.status).toBe(200)
  })

  test('the anchor is the uncompressed link on the scanned host: 14 digits, qualifiers, no query, no trailing slash', async () => {
    const res = await send('/01/9506000134352/22/V1/10/L%2F1/21/S1/?linkType=linkset&17=261231', {
      headers: JSON_ACCEPT,
    })
    const entry = await entryOf(res)
    expect(entry.anchor).toBe(`${RESOLVER}${RISOTTO}/22/V1/10/L%2F1/21/S1`)
  })

  test('hrefs carry lot, serial and expiry in that order, from the path or the query', async () => {
    const a = await entryOf(
      await send(`${RISOTTO}/10/L1/21/S1?17=261231&foo=bar`, { headers: LINKSET_ACCEPT }),
    )
    expect((a[`${VOC}defaultLink`] as { href: string }[])[0]?.href).toBe(
      `${CUSTOM}/en/dal-giardino/risotto-rice/product?10=L1&21=S1&17=261231`,
    )
    const b = await entryOf(await send(`${RISOTTO}?21=Q%2F1&10=Q2`, { headers: LINKSET_ACCEPT }))
    expect((b[`${VOC}allergenInfo`] as { href: string }[])[0]?.href).toBe(
      `${CUSTOM}/en/dal-giardino/risotto-rice/allergens?10=Q2&21=Q%2F1`,
    )
  })

  test('every href carries the pinned versions', async () => {
    const entry = await entryOf(await send(`${RISOTTO}/21/S1`, { headers: LINKSET_ACCEPT }))
    for (const [key, value] of Object.entries(entry)) {
      if (key === 'anchor' || key === 'description') continue
      for (const l of value as { href: string }[]) expect(l.href).toEndWith('?21=S1')
    }
  })

  test("a custom-domain product's linkset is answered on the scanned host, links on the custom domain", async () => {
    const res = await send(`${RISOTTO}?linkType=linkset`, { headers: JSON_ACCEPT }, SHORT)
    expect(res.status).toBe(200)
    const entry = await entryOf(res)
    expect(entry.anchor).toBe(`${SHORT}${RISOTTO}`)
    expect((entry[`${VOC}defaultLink`] as { href: string }[])[0]?.href).toBe(
      `${CUSTOM}/en/dal-giardino/risotto-rice/product`,
    )
  })

  test('on {short_url} the links point to {resolver_url}', async () => {
    const entry = await entryOf(await send('/01/04012345000009', { headers: LINKSET_ACCEPT }, SHORT))
    expect(entry.anchor).toBe(`${SHORT}/01/04012345000009`)
    expect(entry[`${VOC}defaultLink`]).toEqual([
      { href: `${RESOLVER}/en/northwind/green-tea/about`, title: 'About this tea' },
    ])
  })

  test('on the custom domain the anchor and the links are on the custom domain', async () => {
    const entry = await entryOf(await send(RISOTTO, { headers: LINKSET_ACCEPT }, CUSTOM))
    expect(entry.anchor).toBe(`${CUSTOM}${RISOTTO}`)
    expect((entry[`${VOC}pip`] as { href: string }[])[0]?.href).toBe(
      `${CUSTOM}/en/dal-giardino/risotto-rice/product`,
    )
  })

  test('description is left out when the product has no name', async () => {
    const entry = await entryOf(await send('/01/09528765123457', { headers: LINKSET_ACCEPT }))
    expect('description' in entry).toBe(false)
  })

  test('keys are full link-type URIs, never CURIEs', async () => {
    const entry = await entryOf(await send('/01/09506000134376', { headers: LINKSET_ACCEPT }))
    for (const key of Object.keys(entry)) {
      if (key !== 'anchor' && key !== 'description') expect(key).toStartWith(VOC)
    }
    expect(Object.keys(entry)).toContain(`${VOC}registerProduct`)
  })
})
