/** The resolver's Catalog on the database: cached lookups, invalidated on every instance by LISTEN/NOTIFY. */
import { and, eq } from 'drizzle-orm'
import type { Catalog, CatalogProduct } from '../resolver/catalog.ts'
import { loadProducts, type StoredProduct } from './catalog-rows.ts'
import { CATALOG_CHANNEL } from './channels.ts'
import type { Database } from './database.ts'
import { LookupCache } from './lookup-cache.ts'
import { brands, products } from './schema.ts'

export interface DbCatalogOptions {
  readonly ttlMs?: number
  readonly negativeTtlMs?: number
  readonly maxEntries?: number
  readonly clock?: () => number
}

export interface DbCatalog extends Catalog {
  /** Subscribes to catalog changes; call once before serving. */
  start(): Promise<void>
  /** Drops every cached answer. */
  invalidate(): void
  close(): Promise<void>
}

/** A Catalog reading published products from `database`, cached per GTIN, slug pair and custom domain. */
export function createDbCatalog(database: Database, options: DbCatalogOptions = {}): DbCatalog {
  const cacheOptions = {
    ttlMs: options.ttlMs ?? 60_000,
    negativeTtlMs: options.negativeTtlMs ?? 5_000,
    maxEntries: options.maxEntries ?? 100_000,
    clock: options.clock ?? Date.now,
  }
  const byGtin = new LookupCache<CatalogProduct>(cacheOptions, (gtin) =>
    loadOne(database, and(eq(products.gtin, gtin), eq(products.published, true))),
  )
  const bySlug = new LookupCache<CatalogProduct>(cacheOptions, (key) => {
    const [brand, product] = key.split('/') as [string, string]
    return loadOne(
      database,
      and(eq(brands.slug, brand), eq(products.slug, product), eq(products.published, true)),
    )
  })
  const domains = new LookupCache<true>(cacheOptions, async (host) => {
    const rows = await database.db
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.customDomain, host), eq(brands.customDomainActive, true)))
      .limit(1)
    return rows.length > 0 ? true : null
  })
  let unlisten: (() => Promise<void>) | null = null
  const invalidate = () => {
    byGtin.clear()
    bySlug.clear()
    domains.clear()
  }
  return {
    findByGtin: (gtin) => byGtin.get(gtin),
    findBySlug: (brand, product) => bySlug.get(`${brand}/${product}`),
    isActiveCustomDomain: async (host) => (await domains.get(host)) === true,
    invalidate,
    async start() {
      unlisten ??= await database.listen(CATALOG_CHANNEL, invalidate)
    },
    async close() {
      await unlisten?.()
      unlisten = null
    },
  }
}

async function loadOne(database: Database, where: ReturnType<typeof and>): Promise<CatalogProduct | null> {
  const [stored] = await loadProducts(database.db, where)
  return stored === undefined ? null : toCatalogProduct(stored)
}

/** Maps a stored product to the resolver's view of it. */
export function toCatalogProduct(stored: StoredProduct): CatalogProduct {
  const e = stored.entry
  return {
    gtin: e.gtin,
    brandSlug: e.brand,
    brandName: stored.brandName,
    productSlug: e.slug,
    customDomain: stored.customDomainActive ? stored.customDomain : null,
    defaultLanguage: e.defaultLanguage,
    languages: e.languages,
    names: e.names,
    pages: e.pages.map((p) => ({
      name: p.name,
      linkType: p.linkType,
      isDefault: p.default === true,
      titles: p.titles,
      content: p.content ?? {},
    })),
  }
}
