/** The Products list: search, filters and GTIN-cursor pages, usable at 100,000 products. */
import type { BrandRef } from '../../services/catalog/brands.ts'
import type { ProductListItem } from '../../services/catalog/products.ts'
import { hasRole, type OrgContext, orgPath } from '../context.ts'
import { html, type SafeHtml } from '../html.ts'
import { dateTime } from './format.ts'
import { filterParams, notice } from './forms.ts'
import { orgPage } from './layout.ts'
import { scrollingTable } from './table.ts'

export interface ProductQuery {
  readonly q: string
  readonly brand: string
  readonly published: '' | 'yes' | 'no'
  readonly after: string
}

export function productsPage(
  ctx: OrgContext,
  o: {
    readonly query: ProductQuery
    readonly brands: readonly BrandRef[]
    readonly items: readonly ProductListItem[]
    readonly next: string | null
    readonly done: string | null
  },
): SafeHtml {
  const slug = ctx.membership.organization.slug
  const canEdit = hasRole(ctx.membership.role, 'editor')
  const q = o.query
  const brandNames = new Map(o.brands.map((b) => [b.slug, b.name]))
  const filters = filterParams(q, ['q', 'brand', 'published'])
  const nextLink =
    o.next === null
      ? null
      : `${orgPath(slug, '/products')}?${new URLSearchParams([...filters, ['after', o.next]])}`
  return orgPage(
    ctx,
    'products',
    'Products',
    html`<h1>Products</h1>${o.done ? notice('ok', o.done) : null}
<div class="actions">${canEdit ? html`<a class="button" href="${orgPath(slug, '/products/new')}">New product</a><a class="button secondary" href="${orgPath(slug, '/catalog/import')}">Import</a>` : null}<a class="button secondary" href="${orgPath(slug, '/catalog/export')}" download>Export</a></div>
<form method="get" action="${orgPath(slug, '/products')}" class="filters" role="search" aria-label="Products">
<div><label for="f-q">Search</label><input id="f-q" name="q" type="search" value="${q.q}" aria-describedby="f-q-hint"><span class="hint" id="f-q-hint">GTIN, name or URL name</span></div>
<div><label for="f-brand">Brand</label><select id="f-brand" name="brand"><option value="">All brands</option>${o.brands.map(
      (b) => html`<option value="${b.slug}"${b.slug === q.brand ? html` selected` : null}>${b.name}</option>`,
    )}</select></div>
<div><label for="f-published">State</label><select id="f-published" name="published">${(
      [
        ['', 'Published and not'],
        ['yes', 'Published'],
        ['no', 'Not published'],
      ] as const
    ).map(
      ([v, label]) =>
        html`<option value="${v}"${v === q.published ? html` selected` : null}>${label}</option>`,
    )}</select></div>
<div><button type="submit" class="secondary">Search</button></div></form>
${
  o.items.length === 0
    ? html`<p>${q.q || q.brand || q.published || q.after ? 'No product matches.' : 'No products yet.'}</p>`
    : scrollingTable(
        'Products by GTIN',
        html`<table><caption class="visually-hidden">Products by GTIN</caption><thead><tr><th scope="col">GTIN</th><th scope="col">Name</th><th scope="col">Brand</th><th scope="col">State</th><th scope="col">Languages</th><th scope="col">Changed</th></tr></thead><tbody>${o.items.map(
          (p) =>
            html`<tr><td><a href="${orgPath(slug, `/products/${p.gtin}`)}"><code>${p.gtin}</code></a></td><td>${p.name ?? html`<span class="muted">no name</span>`}<br><span class="hint"><code>${p.slug}</code></span></td><td>${brandNames.get(p.brand) ?? p.brand}</td><td>${
              p.published
                ? html`<span class="badge ok">published</span>`
                : html`<span class="badge">not published</span>`
            }</td><td>${p.languages.join(', ')}</td><td>${dateTime(p.updatedAt)}</td></tr>`,
        )}</tbody></table>`,
      )
}
<nav class="pager" aria-label="Pages">${q.after ? html`<a href="${orgPath(slug, '/products')}${filters.size > 0 ? `?${filters}` : ''}">First page</a>` : null}${
      nextLink === null ? null : html`<a href="${nextLink}">Next page</a>`
    }</nav>`,
  )
}
