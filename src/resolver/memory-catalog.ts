/** An in-memory Catalog over a fixed product list (tests, benches, the standalone entries). */
import { candidateIds, GTIN_KEY } from '../catalog/entry-id.ts'
import type { Catalog, CatalogProduct } from './catalog.ts'

/** Indexes the products by GTIN, by brand and product slug, and their active custom domains. */
export function createMemoryCatalog(products: readonly CatalogProduct[]): Catalog {
  const byGtin = new Map<string, CatalogProduct>()
  const bySlug = new Map<string, CatalogProduct>()
  const domains = new Set<string>()
  for (const p of products) {
    byGtin.set(p.gtin, p)
    bySlug.set(`${p.brandSlug}/${p.productSlug}`, p)
    if (p.customDomain !== null) domains.add(p.customDomain.toLowerCase())
  }
  /** The exact entry, else the longest matching prefix rule (DESIGN §12). */
  const peekByKey = (key: string, value: string) => {
    for (const id of candidateIds(key, value)) {
      const found = byGtin.get(id)
      if (found !== undefined) return found
    }
    return null
  }
  const peekByGtin = (gtin: string) => byGtin.get(gtin) ?? peekByKey(GTIN_KEY, gtin)
  const peekBySlug = (brandSlug: string, productSlug: string) =>
    bySlug.get(`${brandSlug}/${productSlug}`) ?? null
  return {
    findByGtin: async (gtin) => peekByGtin(gtin),
    peekByGtin,
    findByKey: async (key, value) => peekByKey(key, value),
    peekByKey,
    findBySlug: async (brandSlug, productSlug) => peekBySlug(brandSlug, productSlug),
    peekBySlug,
    isActiveCustomDomain: async (host) => domains.has(host),
  }
}
