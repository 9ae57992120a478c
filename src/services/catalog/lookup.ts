/** One prepared query per resolver lookup: a published product, its brand, and its names and pages as stored for it. */
import { and, eq, or, Placeholder, type SQL, sql } from 'drizzle-orm'
import { candidateIds } from '../../catalog/entry-id.ts'
import type { Database, Db } from '../../db/database.ts'
import { brands, products, type ResolverName, type ResolverPage } from '../../db/schema.ts'
import type { CatalogPage, CatalogProduct } from '../../resolver/catalog.ts'
import { groupLots, withPageExtras } from '../../resolver/page-extras.ts'
import { MOST_SPECIFIC, RULE_ROWS } from './rows.ts'

const columns = {
  gtin: products.gtin,
  productSlug: products.slug,
  defaultLanguage: products.defaultLanguage,
  languages: products.languages,
  defaultPageId: products.defaultPageId,
  brandSlug: brands.slug,
  brandName: brands.name,
  customDomain: brands.customDomain,
  customDomainActive: brands.customDomainActive,
  names: products.resolverNames,
  pages: products.resolverPages,
  organizationId: brands.organizationId,
  published: products.published,
}

export interface ProductLookups {
  /** The product with this GTIN, or null: prefix rules of GTINs are `byKey('01', gtin)`'s (see `hasGtinRules`). */
  byGtin(gtin: string): Promise<CatalogProduct | null>
  /** The entry of another key, else its longest matching prefix rule (DESIGN §12), or null; one query. */
  byKey(key: string, value: string): Promise<CatalogProduct | null>
  bySlug(brandSlug: string, productSlug: string): Promise<CatalogProduct | null>
  /**
   * True when a prefix rule of GTINs is stored (published or not): a GTIN's scan must then ask `byKey`, which finds the
   * product or the rule in one query; without one, `byGtin`'s one-row lookup answers alone. Read off a partial index.
   */
  hasGtinRules(): Promise<boolean>
}

const published = eq(products.published, true)
const gtinIs = and(eq(products.gtin, sql.placeholder('gtin')), published)
/**
 * Any of the identities that may answer a scan of a key (`candidateIds`), the exact entry first, then the longest
 * published rule: an exact entry answers for itself, and unpublished it is not found (`toProduct`), never its rule's.
 */
const idsAre = and(
  sql`${products.gtin} = any(${sql.placeholder('ids')}::text[])`,
  or(published, sql`not (${RULE_ROWS})`),
)
const slugsAre = and(
  eq(brands.slug, sql.placeholder('brand')),
  eq(products.slug, sql.placeholder('product')),
  published,
)

function select(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(products)
    .innerJoin(brands, eq(products.brandId, brands.id))
    .where(where)
    .limit(1)
}

/**
 * A query built by drizzle from the schema, sent through the driver with its placeholders bound by name: drizzle
 * writes the SQL once, and each lookup skips its per-row mapping (a fifth of the objects an uncached resolve
 * allocated). Resolves to the first row's values in the order of `columns`, or undefined.
 */
function compile(database: Database, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL()
  return async (args: Record<string, unknown>) =>
    (
      await database.queryRows(
        text,
        params.map((p) => (p instanceof Placeholder ? args[p.name] : p)),
      )
    )[0]
}

/** The by-GTIN lookup's row, unmapped: all the scale benchmark's floor sends before its bare answer. */
export function byGtinRow(database: Database): (args: { gtin: string }) => Promise<unknown[] | undefined> {
  return compile(database, select(database.db, gtinIs))
}

/** Prepares the lookups once per database handle. */
export function productLookups(database: Database): ProductLookups {
  const byGtin = byGtinRow(database)
  const bySlug = compile(database, select(database.db, slugsAre))
  const byKey = compile(database, select(database.db, idsAre).orderBy(...MOST_SPECIFIC))
  // The predicate is the partial index's, word for word (`products_gtin_rules_idx`), so the planner reads that index.
  const gtinRule = () =>
    database.db
      .select({ gtin: products.gtin })
      .from(products)
      .where(sql`${products.gtin} like '01/%'`)
      .limit(1)
  return {
    byGtin: async (gtin) => toProduct(await byGtin({ gtin })),
    byKey: async (key, value) => toProduct(await byKey({ ids: candidateIds(key, value) })),
    hasGtinRules: async () => (await gtinRule()).length > 0,
    bySlug: async (brand, product) => toProduct(await bySlug({ brand, product })),
  }
}

interface Row {
  gtin: string
  productSlug: string
  defaultLanguage: string
  languages: string[]
  defaultPageId: string
  brandSlug: string
  brandName: string
  customDomain: string | null
  customDomainActive: boolean
  names: ResolverName[]
  pages: ResolverPage[]
  organizationId: string
  published: boolean
}

/** The row's values, in the order of the keys of `columns`. */
function toRow(v: unknown[]): Row {
  return {
    gtin: v[0],
    productSlug: v[1],
    defaultLanguage: v[2],
    languages: v[3],
    defaultPageId: v[4],
    brandSlug: v[5],
    brandName: v[6],
    customDomain: v[7],
    customDomainActive: v[8],
    names: v[9],
    pages: v[10],
    organizationId: v[11],
    published: v[12],
  } as Row
}

function toProduct(values: unknown[] | undefined): CatalogProduct | null {
  if (values === undefined) return null
  const row = toRow(values)
  if (!row.published) return null
  const names = new Map(row.names)
  return {
    gtin: row.gtin,
    brandSlug: row.brandSlug,
    brandName: row.brandName,
    productSlug: row.productSlug,
    customDomain: row.customDomainActive ? row.customDomain : null,
    defaultLanguage: row.defaultLanguage,
    languages: row.languages,
    names: Object.fromEntries(
      row.languages.flatMap((l) => (names.has(l) ? [[l, names.get(l) as string]] : [])),
    ),
    pages: row.pages.filter((p) => p.lot === undefined).map((p) => toPage(p, row.defaultPageId)),
    ...lotsOf(row.pages, row.defaultPageId),
    organizationId: row.organizationId,
  }
}

function lotsOf(pages: readonly ResolverPage[], defaultPageId: string): Pick<CatalogProduct, 'lots'> {
  const lotPages = pages.flatMap((p) =>
    p.lot === undefined ? [] : [{ lot: p.lot, page: toPage(p, defaultPageId) }],
  )
  const lots = groupLots(lotPages)
  return lots === undefined ? {} : { lots }
}

function toPage(page: ResolverPage, defaultPageId: string): CatalogPage {
  const titles: Record<string, string> = {}
  const content: Record<string, string> = {}
  for (const [language, title, text] of page.titles) {
    titles[language] = title
    if (text !== null) content[language] = text
  }
  const base = {
    name: page.name,
    linkType: page.linkType,
    isDefault: page.id === defaultPageId,
    titles,
    content,
  }
  return withPageExtras(base, page.extras)
}
