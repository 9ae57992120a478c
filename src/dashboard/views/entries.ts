/**
 * The Items and rules list (DESIGN §12): items by key and value, prefix rules by key and prefix, with brand, name and
 * state; search, filters (key, brand, state, which list) and a cursor per list, usable however many there are.
 */
import type { BrandRef } from '../../services/catalog/brands.ts'
import type { EntrySummary } from '../../services/catalog/entries.ts'
import { hasRole, type OrgContext, orgPath } from '../context.ts'
import { entryKeys, keyLabel } from '../entry-keys.ts'
import { html, type SafeHtml } from '../html.ts'
import { entryPath } from './editor-subject.ts'
import { dateTime } from './format.ts'
import { filterParams, notice } from './forms.ts'
import { orgPage } from './layout.ts'
import { scrollingTable } from './table.ts'

export interface EntryQuery {
  readonly q: string
  /** Only entries of this key ('' for every key). */
  readonly key: string
  readonly brand: string
  readonly published: '' | 'yes' | 'no'
  /** One list only ('' for both). */
  readonly show: '' | 'items' | 'rules'
  /** The cursor of the list `show` names. */
  readonly after: string
}

type Page<I> = { readonly items: readonly I[]; readonly next: string | null }
type ItemLine = EntrySummary<{ key: string; value: string }>
type RuleLine = EntrySummary<{ key: string; prefix: string }>

export function entriesPage(
  ctx: OrgContext,
  o: {
    readonly query: EntryQuery
    readonly brands: readonly BrandRef[]
    readonly items: Page<ItemLine>
    readonly rules: Page<RuleLine>
    readonly done: string | null
  },
): SafeHtml {
  const slug = ctx.membership.organization.slug
  const canEdit = hasRole(ctx.membership.role, 'editor')
  const q = o.query
  const filters = filterParams(q, ['q', 'key', 'brand', 'published'])
  const list = orgPath(slug, '/items')
  const ofKey = q.key === '' ? '' : `?key=${q.key}`
  const pager = (show: 'items' | 'rules', next: string | null) => {
    const shown = new URLSearchParams([...filters, ['show', show]])
    const links = [
      q.after && q.show === show ? html`<a href="${`${list}?${shown}`}">First page</a>` : null,
      next === null
        ? null
        : html`<a href="${`${list}?${new URLSearchParams([...shown, ['after', next]])}`}">Next page</a>`,
    ].filter((l) => l !== null)
    return links.length === 0
      ? null
      : html`<nav class="pager" aria-label="${show === 'items' ? 'Pages of items' : 'Pages of rules'}">${links}</nav>`
  }
  return orgPage(
    ctx,
    'items',
    'Items and rules',
    html`<h1>Items and rules</h1>${o.done ? notice('ok', o.done) : null}
<p>Items are entries of the other GS1 keys (a location's GLN, a returnable asset's GRAI, a document type's GDTI, …) with names, pages, lots and publishing as a product has. A prefix rule gives its pages to every value of a key that starts with its prefix, such as every SSCC or serialised GRAI the organization prints. A scan opens the value's own item first, then the rule with the longest prefix.</p>
<div class="actions">${canEdit ? html`<a class="button" href="${orgPath(slug, `/items/new${ofKey}`)}">New item</a><a class="button" href="${orgPath(slug, `/rules/new${ofKey}`)}">New prefix rule</a><a class="button secondary" href="${orgPath(slug, '/catalog/import')}">Import</a>` : null}<a class="button secondary" href="${orgPath(slug, '/catalog/export')}" download>Export</a></div>
${filterForm(ctx, o.brands, q)}
${q.show === 'rules' ? null : html`<h2>Items</h2>${itemsTable(slug, o.items.items, q)}${pager('items', o.items.next)}`}
${q.show === 'items' ? null : html`<h2>Prefix rules</h2>${rulesTable(slug, o.rules.items, q)}${pager('rules', o.rules.next)}`}`,
  )
}

