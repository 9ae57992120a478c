import { describe, expect, test } from 'bun:test'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { productView } from '../../src/resolver/product-view.ts'
import { selectTarget } from '../../src/resolver/target.ts'
import { greenTea, oliveOil, products, risotto } from './fixtures.ts'

describe('createMemoryCatalog', () => {
  test('finds products by GTIN and by slug, and knows the active custom domains', async () => {
    const catalog = createMemoryCatalog(products)
    expect(await catalog.findByGtin('09506000134352')).toBe(risotto)
    expect(await catalog.findByGtin('09506000134383')).toBeNull()
    expect(await catalog.findBySlug('northwind', 'green-tea')).toBe(greenTea)
    expect(await catalog.isActiveCustomDomain('id.dalgiardino.example')).toBe(true)
    expect(await catalog.isActiveCustomDomain('example.com')).toBe(false)
  })
})

describe('productView', () => {
  test('is computed once per product object', () => {
    expect(productView(oliveOil)).toBe(productView(oliveOil))
  })
  test('derives languages, link types and paths of each page', () => {
    const view = productView(oliveOil)
    const info = view.pages[0]
    expect(info?.languages).toEqual(['fr', 'en', 'en-gb', 'de-ch', 'es'])
    expect(info?.linkTypeUri).toBe('https://ref.gs1.org/voc/pip')
    expect(info?.paths.get('de-ch')).toBe('/de-ch/northwind/olive-oil/info')
    expect(view.defaultPage).toBe(info ?? null)
    expect(view.description).toBe('Huile d’olive')
  })
})

describe('selectTarget', () => {
  const view = productView(oliveOil)
  test('maps each accepted linkType form', () => {
    expect(selectTarget(view, null)).toMatchObject({
      kind: 'page',
      productLanguage: false,
      page: { page: { name: 'info' } },
    })
    expect(selectTarget(view, 'gs1:defaultLink')).toMatchObject({ kind: 'page', productLanguage: true })
    expect(selectTarget(view, 'gs1:defaultLinkMulti')).toMatchObject({ kind: 'page', productLanguage: false })
    expect(selectTarget(view, 'linkset')).toEqual({ kind: 'linkset' })
    expect(selectTarget(view, 'gs1:registerProduct')).toMatchObject({ page: { page: { name: 'garantie' } } })
    expect(selectTarget(view, 'garantie')).toMatchObject({ page: { page: { name: 'garantie' } } })
    expect(selectTarget(view, 'gs1:faqs')).toEqual({ kind: 'missing' })
  })
})
