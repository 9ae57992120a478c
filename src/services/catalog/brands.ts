/** Brands of an organization and their custom domains: requested by the brand (dashboard), activated by an operator (CLI). */
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm'
import { isCustomDomain } from '../../catalog/validate-brands.ts'
import { CATALOG_CHANNEL } from '../../db/channels.ts'
import type { Db, Tx } from '../../db/database.ts'
import { brands, organizations, products } from '../../db/schema.ts'
import { ownHostProblem, type ServiceHosts } from '../../security/service-hosts.ts'
import { type Actor, recordAudit } from '../audit.ts'
import type { Refusal } from '../people/users.ts'

export interface BrandRef {
  readonly slug: string
  readonly name: string
  readonly customDomain: string | null
  readonly customDomainActive: boolean
}

export interface BrandSummary extends BrandRef {
  readonly products: number
}

/** The columns of a {@link BrandRef}. */
const BRAND_REF = {
  slug: brands.slug,
  name: brands.name,
  customDomain: brands.customDomain,
  customDomainActive: brands.customDomainActive,
}

/** The organization's brands by name, without counting their products (cheap at any catalog size). */
export async function brandRefs(db: Db, organizationId: string): Promise<BrandRef[]> {
  return db
    .select(BRAND_REF)
    .from(brands)
    .where(eq(brands.organizationId, organizationId))
    .orderBy(asc(brands.name), asc(brands.slug))
}

/**
 * Whether the organization (by slug) owns the brand (by slug): `ok`, or which of the two is missing. For an
 * import that adds products to one existing brand (`catalog import --from gs1-resolver-ce`).
 */
export async function brandOfOrganization(
  db: Db,
  organizationSlug: string,
  brandSlug: string,
): Promise<'ok' | 'no_organization' | 'no_brand'> {
  const [row] = await db
    .select({ brand: brands.slug })
    .from(organizations)
    .leftJoin(brands, and(eq(brands.organizationId, organizations.id), eq(brands.slug, brandSlug)))
    .where(eq(organizations.slug, organizationSlug))
  if (row === undefined) return 'no_organization'
  return row.brand === null ? 'no_brand' : 'ok'
}

/** The organization's brands with their product counts, by name. */
export async function listBrands(db: Db, organizationId: string): Promise<BrandSummary[]> {
  return db
    .select({ ...BRAND_REF, products: count(products.id) })
    .from(brands)
    .leftJoin(products, eq(products.brandId, brands.id))
    .where(eq(brands.organizationId, organizationId))
    .groupBy(brands.id)
    .orderBy(asc(brands.name), asc(brands.slug))
}

export type DomainRequestResult = { ok: true } | Refusal<'unknown' | 'invalid' | 'taken' | 'own_host'>

/**
 * Requests a custom domain for a brand (or, with null, gives it up). A requested domain is inactive until an
 * operator activates it; a change to an active one reaches every resolver at once. A host of the service itself
 * (`serviceHosts`, from the configured origins) is refused: scans of it would loop.
 */
export async function requestCustomDomain(
  db: Db,
  input: {
    organizationId: string
    brandSlug: string
    domain: string | null
    actor: Actor
    serviceHosts?: ServiceHosts
  },
): Promise<DomainRequestResult> {
  const domain = input.domain === null ? null : input.domain.trim().toLowerCase().replace(/\.$/, '')
  if (domain !== null && !isCustomDomain(domain)) {
    const message = `'${input.domain}' is not a host name such as products.example.com.`
    return { ok: false, reason: 'invalid', message }
  }
  const ownHost = domain === null ? null : ownHostProblem(domain, input.serviceHosts ?? NO_HOSTS)
  if (ownHost !== null) return { ok: false, reason: 'own_host', message: ownHost }
  return db.transaction(async (tx) => {
    const [brand] = await tx
      .select({ id: brands.id, domain: brands.customDomain, active: brands.customDomainActive })
      .from(brands)
      .where(and(eq(brands.organizationId, input.organizationId), eq(brands.slug, input.brandSlug)))
      .for('update')
    if (brand === undefined) return { ok: false, reason: 'unknown', message: 'No such brand.' } as const
    if (brand.domain === domain) return { ok: true } as const
    if (domain !== null) {
      const [holder] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.customDomain, domain))
      if (holder !== undefined) {
        const message = `${domain} is already the custom domain of another brand.`
        return { ok: false, reason: 'taken', message } as const
      }
    }
    await tx
      .update(brands)
      .set({ customDomain: domain, customDomainActive: false, updatedAt: sql`now()` })
      .where(eq(brands.id, brand.id))
    if (brand.active) await notifyCatalog(tx)
    await recordAudit(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: domain === null ? 'brand.domain_remove' : 'brand.domain_request',
      target: { kind: 'brand', id: input.brandSlug },
      summary: { before: brand.domain, after: domain },
    })
    return { ok: true } as const
  })
}

