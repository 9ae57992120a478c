/** One prepared, single-round-trip query per resolver lookup: a published product with its names, pages and titles. */
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { CatalogPage, CatalogProduct } from '../resolver/catalog.ts'
import type { Db } from './database.ts'
import { brands, products } from './schema.ts'

type PageJson = {
  id: string
  name: string
  linkType: string
  titles: [string, string, string | null][] | null
}

// Names and pages are aggregated in the database so that a cache miss costs one round trip, not three.
const namesJson = sql<[string, string][] | null>`(select json_agg(json_build_array(n.language, n.name))
  from product_names n where n.product_id = ${products.id})`
const pagesJson = sql<PageJson[] | null>`(select json_agg(json_build_object('id', pg.id, 'name', pg.name,
  'linkType', pg.link_type, 'titles', (select json_agg(json_build_array(t.language, t.title, t.content)
  order by t.position) from page_titles t where t.page_id = pg.id)) order by pg.position)
  from pages pg where pg.product_id = ${products.id})`

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
  names: namesJson,
  pages: pagesJson,
}

export interface ProductLookups {
  byGtin(gtin: string): Promise<CatalogProduct | null>
  bySlug(brandSlug: string, productSlug: string): Promise<CatalogProduct | null>
}

/** Prepares the lookups once per database handle. */
export function productLookups(db: Db): ProductLookups {
  const select = (where: SQL | undefined, name: string) =>
    db
      .select(columns)
      .from(products)
      .innerJoin(brands, eq(products.brandId, brands.id))
      .where(where)
      .limit(1)
      .prepare(name)
  const published = eq(products.published, true)
  const byGtin = select(and(eq(products.gtin, sql.placeholder('gtin')), published), 'catalog_by_gtin')
  const bySlug = select(
    and(eq(brands.slug, sql.placeholder('brand')), eq(products.slug, sql.placeholder('product')), published),
    'catalog_by_slug',
  )
  return {
    byGtin: async (gtin) => toProduct((await byGtin.execute({ gtin }))[0]),
    bySlug: async (brand, product) => toProduct((await bySlug.execute({ brand, product }))[0]),
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
  names: [string, string][] | null
  pages: PageJson[] | null
}

function toProduct(row: Row | undefined): CatalogProduct | null {
  if (row === undefined) return null
  const names = new Map(row.names ?? [])
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
    pages: (row.pages ?? []).map((p) => toPage(p, row.defaultPageId)),
  }
}

function toPage(page: PageJson, defaultPageId: string): CatalogPage {
  const titles: Record<string, string> = {}
  const content: Record<string, string> = {}
  for (const [language, title, text] of page.titles ?? []) {
    titles[language] = title
    if (text !== null) content[language] = text
  }
  return { name: page.name, linkType: page.linkType, isDefault: page.id === defaultPageId, titles, content }
}
