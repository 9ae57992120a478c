/**
 * One organization's products, one at a time (DESIGN §8): read with an ETag, replace (`If-Match`), delete, list with
 * filters and cursor paging. Products are catalog entries keyed by GTIN: `entries.ts` serves them, as it serves the
 * items of other keys and the prefix rules; these functions take a GTIN in any of its lengths.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/database.ts'
import { organizations, productNames, products } from '../../db/schema.ts'
import { normaliseGtin } from '../../gs1/gtin.ts'
import type { Issue } from '../../gs1/issue.ts'
import type { Actor } from '../audit.ts'
import {
  deleteEntry,
  type EntryFilter,
  type EntrySummary,
  entryEtag,
  getEntry,
  inOrganization,
  listEntries,
  type OrganizationScope,
  PRODUCTS,
  preconditionMessage,
  putEntry,
  relativeToEntry,
} from './entries.ts'
import type { CanonicalProduct } from './rows.ts'

export { noneMatchHolds, type OrganizationScope, preconditionHolds } from './entries.ts'

export interface StoredProductView {
  readonly product: CanonicalProduct
  /** A strong ETag of the product's representation (RFC 9110 §8.8.3). */
  readonly etag: string
}

/** `"…"`: the first 128 bits of the SHA-256 of the product's canonical JSON. */
export function productEtag(product: CanonicalProduct): string {
  return entryEtag(product)
}

/** The organization's product with this GTIN (8, 12, 13 or 14 digits), or null (none, or another's). */
export async function getProduct(
  db: Db | Tx,
  organizationId: string,
  gtin: string,
): Promise<StoredProductView | null> {
  const gtin14 = normaliseGtin(gtin)
  if (gtin14 === null) return null
  const stored = await getEntry(db, PRODUCTS, organizationId, gtin14)
  return stored === null ? null : { product: stored.entry, etag: stored.etag }
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
  const { gtin: _, ...rest } = input
  const result = await putEntry(db, PRODUCTS, { ...rest, id: gtin })
  if (!result.ok) return result
  return { ...result, view: { product: result.view.entry, etag: result.view.etag } }
}

/** Why a conditional change was refused (412), as the answer says it. */
export const PRECONDITION = {
  changed: preconditionMessage('product', 'changed'),
  exists: preconditionMessage('product', 'exists'),
  excluded: preconditionMessage('product', 'excluded'),
} as const

export type DeleteProductResult = 'deleted' | 'not_found' | { readonly precondition: string }

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
  const { gtin: _, ...rest } = input
  return deleteEntry(db, PRODUCTS, { ...rest, id: gtin })
}

export type ProductListItem = EntrySummary<{ gtin: string }>

export type ProductFilter = Omit<EntryFilter, 'key'>

/** One page of the organization's products, by GTIN; `next` is the cursor of the page after it, or null. */
export function listProducts(
  db: Db,
  organizationId: string,
  filter: ProductFilter,
): Promise<{ items: ProductListItem[]; next: string | null }> {
  return listEntries(db, PRODUCTS, organizationId, filter)
}

/** An import error of the one-product file, with its path relative to the product body. */
export const relativeToProduct: (error: Issue) => Issue = relativeToEntry('products')

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
