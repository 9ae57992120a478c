import { describe, expect, test } from 'bun:test'
import { validateCatalog } from '../../src/catalog/validate.ts'
import { publishedProducts } from '../../src/resolver/published-products.ts'
import { productOf, smallCatalog, smallCatalogProduct } from '../catalog/fixtures.ts'

describe('publishedProducts', () => {
  test('maps a validated catalog to resolver products, published ones only', () => {
    const file = smallCatalog()
    file.products?.push({ ...productOf(file), gtin: '4012345000009', slug: 'hidden', published: false })
    const validated = validateCatalog(file)
    if (!validated.ok) throw new Error('fixture invalid')
    expect(publishedProducts(validated.catalog)).toEqual([smallCatalogProduct])
  })

  test('an inactive custom domain is not used', () => {
    const file = smallCatalog()
    file.brands = [
      { slug: 'acme-foods', name: 'Acme Foods', organization: 'acme', customDomain: 'id.acme.example' },
    ]
    const validated = validateCatalog(file)
    if (!validated.ok) throw new Error('fixture invalid')
    expect(publishedProducts(validated.catalog)[0]?.customDomain).toBeNull()
  })
})
