/** Small catalog files built in code for the catalog and import tests. */
import type { CatalogFile, CatalogPageEntry, CatalogProductEntry } from '../../src/catalog/schema.ts'
import type { CatalogProduct } from '../../src/resolver/catalog.ts'

/** A valid one-organization, one-brand, one-product catalog; `overrides` replace its product's members. */
export function smallCatalog(product: Record<string, unknown> = {}): CatalogFile {
  return {
    organizations: [{ slug: 'acme', name: 'Acme', plan: 'starter', subscriptionStatus: 'active' }],
    brands: [
      {
        slug: 'acme-foods',
        name: 'Acme Foods',
        organization: 'acme',
        customDomain: 'id.acme.example',
        customDomainActive: true,
      },
    ],
    products: [
      {
        gtin: '09506000134352',
        brand: 'acme-foods',
        slug: 'rice',
        published: true,
        defaultLanguage: 'en',
        languages: ['en', 'fr'],
        names: { en: 'Rice', fr: 'Riz' },
        pages: [
          { name: 'product', linkType: 'gs1:pip', default: true, titles: { en: 'Product', fr: 'Produit' } },
          {
            name: 'recipes',
            linkType: 'gs1:recipeInfo',
            titles: { fr: 'Recettes' },
            content: { fr: 'Cuire 18 min.' },
          },
        ],
        ...product,
      },
    ] as CatalogFile['products'],
  }
}

/** The product of `smallCatalog()` as the resolver sees it once imported: published, on its active custom domain. */
export const smallCatalogProduct: CatalogProduct = {
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
}

/** Acme Oats' oat drink in English and German with one page, in the import format without its GTIN (a path names it). */
export const oatDrinkBody = {
  brand: 'acme-oats',
  slug: 'oat-drink',
  defaultLanguage: 'en',
  languages: ['en', 'de'],
  names: { en: 'Oat drink', de: 'Haferdrink' },
  pages: [
    { name: 'info', linkType: 'gs1:pip', default: true, titles: { en: 'Information', de: 'Informationen' } },
  ],
}

/** A catalog of `count` generated products (valid GTINs) under one brand. */
export function generatedCatalog(count: number, title = 'Product'): CatalogFile {
  const base = smallCatalog()
  const products = Array.from({ length: count }, (_, i): CatalogProductEntry => {
    const body = `0950600${String(i).padStart(6, '0')}`
    return {
      gtin: body + checkDigit(body),
      brand: 'acme-foods',
      slug: `p-${i}`,
      defaultLanguage: 'en',
      languages: ['en', 'de'],
      names: { en: `Product ${i}`, de: `Produkt ${i}` },
      pages: [
        { name: 'product', linkType: 'gs1:pip', default: true, titles: { en: title, de: 'Produkt' } },
        { name: 'care', linkType: 'gs1:instructions', titles: { en: 'Care' } },
      ],
    }
  })
  return { ...base, products }
}

function checkDigit(body: string): number {
  let sum = 0
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1)
  return (10 - (sum % 10)) % 10
}

/** The product at `index` of a fixture catalog (throws when absent, so tests can mutate it directly). */
export function productOf(catalog: CatalogFile, index = 0): CatalogProductEntry {
  const product = catalog.products?.[index]
  if (!product) throw new Error(`fixture has no product ${index}`)
  return product
}

/** The page at `pageIndex` of the product at `productIndex`. */
export function pageOf(catalog: CatalogFile, productIndex: number, pageIndex: number): CatalogPageEntry {
  const page = productOf(catalog, productIndex).pages[pageIndex]
  if (!page) throw new Error(`fixture has no page ${pageIndex}`)
  return page
}
