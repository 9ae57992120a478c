/** The Brands page: each brand with its custom domain and the domain's state. */

import type { Issue } from '../../gs1/issue.ts'
import { resolverHost } from '../../security/service-hosts.ts'
import type { BrandSummary } from '../../services/catalog/brands.ts'
import { hasRole, type OrgContext, orgPath } from '../context.ts'
import { html, type SafeHtml } from '../html.ts'
import { counted } from './format.ts'
import { field, formGuard, formMessage, notice } from './forms.ts'
import { orgPage } from './layout.ts'
import { scrollingTable } from './table.ts'

export function brandsPage(
  ctx: OrgContext,
  o: {
    readonly brands: readonly BrandSummary[]
    readonly done?: string | null
    readonly error?: { readonly brand: string; readonly message: string; readonly value: string }
    /** The new-brand form sent back with its errors. */
    readonly newBrand?: { readonly slug: string; readonly name: string; readonly errors: readonly Issue[] }
  },
): SafeHtml {
  const canEdit = hasRole(ctx.membership.role, 'editor')
  return orgPage(
    ctx,
    'brands',
    'Brands',
    html`<h1>Brands</h1>
<p>A brand may print its codes with its own host name (a custom domain) instead of the resolver's. Request the domain here, point its DNS at the resolver (a CNAME to <code>${resolverHost(ctx.deps.config)}</code>), and an operator activates it; scans of it then resolve the brand's products.</p>
${o.done ? notice('ok', o.done) : null}${o.error ? notice('bad', o.error.message) : null}
${
  o.brands.length === 0
    ? html`<p>No brands yet. Add the first one below, or import a catalog file.</p>`
    : scrollingTable(
        'Brands',
        html`<table><caption class="visually-hidden">Brands</caption><thead><tr><th scope="col">Brand</th><th scope="col">Products</th><th scope="col">Custom domain</th><th scope="col">State</th>${
          canEdit ? html`<th scope="col">Change</th>` : null
        }</tr></thead><tbody>${o.brands.map((b) => brandRow(ctx, b, canEdit, o.error))}</tbody></table>`,
      )
}
${canEdit ? newBrandForm(ctx, o.newBrand) : html`<p class="muted">Editors and owners can add brands and request custom domains.</p>`}`,
  )
}

function newBrandForm(
  ctx: OrgContext,
  sent?: { readonly slug: string; readonly name: string; readonly errors: readonly Issue[] },
): SafeHtml {
  const errorOf = (field: string) =>
    sent?.errors
      .filter((e) => e.path?.endsWith(`.${field}`) ?? false)
      .map((e) => formMessage(e))
      .join(' ') || undefined
  const other = sent?.errors.filter((e) => !/\.(slug|name)$/.test(e.path ?? ''))
  return html`<h2>New brand</h2>${other && other.length > 0 ? notice('bad', html`<ul>${other.map((e) => html`<li>${formMessage(e)}</li>`)}</ul>`) : null}<form method="post" action="${orgPath(ctx.membership.organization.slug, '/brands')}" class="filters">${formGuard(ctx.csrf)}${field({ name: 'name', label: 'Name', value: sent?.name ?? '', required: true, error: errorOf('name') })}${field({ name: 'slug', label: 'URL name', value: sent?.slug ?? '', required: true, maxlength: 63, hint: 'Lower-case letters, digits and hyphens; part of the product pages’ addresses.', error: errorOf('slug') })}<div><button type="submit">Add brand</button></div></form>`
}

function state(b: BrandSummary): SafeHtml {
  if (b.customDomain === null) return html`<span class="muted">none</span>`
  return b.customDomainActive
    ? html`<span class="badge ok">active</span>`
    : html`<span class="badge warn">requested</span> <span class="hint">waiting for an operator</span>`
}

function brandRow(
  ctx: OrgContext,
  b: BrandSummary,
  canEdit: boolean,
  error?: { brand: string; message: string; value: string },
): SafeHtml {
  const action = orgPath(ctx.membership.organization.slug, `/brands/${encodeURIComponent(b.slug)}/domain`)
  const id = `domain-${b.slug}`
  const invalid = error?.brand === b.slug
  const value = invalid ? error.value : (b.customDomain ?? '')
  const form = html`<form method="post" action="${action}" class="inline-form">${formGuard(ctx.csrf)}<label for="${id}" class="visually-hidden">Custom domain of ${b.name}</label><input id="${id}" name="domain" type="text" inputmode="url" placeholder="products.example.com" value="${value}"${
    invalid ? html` aria-invalid="true"` : null
  }><button type="submit" name="action" value="request" class="secondary">${b.customDomain === null ? 'Request' : 'Change'}</button>${
    b.customDomain === null
      ? null
      : html`<button type="submit" name="action" value="remove" class="secondary" aria-label="Remove the custom domain of ${b.name}">Remove</button>`
  }</form>`
  return html`<tr><td>${b.name}<br><span class="hint"><code>${b.slug}</code></span></td><td>${counted(b.products, 'product')}</td><td>${
    b.customDomain === null ? '—' : html`<code>${b.customDomain}</code>`
  }</td><td>${state(b)}</td>${canEdit ? html`<td>${form}</td>` : null}</tr>`
}

/**
 * Before an active custom domain is changed or removed: codes printed with it stop resolving at once, which no
 * later change undoes for the packs already out there.
 */
export function confirmDomainPage(
  ctx: OrgContext,
  b: BrandSummary,
  change: { readonly action: 'request' | 'remove'; readonly domain: string },
): SafeHtml {
  const slug = ctx.membership.organization.slug
  const action = orgPath(slug, `/brands/${encodeURIComponent(b.slug)}/domain`)
  const removing = change.action === 'remove'
  return orgPage(
    ctx,
    'brands',
    removing ? 'Remove custom domain' : 'Change custom domain',
    html`<h1>${removing ? 'Remove' : 'Change'} the custom domain of “${b.name}”?</h1>
<p><code>${b.customDomain ?? ''}</code> is active: codes printed with it resolve now. From the moment you confirm, every scan of them answers “not found”, and codes already printed cannot be changed.${
      removing
        ? null
        : html` The new domain <code>${change.domain}</code> resolves only once an operator activates it.`
    }</p>
<form method="post" action="${action}" class="actions">${formGuard(ctx.csrf)}<input type="hidden" name="domain" value="${change.domain}"><input type="hidden" name="confirm" value="yes"><button type="submit" name="action" value="${change.action}" class="danger">${
      removing ? 'Remove the domain' : 'Change the domain'
    }</button><a href="${orgPath(slug, '/brands')}">Cancel</a></form>`,
  )
}
