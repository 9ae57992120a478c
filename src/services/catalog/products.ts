/**
 * One organization's products, one at a time (DESIGN §8): read with an ETag, replace (`If-Match`), delete, list with
 * filters and cursor paging. Writes go through the catalog import, so a product has one set of rules however it comes.
 */
import { createHash } from 'node:crypto'
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { CatalogScope } from '../../catalog/validate-scope.ts'
import { CATALOG_CHANNEL } from '../../db/channels.ts'
import type { Db, Tx } from '../../db/database.ts'
import { brands, organizations, productNames, products } from '../../db/schema.ts'
import { normaliseGtin } from '../../gs1/gtin.ts'
import { type Issue, issue } from '../../gs1/issue.ts'
import { type Actor, recordAudit } from '../audit.ts'
import { importInTransaction, lockCatalog } from './import.ts'
import { type CanonicalProduct, loadProducts, PRODUCT_ROWS } from './rows.ts'

/** The organization a product request is for: its ID (for the queries) and its stored values (for the import's scope). */
export interface OrganizationScope extends CatalogScope {
  readonly id: string
}

export interface StoredProductView {
  readonly product: CanonicalProduct
  /** A strong ETag of the product's representation (RFC 9110 §8.8.3). */
  readonly etag: string
}

/** `"…"`: the first 128 bits of the SHA-256 of the product's canonical JSON. */
export function productEtag(product: CanonicalProduct): string {
  return `"${createHash('sha256').update(JSON.stringify(product)).digest('hex').slice(0, 32)}"`
}

/** The organization's product with this GTIN (8, 12, 13 or 14 digits), or null (none, or another's). */
export async function getProduct(
  db: Db | Tx,
  organizationId: string,
  gtin: string,
): Promise<StoredProductView | null> {
  const gtin14 = normaliseGtin(gtin)
  if (gtin14 === null) return null
  const [stored] = await loadProducts(
    db as Db,
    and(eq(products.gtin, gtin14), inOrganization(organizationId)),
  )
  return stored === undefined ? null : { product: stored.entry, etag: productEtag(stored.entry) }
}

export type PutProductResult =
  | { ok: true; status: 'created' | 'updated' | 'unchanged'; view: StoredProductView }
  | { ok: false; reason: 'invalid_gtin' | 'precondition' | 'conflict'; message: string }
  | { ok: false; reason: 'invalid'; errors: Issue[] }

/**
 * Creates or replaces a product with the body (the import format's product; `gtin` may be left out). `ifMatch` (an
 * `If-Match` value) must match the stored ETag, `*` any stored product; a stale one changes nothing.
 */
export async function putProduct(
  db: Db,
  input: {
    scope: OrganizationScope
    gtin: string
    body: unknown
    ifMatch: string | null
    /** `If-None-Match: *`: create only; an existing product is a failed precondition. */
    ifNoneMatch?: string | null
    actor: Actor
  },
): Promise<PutProductResult> {
  const gtin = normaliseGtin(input.gtin)
  if (gtin === null) return invalidGtin(input.gtin)
  const body = input.body
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      reason: 'invalid',
      errors: [issue('Catalog.Schema', null, 'the product must be a JSON object')],
    }
  }
  const entry = body as Record<string, unknown>
  if (entry.gtin !== undefined && (typeof entry.gtin !== 'string' || normaliseGtin(entry.gtin) !== gtin)) {
    const message = `gtin must be the path's GTIN ${gtin} (or be left out)`
    return { ok: false, reason: 'invalid', errors: [issue('Catalog.Mismatch', 'gtin', message)] }
  }
  return db.transaction(async (tx) => {
    await lockCatalog(tx)
    const before = await getProduct(tx, input.scope.id, gtin)
    if (before === null && (await ownedElsewhere(tx, gtin))) {
      return {
        ok: false,
        reason: 'conflict',
        message: `GTIN ${gtin} belongs to another organization`,
      } as const
    }
    const exists = input.ifNoneMatch?.trim() === '*' && before !== null
    if (exists || !preconditionHolds(input.ifMatch, before?.etag ?? null)) {
      return {
        ok: false,
        reason: 'precondition',
        message: exists ? PRECONDITION.exists : PRECONDITION.changed,
      } as const
    }
    const file = { products: [{ ...entry, gtin }] }
    const imported = await importInTransaction(tx, file, {
      actor: input.actor,
      scope: input.scope,
      audit: 'none',
    })
    if (!imported.ok)
      return { ok: false, reason: 'invalid', errors: imported.errors.map(relativeToProduct) } as const
    const after = await getProduct(tx, input.scope.id, gtin)
    if (after === null) throw new Error('the product was written but cannot be read back')
    const status = before === null ? 'created' : before.etag === after.etag ? 'unchanged' : 'updated'
    if (status !== 'unchanged') {
      await recordAudit(tx, {
        organizationId: input.scope.id,
        actor: input.actor,
        action: status === 'created' ? 'product.create' : 'product.update',
        target: { kind: 'product', id: gtin },
        summary: productSummary(before?.product ?? null, after.product),
      })
    }
    return { ok: true, status, view: after } as const
  })
}

