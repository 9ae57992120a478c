/** Loads products with their names, pages and titles in the catalog file's shape (used by export and import). */
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { CatalogLotEntry, CatalogPageEntry, CatalogProductEntry } from '../../catalog/schema.ts'
import type { Db } from '../../db/database.ts'
import { brands, type PageExtras, pages, pageTitles, productNames, products } from '../../db/schema.ts'

/** A stored product in canonical catalog-file form. */
export interface StoredProduct {
  readonly id: string
  readonly entry: CanonicalProduct
}

/**
 * A product entry with every optional member resolved, so two of them compare by `JSON.stringify`; `lots` only
 * when it has any.
 */
export type CanonicalProduct = Omit<CatalogProductEntry, 'published' | 'names'> & {
  published: boolean
  names: Record<string, string>
}

const CHUNK = 5000

/** The rows of products (a GTIN-14), beside the entries of other keys in the same table (`{key}/{value}`). */
export const PRODUCT_ROWS: SQL = sql`${products.gtin} ~ '^[0-9]{14}$'`
/** The rows of entries of other keys than the GTIN (DESIGN §12). */
export const ITEM_ROWS: SQL = sql`${products.gtin} like '%/%' and ${products.gtin} not like '%~'`
/** The rows of prefix rules (`{key}/{prefix}~`, src/catalog/entry-id.ts). */
export const RULE_ROWS: SQL = sql`${products.gtin} like '%~'`
/** Among the candidates of a scan (`candidateIds`), the one that answers it first: the exact entry, then the longest rule. */
export const MOST_SPECIFIC: readonly SQL[] = [RULE_ROWS, sql`length(${products.gtin}) desc`]

/** Loads the products matching `where` (a condition on `products`), ordered by GTIN; the first `limit` of them. */
export async function loadProducts(db: Db, where: SQL | undefined, limit?: number): Promise<StoredProduct[]> {
  const query = db
    .select({
      id: products.id,
      gtin: products.gtin,
      slug: products.slug,
      published: products.published,
      defaultLanguage: products.defaultLanguage,
      languages: products.languages,
      defaultPageId: products.defaultPageId,
      brandSlug: brands.slug,
    })
    .from(products)
    .innerJoin(brands, eq(products.brandId, brands.id))
    .where(where)
    .orderBy(asc(products.gtin))
  const rows = await (limit === undefined ? query : query.limit(limit))
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const defaults = new Set(rows.map((r) => r.defaultPageId))
  const [names, pageRows] = await Promise.all([loadNames(db, ids), loadPages(db, ids, defaults)])
  return rows.map((r) => {
    const stored = pageRows.get(r.id)
    const entry: CanonicalProduct = {
      gtin: r.gtin,
      brand: r.brandSlug,
      slug: r.slug,
      published: r.published,
      defaultLanguage: r.defaultLanguage,
      languages: r.languages,
      names: orderedByLanguages(names.get(r.id) ?? new Map(), r.languages),
      pages: stored?.get('') ?? [],
    }
    const lots = [...(stored ?? [])].filter(([lot]) => lot !== '')
    if (lots.length > 0) entry.lots = Object.fromEntries(lots.map(([lot, pages]) => [lot, { pages }]))
    return { id: r.id, entry }
  })
}

/** Canonical form of a file entry: defaults applied, names in the product's language order. */
export function canonicalProduct(entry: CatalogProductEntry): CanonicalProduct {
  return {
    gtin: entry.gtin,
    brand: entry.brand,
    slug: entry.slug,
    published: entry.published ?? true,
    defaultLanguage: entry.defaultLanguage,
    languages: entry.languages,
    names: orderedByLanguages(new Map(Object.entries(entry.names ?? {})), entry.languages),
    pages: entry.pages.map(canonicalPage),
    ...canonicalLots(entry.lots),
  }
}

function canonicalLots(lots: Readonly<Record<string, CatalogLotEntry>> | undefined): {
  lots?: Record<string, CatalogLotEntry>
} {
  const entries = Object.entries(lots ?? {})
  if (entries.length === 0) return {}
  return { lots: Object.fromEntries(entries.map(([lot, e]) => [lot, { pages: e.pages.map(canonicalPage) }])) }
}

function canonicalPage(page: CatalogPageEntry): CatalogPageEntry {
  const out = newPage(page.name, page.linkType, page.default === true)
  out.titles = page.titles
  const content = Object.entries(page.content ?? {}).filter(([lang]) => page.titles[lang] !== undefined)
  if (content.length > 0) out.content = Object.fromEntries(orderLike(content, Object.keys(page.titles)))
  return withExtras(out, pageExtras(page))
}

