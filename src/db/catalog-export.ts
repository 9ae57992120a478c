/** Exports one organization's catalog in the import file's shape, every member explicit, in a stable order. */
import { asc, eq, inArray } from 'drizzle-orm'
import type { CatalogFile } from '../catalog/schema.ts'
import { loadProducts } from './catalog-rows.ts'
import type { Db } from './database.ts'
import { brands, organizations, products } from './schema.ts'

/** The organization's catalog, or null when no organization has that slug. */
export async function exportCatalog(db: Db, organizationSlug: string): Promise<CatalogFile | null> {
  const [org] = await db.select().from(organizations).where(eq(organizations.slug, organizationSlug))
  if (org === undefined) return null
  const brandRows = await db
    .select()
    .from(brands)
    .where(eq(brands.organizationId, org.id))
    .orderBy(asc(brands.slug))
  const stored =
    brandRows.length === 0
      ? []
      : await loadProducts(
          db,
          inArray(
            products.brandId,
            brandRows.map((b) => b.id),
          ),
        )
  return {
    organizations: [
      { slug: org.slug, name: org.name, plan: org.plan, subscriptionStatus: org.subscriptionStatus },
    ],
    brands: brandRows.map((b) => ({
      slug: b.slug,
      name: b.name,
      organization: org.slug,
      customDomain: b.customDomain,
      customDomainActive: b.customDomainActive,
    })),
    products: stored.map((p) => p.entry),
  }
}