/** Why a conditional change was refused (412), as the answer says it. */
export const PRECONDITION = {
  changed: 'the product changed since it was read (If-Match)',
  exists: 'the product exists already (If-None-Match: *)',
  excluded: 'the product exists in a version If-None-Match excludes',
} as const

export type DeleteProductResult =
  | 'deleted'
  | 'not_found'
  | { readonly precondition: (typeof PRECONDITION)['changed' | 'excluded'] }

/** Deletes the organization's product; its links answer 404 on every resolver from then on. */
export async function deleteProduct(
  db: Db,
  input: {
    organizationId: string
    gtin: string
    ifMatch: string | null
    ifNoneMatch?: string | null
    actor: Actor
  },
): Promise<DeleteProductResult> {
  const gtin = normaliseGtin(input.gtin)
  if (gtin === null) return 'not_found'
  return db.transaction(async (tx) => {
    await lockCatalog(tx)
    const before = await getProduct(tx, input.organizationId, gtin)
    if (before === null) return 'not_found'
    if (!preconditionHolds(input.ifMatch, before.etag)) return { precondition: PRECONDITION.changed }
    if (!noneMatchHolds(input.ifNoneMatch ?? null, before.etag))
      return { precondition: PRECONDITION.excluded }
    await tx.delete(products).where(eq(products.gtin, gtin))
    await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, 'product')`)
    await recordAudit(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: 'product.delete',
      target: { kind: 'product', id: gtin },
      summary: productSummary(before.product, null),
    })
    return 'deleted'
  })
}

export interface ProductListItem {
  readonly gtin: string
  readonly brand: string
  readonly slug: string
  readonly published: boolean
  readonly defaultLanguage: string
  readonly languages: readonly string[]
  /** The name in the default language, or null when the product has none. */
  readonly name: string | null
  readonly updatedAt: string
}

export interface ProductFilter {
  readonly brand?: string
  readonly published?: boolean
  /** Matches the GTIN's digits from the start, or part of the slug or of a name, in any letter case. */
  readonly q?: string
  /** The last GTIN of the previous page. */
  readonly after?: string
  readonly limit: number
}

/** One page of the organization's products, by GTIN; `next` is the cursor of the page after it, or null. */
export async function listProducts(
  db: Db,
  organizationId: string,
  filter: ProductFilter,
): Promise<{ items: ProductListItem[]; next: string | null }> {
  const conditions: SQL[] = [eq(brands.organizationId, organizationId), PRODUCT_ROWS]
  if (filter.brand !== undefined) conditions.push(eq(brands.slug, filter.brand))
  if (filter.published !== undefined) conditions.push(eq(products.published, filter.published))
  if (filter.after !== undefined) conditions.push(gt(products.gtin, filter.after))
  const q = filter.q?.trim()
  if (q !== undefined && q !== '') conditions.push(matching(q))
  const rows = await db
    .select({
      gtin: products.gtin,
      brand: brands.slug,
      slug: products.slug,
      published: products.published,
      defaultLanguage: products.defaultLanguage,
      languages: products.languages,
      name: sql<string | null>`(select ${productNames.name} from ${productNames}
        where ${productNames.productId} = ${products.id} and ${productNames.language} = ${products.defaultLanguage})`,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(...conditions))
    .orderBy(asc(products.gtin))
    .limit(filter.limit + 1)
  const items = rows.slice(0, filter.limit).map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }))
  return { items, next: rows.length > filter.limit ? (items.at(-1)?.gtin ?? null) : null }
}

/** A search term: GTIN digits from the start (a GTIN-13 typed without its leading zero too), slug or name parts. */
function matching(q: string): SQL {
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const tests: SQL[] = [sql`${products.searchText} like ${like}`]
  if (/^\d{1,14}$/.test(q)) {
    // A GTIN-13 (the digits under an EAN barcode) is stored with a leading zero; a whole GTIN of any length matches.
    tests.push(sql`${products.gtin} like ${`${q}%`}`, sql`${products.gtin} like ${`0${q}%`}`)
    const whole = normaliseGtin(q)
    if (whole !== null) tests.push(eq(products.gtin, whole))
  }
  return or(...tests) as SQL
}

function inOrganization(organizationId: string): SQL {
  return sql`${products.brandId} in (select ${brands.id} from ${brands} where ${brands.organizationId} = ${organizationId})`
}

async function ownedElsewhere(tx: Tx, gtin: string): Promise<boolean> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.gtin, gtin))
  return row !== undefined
}

/** True when a list of entity tags (`*`, or `"a", W/"b"`) names `etag`; `weak` compares without the `W/` mark. */
function namesTag(list: string, etag: string, weak: boolean): boolean {
  return list.split(',').some((candidate) => {
    const tag = weak ? candidate.trim().replace(/^W\//, '') : candidate.trim()
    return tag === '*' || tag === etag
  })
}

/** RFC 9110 §13.1.2: false when `*` is sent and the product exists, or one of the listed tags is its ETag. */
export function noneMatchHolds(ifNoneMatch: string | null, etag: string): boolean {
  return ifNoneMatch === null || !namesTag(ifNoneMatch, etag, true)
}

/** RFC 9110 §13.1.1: `*` matches any current representation; otherwise one of the listed strong ETags. */
export function preconditionHolds(ifMatch: string | null, etag: string | null): boolean {
  if (ifMatch === null) return true
  return etag !== null && namesTag(ifMatch, etag, false)
}

/** An import error of the one-product file, with its path relative to the product body. */
export function relativeToProduct(error: Issue): Issue {
  const path = error.path?.startsWith('products[0]')
    ? error.path.slice('products[0]'.length).replace(/^\./, '')
    : error.path
  return { ...error, path: path === '' ? null : (path ?? null) }
}

/** What the audit log keeps of a product change: its identity, and what differs. */
function productSummary(
  before: CanonicalProduct | null,
  after: CanonicalProduct | null,
): Record<string, unknown> {
  const fields = ['brand', 'slug', 'published', 'defaultLanguage', 'languages', 'names', 'pages'] as const
  if (before === null || after === null) {
    const p = (after ?? before) as CanonicalProduct
    return { brand: p.brand, slug: p.slug, published: p.published }
  }
  const changed = fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
  const summary: Record<string, unknown> = { changed: changed.join(', ') }
  if (before.published !== after.published) {
    summary.before = before.published ? 'published' : 'unpublished'
    summary.after = after.published ? 'published' : 'unpublished'
  }
  return summary
}

function invalidGtin(value: string) {
  const message = `'${value.slice(0, 20)}' is not a GTIN of 8, 12, 13 or 14 digits with a valid check digit`
  return { ok: false, reason: 'invalid_gtin', message } as const
}

/** The organization's scope for the catalog service, by ID (an API client's token names its organization by ID). */
export async function findOrganizationScope(
  db: Db,
  organizationId: string,
): Promise<OrganizationScope | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId))
  if (row === undefined) return null
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    plan: row.plan,
    subscriptionStatus: row.subscriptionStatus,
  }
}

/** The names (in their default language) of the organization's products with these GTINs. */
export async function productNamesOf(
  db: Db,
  organizationId: string,
  gtins: readonly string[],
): Promise<Map<string, string>> {
  if (gtins.length === 0) return new Map()
  const rows = await db
    .select({
      gtin: products.gtin,
      name: sql<string | null>`(select ${productNames.name} from ${productNames}
        where ${productNames.productId} = ${products.id} and ${productNames.language} = ${products.defaultLanguage})`,
    })
    .from(products)
    .where(and(inArray(products.gtin, [...gtins]), inOrganization(organizationId)))
  return new Map(rows.flatMap((r) => (r.name === null ? [] : [[r.gtin, r.name]])))
}
