/** Imports a catalog file in one transaction: validate it against what is stored, then write only what changed. */
import { eq, inArray, sql } from 'drizzle-orm'
import { productSlugKey } from '../../catalog/duplicates.ts'
import { entryId, isGtinEntry, isRuleEntry, ruleId } from '../../catalog/entry-id.ts'
import type { CatalogBrand, CatalogOrganization, CatalogPageEntry } from '../../catalog/schema.ts'
import { type KnownSlugs, shapeIssues, type ValidCatalog, validateCatalog } from '../../catalog/validate.ts'
import { type CatalogScope, scopedActivation } from '../../catalog/validate-scope.ts'
import { catalogWarnings } from '../../catalog/warnings.ts'
import { ADVISORY_LOCKS } from '../../db/advisory-locks.ts'
import { CATALOG_CHANNEL, CLIENTS_CHANNEL } from '../../db/channels.ts'
import type { Db, Tx } from '../../db/database.ts'
import {
  brands,
  organizations,
  pages,
  pageTitles,
  productNames,
  products,
  type ResolverPage,
} from '../../db/schema.ts'
import { normaliseGtin } from '../../gs1/gtin.ts'
import type { Issue } from '../../gs1/issue.ts'
import { type Actor, CLI_ACTOR, recordAudit } from '../audit.ts'
import { allPrefixOwners, changePrefixes, lockCompanyPrefixes } from './company-prefixes.ts'
import { type CanonicalProduct, canonicalProduct, chunks, loadProducts, pageExtras } from './rows.ts'

export interface ChangeCount {
  created: number
  updated: number
  unchanged: number
}

export interface ImportReport {
  organizations: ChangeCount
  brands: ChangeCount
  /** Entries of GTINs (the file's `products`). */
  products: ChangeCount
  /** Entries of the other keys (`items`). */
  items: ChangeCount
  /** Prefix rules (`rules`). */
  rules: ChangeCount
  /** Created plus updated, over every kind. */
  changes: number
  /** What visitors would find wanting, imported all the same (`src/catalog/warnings.ts`). */
  warnings: Issue[]
}

export type ImportResult = { ok: true; report: ImportReport } | { ok: false; errors: Issue[] }

/** Who imports, for which organization, and whether to write at all. */
export interface ImportOptions {
  readonly actor: Actor
  /** The one organization the import may change (API and dashboard); absent: an operator's import of any. */
  readonly scope?: CatalogScope
  /** Validate and count what would change, then roll everything back (`POST /catalog/import?dryRun=true`). */
  readonly dryRun?: boolean
  /** `catalog.import` events (the default), or none when the caller records a finer one (a product's PUT). */
  readonly audit?: 'import' | 'none'
  /** The service's own hosts (`serviceHosts` of the configuration), refused as custom domains; absent: not checked. */
  readonly serviceHosts?: ReadonlyMap<string, string>
}

/** An operator's import (the CLI's): any organization, audited as the CLI. */
export const OPERATOR_IMPORT: ImportOptions = { actor: CLI_ACTOR }

/** Thrown inside a dry run's transaction to roll it back after counting; carries the report out. */
class DryRunRollback extends Error {
  override name = 'DryRunRollback'
  constructor(readonly report: ImportReport) {
    super('dry run')
  }
}

const INSERT_BATCH = 1000

/**
 * Validates `input` against the file format and the database, then upserts it, in one transaction. Imports queue
 * on a transaction lock, so what a file is checked against (who owns a GTIN, a slug, a domain) cannot change
 * before it is written: two imports at once could otherwise each pass and together move a product.
 */
export async function importCatalog(
  db: Db,
  input: unknown,
  options: ImportOptions = OPERATOR_IMPORT,
): Promise<ImportResult> {
  try {
    const result = await db.transaction((tx) => importInTransaction(tx, input, options))
    if (result.ok && result.report.changes >= ANALYZE_AFTER) await refreshStatistics(db)
    return result
  } catch (error) {
    if (error instanceof DryRunRollback) return { ok: true, report: error.report }
    throw error
  }
}

/**
 * Changes past which an import refreshes the planner's statistics at once. Autovacuum would a minute or so later;
 * until then a catalog that grew from nothing is planned as empty, and a page of the product list takes 30 ms
 * instead of 0.5 at 100,000 products.
 */
