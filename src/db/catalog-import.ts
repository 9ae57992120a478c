/** Imports a catalog file: validate everything first, then one transaction that writes only what changed. */
import { eq, inArray } from 'drizzle-orm'
import type { CatalogBrand, CatalogOrganization } from '../catalog/schema.ts'
import { type KnownSlugs, type ValidCatalog, validateCatalog } from '../catalog/validate.ts'
import type { Issue } from '../gs1/issue.ts'
import { type CanonicalProduct, canonicalProduct, loadProducts } from './catalog-rows.ts'
import { CATALOG_CHANNEL } from './channels.ts'
import type { Db, Tx } from './database.ts'
import { brands, organizations, pages, pageTitles, productNames, products } from './schema.ts'

export interface ChangeCount {
  created: number
  updated: number
  unchanged: number
}

export interface ImportReport {
  organizations: ChangeCount
  brands: ChangeCount
  products: ChangeCount
  /** Created plus updated, over every kind. */
  changes: number
}

export type ImportResult = { ok: true; report: ImportReport } | { ok: false; errors: Issue[] }

const INSERT_BATCH = 1000

/** Validates `input` against the file format and the database, then upserts it atomically. */
export async function importCatalog(db: Db, input: unknown): Promise<ImportResult> {
  const validation = validateCatalog(input, await knownSlugs(db, input))
  if (!validation.ok) return validation
  const report = await db.transaction(async (tx) => writeCatalog(tx, validation.catalog))
  return { ok: true, report }
}

/** Reads the slugs and domains the file refers to that already exist in the database. */
async function knownSlugs(db: Db, input: unknown): Promise<KnownSlugs> {
  const file = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  const strings = (list: unknown, key: string) =>
    Array.isArray(list) ? list.flatMap((x) => (typeof x?.[key] === 'string' ? [x[key] as string] : [])) : []
  const orgSlugs = strings(file.brands, 'organization')
  const brandSlugs = [...strings(file.products, 'brand'), ...strings(file.brands, 'slug')]
  const domains = strings(file.brands, 'customDomain')
  const [orgRows, brandRows, domainRows] = await Promise.all([
    orgSlugs.length
      ? db
          .select({ slug: organizations.slug })
          .from(organizations)
          .where(inArray(organizations.slug, orgSlugs))
      : [],
    brandSlugs.length
      ? db.select({ slug: brands.slug }).from(brands).where(inArray(brands.slug, brandSlugs))
      : [],
    domains.length
      ? db
          .select({ slug: brands.slug, domain: brands.customDomain })
          .from(brands)
          .where(inArray(brands.customDomain, domains))
      : [],
  ])
  return {
    organizations: new Set(orgRows.map((r) => r.slug)),
    brands: new Set(brandRows.map((r) => r.slug)),
    domains: new Map(domainRows.map((r) => [r.domain ?? '', r.slug])),
  }
}

async function writeCatalog(tx: Tx, catalog: ValidCatalog): Promise<ImportReport> {
  const orgs = await upsertOrganizations(tx, catalog.organizations)
  const brandCount = await upsertBrands(tx, catalog.brands)
  const productCount = await upsertProducts(tx, catalog)
  const changes = [orgs, brandCount, productCount].reduce((n, c) => n + c.created + c.updated, 0)
  if (changes > 0) await tx.execute(`select pg_notify('${CATALOG_CHANNEL}', 'import')`)
  return { organizations: orgs, brands: brandCount, products: productCount, changes }
}

function counter(): ChangeCount {
  return { created: 0, updated: 0, unchanged: 0 }
}

async function upsertOrganizations(tx: Tx, list: readonly CatalogOrganization[]): Promise<ChangeCount> {
  const count = counter()
  if (list.length === 0) return count
  const slugs = list.map((o) => o.slug)
  const existing = new Map(
    (await tx.select().from(organizations).where(inArray(organizations.slug, slugs))).map((r) => [r.slug, r]),
  )
  for (const org of list) {
    const row = existing.get(org.slug)
    if (row === undefined) {
      await tx.insert(organizations).values({
        slug: org.slug,
        name: org.name,
        plan: org.plan ?? 'free',
        subscriptionStatus: org.subscriptionStatus ?? 'active',
      })
      count.created++
      continue
    }
    // Omitted optional members keep the stored value, so a partial file never downgrades a plan.
    const next = {
      name: org.name,
      plan: org.plan ?? row.plan,
      subscriptionStatus: org.subscriptionStatus ?? row.subscriptionStatus,
    }
    if (
      next.name === row.name &&
      next.plan === row.plan &&
      next.subscriptionStatus === row.subscriptionStatus
    ) {
      count.unchanged++
    } else {
      await tx
        .update(organizations)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(organizations.id, row.id))
      count.updated++
    }
  }
  return count
}

