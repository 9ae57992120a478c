import { describe, expect, test } from 'bun:test'
import { publishedProducts } from '../../src/catalog/products.ts'
import { validateCatalog } from '../../src/catalog/validate.ts'
import { productOf, smallCatalog } from './fixtures.ts'

describe('publishedProducts', () => {
  test('maps a validated catalog to resolver products, published ones only', () => {
    const file = smallCatalog()
    file.products?.push({ ...productOf(file), gtin: '4012345000009', slug: 'hidden', published: false })
    const validated = validateCatalog(file)
    if (!validated.ok) throw new Error('fixture invalid')
    expect(publishedProducts(validated.catalog)).toEqual([
      {
        gtin: '09506000134352',
        brandSlug: 'acme-foods',
        brandName: 'Acme Foods',
        productSlug: 'rice',
        customDomain: 'id.acme.example',
        defaultLanguage: 'en',
        languages: ['en', 'fr'],
        names: { en: 'Rice', fr: 'Riz' },
        pages: [
          {
            name: 'product',
            linkType: 'gs1:pip',
            isDefault: true,
            titles: { en: 'Product', fr: 'Produit' },
            content: {},
          },
          {
            name: 'recipes',
            linkType: 'gs1:recipeInfo',
            isDefault: false,
            titles: { fr: 'Recettes' },
            content: { fr: 'Cuire 18 min.' },
          },
        ],
      },
    ])
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