export type DomainActivationResult =
  | { ok: true; brand: string; organization: string; changed: boolean }
  | Refusal<'unknown' | 'own_host'>

/**
 * Activates or deactivates a requested custom domain (the operator's `domain activate|deactivate`). A host of the
 * service itself (`serviceHosts`) is never activated, whoever requested it; deactivating one is always allowed.
 */
export async function setDomainActive(
  db: Db,
  input: { domain: string; active: boolean; actor: Actor; serviceHosts?: ServiceHosts },
): Promise<DomainActivationResult> {
  const domain = input.domain.trim().toLowerCase().replace(/\.$/, '')
  const ownHost = input.active ? ownHostProblem(domain, input.serviceHosts ?? NO_HOSTS) : null
  if (ownHost !== null) return { ok: false, reason: 'own_host', message: ownHost }
  return db.transaction(async (tx) => {
    const [brand] = await tx
      .select({
        id: brands.id,
        slug: brands.slug,
        active: brands.customDomainActive,
        organizationId: brands.organizationId,
        organization: organizations.slug,
      })
      .from(brands)
      .innerJoin(organizations, eq(organizations.id, brands.organizationId))
      .where(eq(brands.customDomain, domain))
      .for('update', { of: brands })
    if (brand === undefined) {
      const message = `no brand has requested the custom domain '${domain}'`
      return { ok: false, reason: 'unknown', message } as const
    }
    const changed = brand.active !== input.active
    if (changed) {
      await tx
        .update(brands)
        .set({ customDomainActive: input.active, updatedAt: sql`now()` })
        .where(eq(brands.id, brand.id))
      await notifyCatalog(tx)
      await recordAudit(tx, {
        organizationId: brand.organizationId,
        actor: input.actor,
        action: input.active ? 'brand.domain_activate' : 'brand.domain_deactivate',
        target: { kind: 'brand', id: brand.slug },
        summary: { domain },
      })
    }
    return { ok: true, brand: brand.slug, organization: brand.organization, changed } as const
  })
}

export interface CustomDomainListing {
  readonly domain: string
  readonly brand: string
  readonly organization: string
  readonly active: boolean
}

/** Every brand's custom domain by name, or with `pending` only the requested ones an operator has not activated. */
export async function listCustomDomains(
  db: Db,
  options: { pending?: boolean } = {},
): Promise<CustomDomainListing[]> {
  const rows = await db
    .select({
      domain: brands.customDomain,
      brand: brands.slug,
      organization: organizations.slug,
      active: brands.customDomainActive,
    })
    .from(brands)
    .innerJoin(organizations, eq(organizations.id, brands.organizationId))
    .where(
      options.pending === true
        ? and(isNotNull(brands.customDomain), eq(brands.customDomainActive, false))
        : isNotNull(brands.customDomain),
    )
    .orderBy(asc(brands.customDomain))
  return rows.map((r) => ({ ...r, domain: r.domain ?? '' }))
}

const NO_HOSTS: ServiceHosts = new Map()

async function notifyCatalog(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, 'brand')`)
}