async function upsertBrands(tx: Tx, list: readonly CatalogBrand[]): Promise<ChangeCount> {
  const count = counter()
  if (list.length === 0) return count
  const orgIds = new Map(
    (
      await tx
        .select({ id: organizations.id, slug: organizations.slug })
        .from(organizations)
        .where(
          inArray(
            organizations.slug,
            list.map((b) => b.organization),
          ),
        )
    ).map((r) => [r.slug, r.id]),
  )
  const existing = new Map(
    (
      await tx
        .select()
        .from(brands)
        .where(
          inArray(
            brands.slug,
            list.map((b) => b.slug),
          ),
        )
    ).map((r) => [r.slug, r]),
  )
  const nextOf = (brand: CatalogBrand) => {
    const row = existing.get(brand.slug)
    return {
      name: brand.name,
      organizationId: orgIds.get(brand.organization) as string,
      customDomain: brand.customDomain === undefined ? (row?.customDomain ?? null) : brand.customDomain,
      customDomainActive: brand.customDomainActive ?? row?.customDomainActive ?? false,
    }
  }
  // Free the domains that change hands first, so the unique constraint holds at every step.
  for (const brand of list) {
    const row = existing.get(brand.slug)
    if (row?.customDomain && row.customDomain !== nextOf(brand).customDomain) {
      await tx.update(brands).set({ customDomain: null }).where(eq(brands.id, row.id))
    }
  }
  for (const brand of list) {
    const row = existing.get(brand.slug)
    const next = nextOf(brand)
    if (row === undefined) {
      await tx.insert(brands).values({ slug: brand.slug, ...next })
      count.created++
    } else if (
      row.name === next.name &&
      row.organizationId === next.organizationId &&
      row.customDomain === next.customDomain &&
      row.customDomainActive === next.customDomainActive
    ) {
      count.unchanged++
    } else {
      await tx
        .update(brands)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(brands.id, row.id))
      count.updated++
    }
  }
  return count
}

async function upsertProducts(tx: Tx, catalog: ValidCatalog): Promise<ChangeCount> {
  const count = counter()
  if (catalog.products.length === 0) return count
  const wanted = catalog.products.map(canonicalProduct)
  const stored = new Map<string, { id: string; json: string }>()
  for (let i = 0; i < wanted.length; i += 5000) {
    const gtins = wanted.slice(i, i + 5000).map((p) => p.gtin)
    for (const p of await loadProducts(tx, inArray(products.gtin, gtins))) {
      stored.set(p.entry.gtin, { id: p.id, json: JSON.stringify(p.entry) })
    }
  }
  const brandIds = new Map(
    (
      await tx
        .select({ id: brands.id, slug: brands.slug })
        .from(brands)
        .where(inArray(brands.slug, [...new Set(wanted.map((p) => p.brand))]))
    ).map((r) => [r.slug, r.id]),
  )
  const changed: { id: string; product: CanonicalProduct }[] = []
  for (const product of wanted) {
    const current = stored.get(product.gtin)
    if (current !== undefined && current.json === JSON.stringify(product)) {
      count.unchanged++
      continue
    }
    const values = {
      brandId: brandIds.get(product.brand) as string,
      slug: product.slug,
      published: product.published,
      defaultLanguage: product.defaultLanguage,
      languages: product.languages,
    }
    if (current === undefined) {
      changed.push({ id: crypto.randomUUID(), product })
      count.created++
    } else {
      await tx
        .update(products)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(products.id, current.id))
      await tx.delete(pages).where(eq(pages.productId, current.id))
      await tx.delete(productNames).where(eq(productNames.productId, current.id))
      changed.push({ id: current.id, product })
      count.updated++
    }
  }
  await insertProductRows(
    tx,
    changed.filter((c) => !stored.has(c.product.gtin)),
    brandIds,
  )
  await insertChildren(tx, changed)
  return count
}

async function insertProductRows(
  tx: Tx,
  created: { id: string; product: CanonicalProduct }[],
  brandIds: Map<string, string>,
) {
  const rows = created.map(({ id, product }) => ({
    id,
    gtin: product.gtin,
    brandId: brandIds.get(product.brand) as string,
    slug: product.slug,
    published: product.published,
    defaultLanguage: product.defaultLanguage,
    languages: product.languages,
  }))
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await tx.insert(products).values(rows.slice(i, i + INSERT_BATCH))
}

async function insertChildren(tx: Tx, changed: { id: string; product: CanonicalProduct }[]) {
  const nameRows = changed.flatMap(({ id, product }) =>
    Object.entries(product.names).map(([language, name]) => ({ productId: id, language, name })),
  )
  const pageRows: (typeof pages.$inferInsert)[] = []
  const titleRows: (typeof pageTitles.$inferInsert)[] = []
  for (const { id, product } of changed) {
    product.pages.forEach((page, position) => {
      const pageId = crypto.randomUUID()
      pageRows.push({
        id: pageId,
        productId: id,
        name: page.name,
        linkType: page.linkType,
        isDefault: page.default === true,
        position,
      })
      Object.entries(page.titles).forEach(([language, title], i) => {
        titleRows.push({ pageId, language, position: i, title, content: page.content?.[language] ?? null })
      })
    })
  }
  for (let i = 0; i < nameRows.length; i += INSERT_BATCH)
    await tx.insert(productNames).values(nameRows.slice(i, i + INSERT_BATCH))
  for (let i = 0; i < pageRows.length; i += INSERT_BATCH)
    await tx.insert(pages).values(pageRows.slice(i, i + INSERT_BATCH))
  for (let i = 0; i < titleRows.length; i += INSERT_BATCH)
    await tx.insert(pageTitles).values(titleRows.slice(i, i + INSERT_BATCH))
}
