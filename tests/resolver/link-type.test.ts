import { describe, expect, test } from 'bun:test'
import { JSON_ACCEPT, send } from './fixtures.ts'

// oliveOil: pages `info` (gs1:pip, default), `recettes` (gs1:recipeInfo), `garantie` (gs1:registerProduct, es only).
const OIL = '/01/09506000134376'

async function resolve(query: string, headers: Record<string, string> = {}): Promise<Response> {
  return send(`${OIL}?${query}`, { headers: { 'accept-language': 'en', ...headers } })
}

describe('linkType selects the page (SPEC "Accepted linkType values")', () => {
  const forms: [string, string][] = [
    ['a CURIE', 'gs1:recipeInfo'],
    ['a CURIE with an encoded colon', 'gs1%3ArecipeInfo'],
    ['the ref.gs1.org URI', 'https://ref.gs1.org/voc/recipeInfo'],
    ['the encoded ref.gs1.org URI', 'https%3A%2F%2Fref.gs1.org%2Fvoc%2FrecipeInfo'],
    ['the older https://gs1.org URI', 'https://gs1.org/voc/recipeInfo'],
    ['the older http://gs1.org URI', 'http://gs1.org/voc/recipeInfo'],
    ["the page's URL name", 'recettes'],
  ]
  for (const [form, value] of forms) {
    test(`answers 307 to that page for ${form}, keeping the query as sent`, async () => {
      const res = await resolve(`linkType=${value}`)
      expect(res.status).toBe(307)
      expect(res.headers.get('location')).toBe(`/en/northwind/olive-oil/recettes?linkType=${value}`)
    })
  }

  for (const name of ['linktype', 'LINKTYPE', 'LinkType', 'lInKtYpE']) {
    test(`reads the parameter name ${name} in any case`, async () => {
      const res = await resolve(`a=1&${name}=gs1:recipeInfo`)
      expect(res.headers.get('location')).toBe(`/en/northwind/olive-oil/recettes?a=1&${name}=gs1:recipeInfo`)
    })
  }

  test('the link type of the default page opens the default page', async () => {
    expect((await resolve('linkType=gs1:pip')).headers.get('location')).toBe(
      '/en/northwind/olive-oil/info?linkType=gs1:pip',
    )
  })

  test('gs1:defaultLink and gs1:defaultLinkMulti are accepted as full URIs too', async () => {
    const a = await resolve('linkType=https://ref.gs1.org/voc/defaultLink')
    expect(a.headers.get('location')).toBe(
      '/fr/northwind/olive-oil/info?linkType=https://ref.gs1.org/voc/defaultLink',
    )
    const b = await resolve('linkType=https://gs1.org/voc/defaultLinkMulti')
    expect(b.headers.get('location')).toBe(
      '/en/northwind/olive-oil/info?linkType=https://gs1.org/voc/defaultLinkMulti',
    )
  })

  test('the first linkType parameter decides when there are several', async () => {
    const res = await resolve('linkType=recettes&linkType=info')
    expect(res.headers.get('location')).toBe(
      '/en/northwind/olive-oil/recettes?linkType=recettes&linkType=info',
    )
  })

  test('an empty linkType value matches no page', async () => {
    expect((await resolve('linkType=')).status).toBe(404)
  })
})

describe('linkType answers 404 NOT_FOUND', () => {
  const missing: [string, string][] = [
    ['a link type the product has no page for', 'gs1:allergenInfo'],
    ['a link type outside the vocabulary', 'gs1:nosuchlt'],
    ['a CURIE in the wrong case (values are case-sensitive)', 'gs1:RecipeInfo'],
    ['a page name in the wrong case', 'Recettes'],
    ['linkset in the wrong case', 'LINKSET'],
    ['an unknown URI', 'https://example.com/voc/pip'],
    ['the deprecated all (not an accepted value)', 'all'],
  ]
  for (const [what, value] of missing) {
    test(`for ${what}`, async () => {
      const res = await resolve(`linkType=${value}`, JSON_ACCEPT)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ status: 404, error: 'NOT_FOUND' })
      expect(res.headers.get('location')).toBeNull()
    })
  }
})

describe('linkType=linkset', () => {
  test('returns the linkset instead of a redirect', async () => {
    const res = await resolve('linkType=linkset', JSON_ACCEPT)
    expect(res.status).toBe(200)
    expect(res.headers.get('location')).toBeNull()
  })

  test('the parameter name is read in any case for linkset too', async () => {
    expect((await resolve('LINKTYPE=linkset', JSON_ACCEPT)).status).toBe(200)
  })
})
