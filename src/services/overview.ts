/** The counts of an organization's Overview page, in one round trip. */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { organizations } from '../db/schema.ts'
import { PRODUCT_ROWS } from './catalog/rows.ts'

export interface OrganizationCounts {
  readonly brands: number
  readonly products: number
  readonly publishedProducts: number
  readonly activeClients: number
  readonly blockedClients: number
  readonly members: number
}

export async function organizationCounts(db: Db, organizationId: string): Promise<OrganizationCounts | null> {
  const id = sql`${organizationId}::uuid`
  // Products by GTIN only: items and prefix rules of other keys share the table (src/catalog/entry-id.ts).
  const products = sql`products join brands on brands.id = products.brand_id where brands.organization_id = ${id} and ${PRODUCT_ROWS}`
  const count = (from: ReturnType<typeof sql>) => sql<number>`(select count(*)::int from ${from})`
  const [row] = await db
    .select({
      brands: count(sql`brands where organization_id = ${id}`),
      products: count(products),
      publishedProducts: count(sql`${products} and products.published`),
      activeClients: count(sql`api_clients where organization_id = ${id} and not blocked`),
      blockedClients: count(sql`api_clients where organization_id = ${id} and blocked`),
      members: count(sql`memberships where organization_id = ${id}`),
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row ?? null
}