/** What a page adds beyond name, type, titles and text, in the file's member order; null when nothing. */
export function pageExtras(page: CatalogPageEntry): PageExtras | null {
  const extras: PageExtras = {}
  if (page.image !== undefined) extras.image = { src: page.image.src, alt: page.image.alt }
  if (page.href !== undefined) extras.href = page.href
  if (page.type !== undefined) extras.type = page.type
  if (page.context !== undefined) extras.context = page.context
  if (page.validFrom !== undefined) extras.validFrom = page.validFrom
  if (page.validUntil !== undefined) extras.validUntil = page.validUntil
  return Object.keys(extras).length === 0 ? null : extras
}

/**
 * The page with its extras as members, in the canonical order: per-language members in the order of the page's
 * titles (a JSONB value comes back with its keys sorted).
 */
function withExtras(page: CatalogPageEntry, extras: PageExtras | null): CatalogPageEntry {
  if (extras === null) return page
  const languages = Object.keys(page.titles)
  const ordered = (record: Record<string, string>) =>
    Object.fromEntries(orderLike(Object.entries(record), languages))
  const out: CatalogPageEntry = { ...page }
  if (extras.image !== undefined) out.image = { src: extras.image.src, alt: ordered(extras.image.alt) }
  if (extras.href !== undefined)
    out.href = typeof extras.href === 'string' ? extras.href : ordered(extras.href)
  if (extras.type !== undefined) out.type = extras.type
  if (extras.context !== undefined) out.context = extras.context
  if (extras.validFrom !== undefined) out.validFrom = extras.validFrom
  if (extras.validUntil !== undefined) out.validUntil = extras.validUntil
  return out
}

/** Builds a page with a fixed member order, so that canonical pages compare by `JSON.stringify`. */
function newPage(name: string, linkType: string, isDefault: boolean): CatalogPageEntry {
  return isDefault ? { name, linkType, default: true, titles: {} } : { name, linkType, titles: {} }
}

function orderLike(entries: [string, string][], order: string[]): [string, string][] {
  return [...entries].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))
}

function orderedByLanguages(
  names: Map<string, string>,
  languages: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const lang of languages) {
    const name = names.get(lang)
    if (name !== undefined) out[lang] = name
  }
  return out
}

/** `items` in consecutive parts of at most `size` (a query takes at most 65,535 parameters). */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

async function loadNames(db: Db, ids: string[]): Promise<Map<string, Map<string, string>>> {
  const byProduct = new Map<string, Map<string, string>>()
  for (const part of chunks(ids)) {
    const rows = await db.select().from(productNames).where(inArray(productNames.productId, part))
    for (const r of rows) {
      const names = byProduct.get(r.productId) ?? new Map<string, string>()
      names.set(r.language, r.name)
      byProduct.set(r.productId, names)
    }
  }
  return byProduct
}

/**
 * The products' pages with their titles, in order, by product and lot ('' for the product's own). Two queries, not
 * one join: given a few hundred products (an export's batch), Postgres would join by scanning every title of the
 * catalog; by page ID it reads only theirs.
 */
async function loadPages(
  db: Db,
  ids: string[],
  defaults: ReadonlySet<string>,
): Promise<Map<string, Map<string, CatalogPageEntry[]>>> {
  const byProduct = new Map<string, Map<string, CatalogPageEntry[]>>()
  for (const part of chunks(ids)) {
    const pageRows = await db
      .select({
        productId: pages.productId,
        id: pages.id,
        name: pages.name,
        linkType: pages.linkType,
        lot: pages.lot,
        extras: pages.extras,
      })
      .from(pages)
      .where(inArray(pages.productId, part))
      .orderBy(asc(pages.productId), asc(pages.position))
    const titles = new Map<string, (typeof pageTitles.$inferSelect)[]>()
    for (const pageIds of chunks(pageRows.map((r) => r.id))) {
      const rows = await db
        .select()
        .from(pageTitles)
        .where(inArray(pageTitles.pageId, pageIds))
        .orderBy(asc(pageTitles.pageId), asc(pageTitles.position))
      for (const r of rows) {
        const list = titles.get(r.pageId)
        if (list === undefined) titles.set(r.pageId, [r])
        else list.push(r)
      }
    }
    for (const r of pageRows) {
      const own = titles.get(r.id)
      // As an inner join would: a page is listed with its titles (every stored page has one at least).
      if (own === undefined) continue
      const page = newPage(r.name, r.linkType, defaults.has(r.id))
      for (const t of own) {
        page.titles[t.language] = t.title
        if (t.content !== null) page.content = { ...page.content, [t.language]: t.content }
      }
      const lots = byProduct.get(r.productId) ?? new Map<string, CatalogPageEntry[]>()
      const list = lots.get(r.lot) ?? []
      list.push(withExtras(page, r.extras))
      lots.set(r.lot, list)
      byProduct.set(r.productId, lots)
    }
  }
  return byProduct
}