const ANALYZE_AFTER = 1000

/** How long one statement of an import may run, its wait for the catalog's lock included. */
export const IMPORT_STATEMENT_TIMEOUT_MS = 120_000

async function refreshStatistics(db: Db): Promise<void> {
  try {
    await db.execute(sql`analyze brands, products, product_names, pages, page_titles`)
  } catch {
    // The import is committed; stale statistics only make queries slower until autovacuum catches up.
  }
}

/**
 * The import inside a caller's transaction (which may check more under the same lock first, as a product's
 * `If-Match`). A dry run throws to roll the transaction back, so only {@link importCatalog} may ask for one.
 */
export async function importInTransaction(
  tx: Tx,
  input: unknown,
  options: ImportOptions,
): Promise<ImportResult> {
  // An import queues on the catalog's lock behind others and writes thousands of rows: the pool's statement timeout
  // (seconds, for requests) would turn a wait in that queue into a failure. Imports are budgeted per client instead.
  await tx.execute(sql.raw(`set local statement_timeout = ${IMPORT_STATEMENT_TIMEOUT_MS}`))
  await lockCatalog(tx)
  const shape = shapeIssues(input)
  if (shape.length > 0) return { ok: false, errors: shape }
  // Checked against the recorded prefixes and written with them, as the CLI's `org prefix add` is.
  if (listsPrefixes(input)) await lockCompanyPrefixes(tx)
  const stored = await knownSlugs(tx, input)
  const known =
    options.serviceHosts === undefined ? stored : { ...stored, serviceHosts: options.serviceHosts }
  // Scoped to one organization (API, dashboard), its rules are checked with the file's others: every error at once.
  const validation = validateCatalog(input, known, options.scope)
  if (!validation.ok) return validation
  const catalog =
    options.scope === undefined ? validation.catalog : scopedActivation(validation.catalog, known)
  const report = await writeCatalog(tx, catalog, known, {
    audit: options.audit === 'none' ? null : options.actor,
    // Prefixes are the operator's: a scoped import may only repeat them (`Catalog.Scope`), and never writes them.
    prefixes: options.scope === undefined ? options.actor : null,
  })
  if (options.dryRun === true) throw new DryRunRollback(report)
  return { ok: true, report }
}