function filterForm(ctx: OrgContext, brands: readonly BrandRef[], q: EntryQuery): SafeHtml {
  const options = (list: readonly (readonly [string, string])[], chosen: string) =>
    list.map(
      ([v, label]) => html`<option value="${v}"${v === chosen ? html` selected` : null}>${label}</option>`,
    )
  // Every key a rule may have: an item's are the same but the GTIN's.
  const keys = entryKeys('rule').map((k) => [k.key, keyLabel(k.key)] as const)
  return html`<form method="get" action="${orgPath(ctx.membership.organization.slug, '/items')}" class="filters" role="search" aria-label="Items and rules">
<div><label for="f-q">Search</label><input id="f-q" name="q" type="search" value="${q.q}" aria-describedby="f-q-hint"><span class="hint" id="f-q-hint">Value or prefix from its start, name or URL name</span></div>
<div><label for="f-key">Key</label><select id="f-key" name="key">${options([['', 'All keys'], ...keys], q.key)}</select></div>
<div><label for="f-brand">Brand</label><select id="f-brand" name="brand">${options(
    [['', 'All brands'], ...brands.map((b) => [b.slug, b.name] as const)],
    q.brand,
  )}</select></div>
<div><label for="f-published">State</label><select id="f-published" name="published">${options(
    [
      ['', 'Published and not'],
      ['yes', 'Published'],
      ['no', 'Not published'],
    ],
    q.published,
  )}</select></div>
<div><label for="f-show">Show</label><select id="f-show" name="show">${options(
    [
      ['', 'Items and rules'],
      ['items', 'Items'],
      ['rules', 'Prefix rules'],
    ],
    q.show,
  )}</select></div>
<div><button type="submit" class="secondary">Search</button></div></form>`
}

function filtered(q: EntryQuery): boolean {
  return q.q !== '' || q.key !== '' || q.brand !== '' || q.published !== '' || q.after !== ''
}

function itemsTable(slug: string, items: readonly ItemLine[], q: EntryQuery): SafeHtml {
  if (items.length === 0) return html`<p>${filtered(q) ? 'No item matches.' : 'No items yet.'}</p>`
  return scrollingTable(
    'Items by key and value',
    html`<table><caption class="visually-hidden">Items by key and value</caption><thead><tr><th scope="col">Key</th><th scope="col">Value</th>${COMMON_HEADS}</tr></thead><tbody>${items.map(
      (e) =>
        html`<tr><td>${keyCell(e.key)}</td><td><a href="${entryPath(slug, { kind: 'item', key: e.key, value: e.value })}"><code>${e.value}</code></a></td>${commonCells(e)}</tr>`,
    )}</tbody></table>`,
  )
}

function rulesTable(slug: string, rules: readonly RuleLine[], q: EntryQuery): SafeHtml {
  if (rules.length === 0) return html`<p>${filtered(q) ? 'No rule matches.' : 'No prefix rules yet.'}</p>`
  return scrollingTable(
    'Prefix rules by key and prefix',
    html`<table><caption class="visually-hidden">Prefix rules by key and prefix</caption><thead><tr><th scope="col">Key</th><th scope="col">Prefix</th>${COMMON_HEADS}</tr></thead><tbody>${rules.map(
      (e) =>
        html`<tr><td>${keyCell(e.key)}</td><td><a href="${entryPath(slug, { kind: 'rule', key: e.key, value: e.prefix })}"><code>${e.prefix}</code></a></td>${commonCells(e)}</tr>`,
    )}</tbody></table>`,
  )
}

const COMMON_HEADS = html`<th scope="col">Name</th><th scope="col">Brand</th><th scope="col">State</th><th scope="col">Languages</th><th scope="col">Changed</th>`

function keyCell(key: string): SafeHtml {
  return html`<code>${key}</code><br><span class="hint">${keyLabel(key).replace(/^\(\d+\) /, '')}</span>`
}

function commonCells(e: EntrySummary<Record<never, never>>): SafeHtml {
  return html`<td>${e.name ?? html`<span class="muted">no name</span>`}<br><span class="hint"><code>${e.slug}</code></span></td><td>${e.brand}</td><td>${
    e.published
      ? html`<span class="badge ok">published</span>`
      : html`<span class="badge">not published</span>`
  }</td><td>${e.languages.join(', ')}</td><td>${dateTime(e.updatedAt)}</td>`
}
