/** The published products of a validated catalog file, as the resolver and the pages see them (no database). */

import type { CatalogPageEntry, CatalogProductEntry } from '../catalog/schema.ts'
import type { ValidCatalog } from '../catalog/validate-types.ts'
import type { CatalogPage, CatalogProduct } from './catalog.ts'
import { groupLots, withPageExtras } from './page-extras.ts'

/** Maps a validated catalog to `CatalogProduct`s: published products only, custom domains only when active. */
export function publishedProducts(catalog: ValidCatalog): CatalogProduct[] {
  const brands = new Map(catalog.brands.map((b) => [b.slug, b]))
  return catalog.products
    .filter((p) => p.published !== false)
    .flatMap((p) => {
      const brand = brands.get(p.brand)
      if (brand === undefined) return []
      return [
        {
          gtin: p.gtin,
          brandSlug: brand.slug,
          brandName: brand.name,
          productSlug: p.slug,
          customDomain: brand.customDomainActive === true ? (brand.customDomain ?? null) : null,
          defaultLanguage: p.defaultLanguage,
          languages: p.languages,
          names: p.names ?? {},
          pages: p.pages.map(toPage),
          ...lotsOf(p),
        },
      ]
    })
}

function toPage(page: CatalogPageEntry): CatalogPage {
  const base = {
    name: page.name,
    linkType: page.linkType,
    isDefault: page.default === true,
    titles: page.titles,
    content: page.content ?? {},
  }
  return withPageExtras(base, page)
}

function lotsOf(product: CatalogProductEntry): Pick<CatalogProduct, 'lots'> {
  const lots = groupLots(
    Object.entries(product.lots ?? {}).flatMap(([lot, e]) =>
      e.pages.map((page) => ({ lot, page: toPage(page) })),
    ),
  )
  return lots === undefined ? {} : { lots }
}