/** Catalog writes queue on one transaction lock (imports, a product's PUT or DELETE); re-entrant in a transaction. */
export async function lockCatalog(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.catalogImport})`)
}

/** Reads the slugs, domains and product slugs the file refers to that already exist in the database. */
async function knownSlugs(db: Db | Tx, input: unknown): Promise<KnownSlugs> {
  const file = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  const strings = (list: unknown, key: string) =>
    Array.isArray(list) ? list.flatMap((x) => (typeof x?.[key] === 'string' ? [x[key] as string] : [])) : []
  // Each list once per value and in chunks: a file of 100,000 products names one brand 100,000 times, and a
  // query takes at most 65,535 parameters.
  const distinct = (...lists: string[][]) => [...new Set(lists.flat())]
  const orgSlugs = distinct(strings(file.brands, 'organization'), strings(file.organizations, 'slug'))
  const brandSlugs = distinct(
    strings(file.products, 'brand'),
    strings(file.items, 'brand'),
    strings(file.rules, 'brand'),
    strings(file.brands, 'slug'),
  )
  const domains = distinct(strings(file.brands, 'customDomain'))
  const productSlugs = distinct(
    strings(file.products, 'slug'),
    strings(file.items, 'slug'),
    strings(file.rules, 'slug'),
  )
  // Entries of other keys and prefix rules are stored under their identity beside the GTINs (DESIGN §12).
  const ids = (list: unknown, field: string, id: (key: string, value: string) => string) =>
    Array.isArray(list)
      ? list.flatMap((i) =>
          typeof i?.key === 'string' && typeof i?.[field] === 'string' ? [id(i.key, i[field])] : [],
        )
      : []
  const itemIds = [...ids(file.items, 'value', entryId), ...ids(file.rules, 'prefix', ruleId)]
  const gtins = distinct(
    strings(file.products, 'gtin').flatMap((g) => normaliseGtin(g) ?? []),
    itemIds,
  )
  const [orgRows, brandRows, domainRows, productRows, ownerRows] = await Promise.all([
    inParts(orgSlugs, (part) =>
      db.select({ slug: organizations.slug }).from(organizations).where(inArray(organizations.slug, part)),
    ),
    inParts(brandSlugs, (part) =>
      db
        .select({
          slug: brands.slug,
          domain: brands.customDomain,
          active: brands.customDomainActive,
          organization: organizations.slug,
        })
        .from(brands)
        .innerJoin(organizations, eq(brands.organizationId, organizations.id))
        .where(inArray(brands.slug, part)),
    ),
    inParts(domains, (part) =>
      db
        .select({ slug: brands.slug, domain: brands.customDomain })
        .from(brands)
        .where(inArray(brands.customDomain, part)),
    ),
    inParts(productSlugs, (part) =>
      db
        .select({ brand: brands.slug, slug: products.slug, gtin: products.gtin })
        .from(products)
        .innerJoin(brands, eq(products.brandId, brands.id))
        .where(inArray(products.slug, part)),
    ),
    inParts(gtins, (part) =>
      db
        .select({ gtin: products.gtin, brand: brands.slug, organization: organizations.slug })
        .from(products)
        .innerJoin(brands, eq(products.brandId, brands.id))
        .innerJoin(organizations, eq(brands.organizationId, organizations.id))
        .where(inArray(products.gtin, part)),
    ),
  ])
  // Every recorded prefix: an entry must stay within its organization's and out of every other organization's.
  const owners = await allPrefixOwners(db)
  const prefixes = new Map<string, string[]>()
  for (const [prefix, slug] of [...owners].sort(([a], [b]) => (a < b ? -1 : 1)))
    prefixes.set(slug, [...(prefixes.get(slug) ?? []), prefix])
  return {
    companyPrefixes: prefixes,
    prefixOwners: owners,
    organizations: new Set(orgRows.map((r) => r.slug)),
    brands: new Set(brandRows.map((r) => r.slug)),
    domains: new Map(domainRows.map((r) => [r.domain ?? '', r.slug])),
    productSlugs: new Map(productRows.map((r) => [productSlugKey(r), r.gtin])),
    brandDomains: new Map(brandRows.flatMap((r) => (r.domain === null ? [] : [[r.slug, r.domain]]))),
    activeBrandDomains: new Set(brandRows.flatMap((r) => (r.domain !== null && r.active ? [r.slug] : []))),
    brandOrganizations: new Map(brandRows.map((r) => [r.slug, r.organization])),
    productOwners: new Map(ownerRows.map((r) => [r.gtin, { brand: r.brand, organization: r.organization }])),
  }
}

/** True when the file gives an organization a list of GS1 Company Prefixes (the shape already checked). */
function listsPrefixes(input: unknown): boolean {
  const organizations = (input as { organizations?: { companyPrefixes?: unknown }[] }).organizations ?? []
  return organizations.some((o) => o.companyPrefixes !== undefined)
}

/** Runs `query` over `values` in parts of 5,000 and joins the rows; no query for no values. */
async function inParts<R>(values: string[], query: (part: string[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = []
  for (const part of chunks(values, 5000)) rows.push(...(await query(part)))
  return rows
}

/** Who the audit log names: for the import's event (null: the caller records its own), and for prefix changes. */
interface WriteActors {
  readonly audit: Actor | null
  /** Who changes GS1 Company Prefixes, always audited; null: the import writes none (a scoped one). */
  readonly prefixes: Actor | null
}

async function writeCatalog(
  tx: Tx,
  catalog: ValidCatalog,
  known: KnownSlugs,
  actors: WriteActors,
): Promise<ImportReport> {
  const actor = actors.audit
  const changed = new Map<string, Changed>()
  const tally = (org: string | undefined, kind: keyof Changed) => {
    if (org === undefined) return
    const entry = changed.get(org) ?? { brands: 0, products: 0, items: 0, rules: 0, organization: 0 }
    entry[kind]++
    changed.set(org, entry)
  }
  const brandOrganization = new Map(known.brandOrganizations)
  for (const b of catalog.brands) brandOrganization.set(b.slug, b.organization)
  const orgs = await upsertOrganizations(tx, catalog.organizations, known, actors.prefixes, (slug) =>
    tally(slug, 'organization'),
  )
  const brandCount = await upsertBrands(tx, catalog.brands, (b) => tally(b.organization, 'brands'))
  const entryCounts = await upsertProducts(tx, catalog, (brand, kind) =>
    tally(brandOrganization.get(brand), kind),
  )
  const changes = [orgs, brandCount, ...Object.values(entryCounts)].reduce(
    (n, c) => n + c.created + c.updated,
    0,
  )
  if (changes > 0) await tx.execute(`select pg_notify('${CATALOG_CHANNEL}', 'import')`)
  // A changed plan or subscription status changes what the organization's API clients may do.
  if (orgs.updated > 0) await tx.execute(`select pg_notify('${CLIENTS_CHANNEL}', 'import')`)
  if (actor !== null) await auditImport(tx, changed, actor)
  const warnings = catalogWarnings(catalog.products, catalog)
  return { organizations: orgs, brands: brandCount, ...entryCounts, changes, warnings }
}

/** What an import changed in one organization, for its audit event. */
interface Changed {
  brands: number
  products: number
  items: number
  rules: number
  organization: number
}

type EntryKind = 'products' | 'items' | 'rules'

/** Which of the file's lists a stored entry comes from. */
function kindOf(id: string): EntryKind {
  if (isRuleEntry(id)) return 'rules'
  return isGtinEntry(id) ? 'products' : 'items'
}

/** One `catalog.import` event per organization the import changed, with what changed in it. */
async function auditImport(tx: Tx, changed: ReadonlyMap<string, Changed>, actor: Actor): Promise<void> {
  if (changed.size === 0) return
  const ids = await tx
    .select({ id: organizations.id, slug: organizations.slug })
    .from(organizations)
    .where(inArray(organizations.slug, [...changed.keys()]))
  for (const { id, slug } of ids) {
    const counts = changed.get(slug)
    if (counts === undefined) continue
    await recordAudit(tx, {
      organizationId: id,
      actor,
      action: 'catalog.import',
      target: { kind: 'catalog', id: slug },
      summary: {
        'brands changed': counts.brands,
        'products changed': counts.products,
        ...(counts.items > 0 ? { 'items changed': counts.items } : {}),
        ...(counts.rules > 0 ? { 'rules changed': counts.rules } : {}),
        ...(counts.organization > 0 ? { organization: 'changed' } : {}),
      },
    })
  }
}

/** True when the stored row already holds every value of `next`. */
function unchanged<T extends object>(next: T, row: T): boolean {
  return (Object.keys(next) as (keyof T)[]).every((key) => next[key] === row[key])
}

function counter(): ChangeCount {
  return { created: 0, updated: 0, unchanged: 0 }
}

async function upsertOrganizations(
  tx: Tx,
  list: readonly CatalogOrganization[],
  known: KnownSlugs,
  prefixActor: Actor | null,
  onChange: (slug: string) => void,
): Promise<ChangeCount> {
  const count = counter()
  if (list.length === 0) return count
  const slugs = list.map((o) => o.slug)
  const existing = new Map(
    (await tx.select().from(organizations).where(inArray(organizations.slug, slugs))).map((r) => [r.slug, r]),
  )
  // A scoped import writes no prefix (`WriteActors.prefixes`).
  const prefixChanges = prefixChangesOf(prefixActor === null ? [] : list, known)
  const writePrefixes = async (id: string, slug: string, part: 'removed' | 'added') => {
    const change = prefixChanges.get(slug)
    if (change === undefined || prefixActor === null) return
    const only =
      part === 'removed' ? { removed: change.removed, added: [] } : { removed: [], added: change.added }
    await changePrefixes(tx, { id, slug }, only, prefixActor)
  }
  // Every organization's removals first: a prefix may move from one to another in the same file.
  for (const org of list) {
    const row = existing.get(org.slug)
    if (row !== undefined) await writePrefixes(row.id, org.slug, 'removed')
  }
  for (const org of list) {
    const row = existing.get(org.slug)
    if (row === undefined) {
      const [created] = await tx
        .insert(organizations)
        .values({
          slug: org.slug,
          name: org.name,
          plan: org.plan ?? 'free',
          subscriptionStatus: org.subscriptionStatus ?? 'active',
        })
        .returning({ id: organizations.id })
      if (created !== undefined) await writePrefixes(created.id, org.slug, 'added')
      count.created++
      onChange(org.slug)
      continue
    }
    await writePrefixes(row.id, org.slug, 'added')
    const change = prefixChanges.get(org.slug)
    const prefixesChanged = change !== undefined && change.removed.length + change.added.length > 0
    // Omitted optional members keep the stored value, so a partial file never downgrades a plan.
    const next = {
      name: org.name,
      plan: org.plan ?? row.plan,
      subscriptionStatus: org.subscriptionStatus ?? row.subscriptionStatus,
    }
    if (unchanged(next, row) && !prefixesChanged) {
      count.unchanged++
    } else {
      await tx
        .update(organizations)
        .set({ ...next, updatedAt: sql`now()` })
        .where(eq(organizations.id, row.id))
      count.updated++
      onChange(org.slug)
    }
  }
  return count
}

/**
 * What each organization's `companyPrefixes` changes of its recorded prefixes, as read under the prefixes' lock before
 * validation: those it gives up and those it takes.
 */
function prefixChangesOf(
  list: readonly CatalogOrganization[],
  known: KnownSlugs,
): Map<string, { removed: string[]; added: string[] }> {
  const changes = new Map<string, { removed: string[]; added: string[] }>()
  for (const org of list) {
    const listed = org.companyPrefixes
    if (listed === undefined) continue
    const held = known.companyPrefixes?.get(org.slug) ?? []
    changes.set(org.slug, {
      removed: held.filter((p) => !listed.includes(p)),
      added: [...new Set(listed)].filter((p) => !held.includes(p)),
    })
  }
  return changes
}

async function upsertBrands(
  tx: Tx,
  list: readonly CatalogBrand[],
  onChange: (brand: CatalogBrand) => void,
): Promise<ChangeCount> {
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
    const customDomain = brand.customDomain === undefined ? (row?.customDomain ?? null) : brand.customDomain
    return {
      name: brand.name,
      organizationId: orgIds.get(brand.organization) as string,
      customDomain,
      // No domain, nothing active: a stored flag kept beside a removed domain would export a file that
      // validation refuses.
      customDomainActive:
        customDomain === null ? false : (brand.customDomainActive ?? row?.customDomainActive ?? false),
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
      onChange(brand)
    } else if (unchanged(next, row)) {
      count.unchanged++
    } else {
      await tx
        .update(brands)
        .set({ ...next, updatedAt: sql`now()` })
        .where(eq(brands.id, row.id))
      count.updated++
      onChange(brand)
    }
  }
  return count
}

async function upsertProducts(
  tx: Tx,
  catalog: ValidCatalog,
  onChange: (brand: string, kind: EntryKind) => void,
): Promise<Record<EntryKind, ChangeCount>> {
  const counts = { products: counter(), items: counter(), rules: counter() }
  if (catalog.products.length === 0) return counts
  const wanted = catalog.products.map(canonicalProduct)
  const stored = new Map<string, { id: string; json: string; key: string }>()
  for (const part of chunks(wanted, 5000)) {
    for (const p of await loadProducts(
      tx,
      inArray(
        products.gtin,
        part.map((w) => w.gtin),
      ),
    )) {
      stored.set(p.entry.gtin, { id: p.id, json: JSON.stringify(p.entry), key: productSlugKey(p.entry) })
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
  const changed: PlannedProduct[] = []
  for (const product of wanted) {
    const current = stored.get(product.gtin)
    const kind = kindOf(product.gtin)
    const count = counts[kind]
    if (current !== undefined && current.json === JSON.stringify(product)) count.unchanged++
    else {
      changed.push(plan(current?.id ?? crypto.randomUUID(), product, brandIds))
      if (current === undefined) count.created++
      else count.updated++
      onChange(product.brand, kind)
    }
  }
  const replaced = changed.filter((c) => stored.has(c.product.gtin)).map((c) => c.row.id)
  for (const part of chunks(replaced, INSERT_BATCH)) {
    await tx.delete(pages).where(inArray(pages.productId, part))
    await tx.delete(productNames).where(inArray(productNames.productId, part))
  }
  await freeMovedSlugs(tx, changed, stored)
  for (const part of chunks(changed, INSERT_BATCH)) {
    await tx
      .insert(products)
      .values(part.map((c) => c.row))
      .onConflictDoUpdate({
        target: products.gtin,
        set: {
          brandId: sql`excluded.brand_id`,
          slug: sql`excluded.slug`,
          published: sql`excluded.published`,
          defaultLanguage: sql`excluded.default_language`,
          languages: sql`excluded.languages`,
          defaultPageId: sql`excluded.default_page_id`,
          resolverNames: sql`excluded.resolver_names`,
          resolverPages: sql`excluded.resolver_pages`,
          searchText: sql`excluded.search_text`,
          updatedAt: sql`now()`,
        },
      })
  }
  for (const part of chunks(
    changed.flatMap((c) => c.names),
    INSERT_BATCH,
  ))
    await tx.insert(productNames).values(part)
  for (const part of chunks(
    changed.flatMap((c) => c.pages),
    INSERT_BATCH,
  ))
    await tx.insert(pages).values(part)
  for (const part of chunks(
    changed.flatMap((c) => c.titles),
    INSERT_BATCH,
  ))
    await tx.insert(pageTitles).values(part)
  return counts
}

/**
 * Gives every stored product that changes slug or brand a placeholder slug first, so that slugs may change hands
 * within one file (a hand-over, a swap) while the unique index holds at every step. The placeholder (`~` and the
 * product's ID) is no valid slug, so it never clashes; the upsert then writes the final slug.
 */
async function freeMovedSlugs(
  tx: Tx,
  changed: readonly PlannedProduct[],
  stored: ReadonlyMap<string, { key: string }>,
): Promise<void> {
  const moved = changed.flatMap((c) => {
    const before = stored.get(c.product.gtin)
    return before !== undefined && before.key !== productSlugKey(c.product) ? [c.row.id] : []
  })
  for (const part of chunks(moved, INSERT_BATCH)) {
    await tx
      .update(products)
      .set({ slug: sql`'~' || ${products.id}` })
      .where(inArray(products.id, part))
  }
}

/** What the catalog search looks in: the slug and every name, lower case, one per line. */
export function productSearchText(slug: string, names: readonly string[]): string {
  return [slug, ...names].join('\n').toLowerCase()
}

/** The rows that represent one product, with fresh page IDs. */
interface PlannedProduct {
  product: CanonicalProduct
  row: typeof products.$inferInsert & { id: string }
  names: (typeof productNames.$inferInsert)[]
  pages: (typeof pages.$inferInsert)[]
  titles: (typeof pageTitles.$inferInsert)[]
}

function plan(id: string, product: CanonicalProduct, brandIds: Map<string, string>): PlannedProduct {
  const pageRows: (typeof pages.$inferInsert)[] = []
  const titles: (typeof pageTitles.$inferInsert)[] = []
  const resolverPages: ResolverPage[] = []
  let defaultPageId = ''
  const add = (page: CatalogPageEntry, lot: string) => {
    const pageId = crypto.randomUUID()
    if (page.default === true && lot === '') defaultPageId = pageId
    const extras = pageExtras(page)
    const position = pageRows.length
    pageRows.push({
      id: pageId,
      productId: id,
      name: page.name,
      linkType: page.linkType,
      position,
      lot,
      extras,
    })
    const resolverPage: ResolverPage = { id: pageId, name: page.name, linkType: page.linkType, titles: [] }
    if (lot !== '') resolverPage.lot = lot
    if (extras !== null) resolverPage.extras = extras
    Object.entries(page.titles).forEach(([language, title], i) => {
      const content = page.content?.[language] ?? null
      titles.push({ pageId, language, position: i, title, content })
      resolverPage.titles.push([language, title, content])
    })
    resolverPages.push(resolverPage)
  }
  for (const page of product.pages) add(page, '')
  for (const [lot, entry] of Object.entries(product.lots ?? {}))
    for (const page of entry.pages) add(page, lot)
  const names = Object.entries(product.names)
  return {
    product,
    row: {
      id,
      gtin: product.gtin,
      brandId: brandIds.get(product.brand) as string,
      slug: product.slug,
      published: product.published,
      defaultLanguage: product.defaultLanguage,
      languages: product.languages,
      defaultPageId,
      resolverNames: names,
      resolverPages,
      searchText: productSearchText(
        product.slug,
        names.map(([, name]) => name),
      ),
    },
    names: names.map(([language, name]) => ({ productId: id, language, name })),
    pages: pageRows,
    titles,
  }
}
