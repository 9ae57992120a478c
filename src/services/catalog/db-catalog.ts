/** The resolver's Catalog on the database: cached lookups, invalidated on every instance by LISTEN/NOTIFY. */

import { and, eq } from 'drizzle-orm'
import { entryId, GTIN_KEY, keyOfEntry } from '../../catalog/entry-id.ts'
import { CATALOG_CHANNEL } from '../../db/channels.ts'
import type { Database } from '../../db/database.ts'
import { brands } from '../../db/schema.ts'
import { withDeadline } from '../../lib/deadline.ts'
import type { Catalog, CatalogProduct } from '../../resolver/catalog.ts'
import { type ProductLookups, productLookups } from './lookup.ts'
import { LookupCache } from './lookup-cache.ts'

export interface DbCatalogOptions {
  readonly ttlMs?: number
  readonly negativeTtlMs?: number
  readonly maxEntries?: number
  readonly clock?: () => number
  /**
   * Keep a product (or its absence) only once it has been looked up before (`LookupCache.admitOnRepeat`), so scans
   * of GTINs nobody scans again never push out the products people do scan. Default true.
   */
  readonly admitOnRepeat?: boolean
  /**
   * Called once when the change listener loses its connection, and once when it subscribes again (the cache is
   * then dropped, since changes may have been missed): the one sign of a lost and regained database an idle
   * instance gives.
   */
  readonly onListenerLost?: () => void
  readonly onListenerRenewed?: () => void
}

export interface DbCatalog extends Catalog {
  /** Subscribes to catalog changes; call once before serving. */
  start(): Promise<void>
  /** Drops every cached answer. */
  invalidate(): void
  /** Product lookups by GTIN answered from the cache and loaded, and products cached (the operator's metrics). */
  stats(): { readonly hits: number; readonly misses: number; readonly size: number }
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
  const productOptions = { ...cacheOptions, admitOnRepeat: options.admitOnRepeat ?? true }
  const lookups = productLookups(database)
  const gtinRules = gtinRulesFlag(lookups, cacheOptions)
  // A GTIN's scan: the one-row lookup of its product, or unless no rule of GTINs is known to be stored, the product or
  // else the longest rule (one query that answers rightly either way).
  const byGtin = new LookupCache<CatalogProduct>(productOptions, (gtin) =>
    withDeadline(gtinRules.mayExist() ? lookups.byKey(GTIN_KEY, gtin) : lookups.byGtin(gtin)),
  )
  // Entries of other keys by their identity; a value without an entry is answered by its longest prefix rule.
  const byKey = new LookupCache<CatalogProduct>(productOptions, (id) => {
    const { key, value } = keyOfEntry(id)
    return withDeadline(lookups.byKey(key, value))
  })
  const bySlug = new LookupCache<CatalogProduct>(productOptions, (key) => {
    const [brand, product] = key.split('/') as [string, string]
    return withDeadline(lookups.bySlug(brand, product))
  })
  const domains = new LookupCache<true>(cacheOptions, async (host) => {
    const rows = await withDeadline(
      database.db
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.customDomain, host), eq(brands.customDomainActive, true)))
        .limit(1),
    )
    return rows.length > 0 ? true : null
  })
  let unlisten: (() => Promise<void>) | null = null
  const invalidate = () => {
    gtinRules.forget()
    byGtin.clear()
    byKey.clear()
    bySlug.clear()
    domains.clear()
  }
  return {
    findByGtin: (gtin) => byGtin.get(gtin),
    peekByGtin: (gtin) => byGtin.peek(gtin),
    // An entry of another key is stored and cached under its identity, beside the products (DESIGN §12).
    findByKey: (key, value) => byKey.get(entryId(key, value)),
    peekByKey: (key, value) => byKey.peek(entryId(key, value)),
    findBySlug: (brand, product) => bySlug.get(`${brand}/${product}`),
    peekBySlug: (brand, product) => bySlug.peek(`${brand}/${product}`),
    isActiveCustomDomain: async (host) => (await domains.get(host)) === true,
    invalidate,
    stats: () => ({ ...byGtin.stats, size: byGtin.size }),
    async start() {
      // Every payload drops the cache, the empty one of a renewed subscription too: changes may have been missed.
      unlisten ??= await database.listen(CATALOG_CHANNEL, invalidate, {
        onLost: options.onListenerLost,
        onRenewed: options.onListenerRenewed,
      })
    },
    async close() {
      await unlisten?.()
      unlisten = null
    },
  }
}

/**
 * Whether prefix rules of GTINs may be stored, as a scan needs it at once: never waited for. Asked in the background
 * after every catalog change (`forget`) and again once an absence would expire (a rule written without a notification
 * counts as soon as a missing product would); until an answer of the present catalog is in, and when asking fails, yes.
 */
function gtinRulesFlag(lookups: ProductLookups, options: { clock: () => number; negativeTtlMs: number }) {
  let known: boolean | null = null
  let askAgainAt = 0
  let asking = false
  let generation = 0
  return {
    mayExist(): boolean {
      const now = options.clock()
      if (!asking && now >= askAgainAt) {
        asking = true
        const asked = generation
        askAgainAt = now + options.negativeTtlMs
        withDeadline(lookups.hasGtinRules())
          .then(
            (answer) => {
              if (asked === generation) known = answer
            },
            () => {},
          )
          .finally(() => {
            asking = false
          })
      }
      return known ?? true
    },
    forget(): void {
      generation++
      known = null
      askAgainAt = 0
    },
  }
}
