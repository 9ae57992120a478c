/**
 * Brands of an organization and their custom domains: editors add brands and request domains, an operator
 * activates them.
 */

import { serviceHosts } from '../../security/service-hosts.ts'
import { listBrands, requestCustomDomain } from '../../services/catalog/brands.ts'
import { importCatalog } from '../../services/catalog/import.ts'
import { type Access, type OrgContext, organizationScope, orgPath, userActor } from '../context.ts'
import { pageAnswer, redirectAnswer } from '../http.ts'
import type { RouteDefinition } from '../router.ts'
import { brandsPage, confirmDomainPage } from '../views/brands.ts'
import { ERRORS, errorBody } from '../views/errors.ts'

export const BRAND_ROUTES: readonly RouteDefinition<Access>[] = [
  {
    method: 'GET',
    pattern: '/orgs/:org/brands',
    handler: { access: 'org', role: 'viewer', section: 'brands', handle: list },
  },
  {
    method: 'POST',
    pattern: '/orgs/:org/brands',
    handler: { access: 'org', role: 'editor', section: 'brands', handle: create },
  },
  {
    method: 'POST',
    pattern: '/orgs/:org/brands/:brand/domain',
    handler: { access: 'org', role: 'editor', section: 'brands', handle: domain },
  },
]

const DONE: Readonly<Record<string, string>> = {
  created: 'The brand is created. Its products can now be added under Products.',
  requested: 'The custom domain is requested. An operator activates it once its DNS points at the resolver.',
  removed: 'The custom domain is removed: scans of it no longer resolve.',
  changed:
    'The custom domain is changed: scans of the old one no longer resolve, and the new one waits for an operator.',
}

async function list(ctx: OrgContext): Promise<Response> {
  const brands = await listBrands(ctx.deps.database.db, ctx.membership.organization.id)
  return pageAnswer(ctx.https, brandsPage(ctx, { brands, done: DONE[ctx.query.get('done') ?? ''] ?? null }))
}

/** A new brand of this organization, through the catalog service (its rules, audit and NOTIFY). */
async function create(ctx: OrgContext): Promise<Response> {
  const slug = (ctx.form.get('slug') ?? '').trim()
  const name = (ctx.form.get('name') ?? '').trim()
  const db = ctx.deps.database.db
  const brands = await listBrands(db, ctx.membership.organization.id)
  const taken = brands.some((b) => b.slug === slug)
  const result = taken
    ? null
    : await importCatalog(
        db,
        { brands: [{ slug, name, organization: ctx.membership.organization.slug }] },
        { actor: userActor(ctx), scope: organizationScope(ctx) },
      )
  if (result?.ok)
    return redirectAnswer(ctx.https, orgPath(ctx.membership.organization.slug, '/brands?done=created'))
  const errors =
    result === null
      ? [
          {
            code: 'Catalog.Duplicate',
            path: 'brands[0].slug',
            message: `This organization has a brand '${slug}' already.`,
          },
        ]
      : result.errors
  const page = brandsPage(ctx, { brands, newBrand: { slug, name, errors } })
  return pageAnswer(ctx.https, page, { status: 422 })
}

async function domain(ctx: OrgContext): Promise<Response> {
  const removing = ctx.form.get('action') === 'remove'
  const typed = ctx.form.get('domain') ?? ''
  const brands = await listBrands(ctx.deps.database.db, ctx.membership.organization.id)
  const brand = brands.find((b) => b.slug === ctx.params.brand)
  const leavesActive =
    brand?.customDomainActive === true && (removing || typed.trim().toLowerCase() !== brand.customDomain)
  if (brand !== undefined && leavesActive && ctx.form.get('confirm') !== 'yes') {
    const change = { action: removing ? ('remove' as const) : ('request' as const), domain: typed }
    return pageAnswer(ctx.https, confirmDomainPage(ctx, brand, change), { changedNothing: true })
  }
  const result = await requestCustomDomain(ctx.deps.database.db, {
    organizationId: ctx.membership.organization.id,
    brandSlug: ctx.params.brand ?? '',
    domain: removing ? null : typed,
    actor: userActor(ctx),
    serviceHosts: serviceHosts(ctx.deps.config),
  })
  if (!result.ok && result.reason === 'unknown')
    return pageAnswer(ctx.https, errorBody(ERRORS.notFound), { status: 404 })
  if (!result.ok) {
    const page = brandsPage(ctx, {
      brands,
      error: { brand: ctx.params.brand ?? '', message: result.message, value: typed },
    })
    return pageAnswer(ctx.https, page, { status: 422 })
  }
  const done = removing ? 'removed' : leavesActive ? 'changed' : 'requested'
  return redirectAnswer(ctx.https, orgPath(ctx.membership.organization.slug, `/brands?done=${done}`))
}
