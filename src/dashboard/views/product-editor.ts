/** The product page: where scans go, and the editor (names per language, pages with GS1 link types, titles, publish). */

import type { Issue } from '../../gs1/issue.ts'
import { linkTypeTitle } from '../../gs1/link-type-titles.ts'
import { SELECTABLE_LINK_TYPES } from '../../gs1/link-types.ts'
import type { BrandRef } from '../../services/catalog/brands.ts'
import { hasRole, type OrgContext, orgPath } from '../context.ts'
import { html, type SafeHtml } from '../html.ts'
import type { PageForm, ProductForm } from '../product-form.ts'
import type { ScanPreview } from '../scan-preview.ts'
import { formGuard, formMessage, notice } from './forms.ts'
import { orgPage } from './layout.ts'
import { type DayCount, dayChart } from './scan-chart.ts'
import { scrollingTable } from './table.ts'

export interface EditorState {
  readonly form: ProductForm
  /** The stored product's ETag (If-Match of the save); null for a new product. */
  readonly etag: string | null
  readonly errors: readonly Issue[]
  /** Body page index → form row, to place page errors. */
  readonly pageRows: readonly number[]
  readonly brands: readonly BrandRef[]
  readonly notice?: { readonly kind: 'ok' | 'warn' | 'bad'; readonly text: string } | null
  readonly preview?: ScanPreview | null
  /** The stored product's name, for the heading (null: new product). */
  readonly title: string | null
  /** Its scans of the last 30 days, per day (a stored product). */
  readonly scanDays?: readonly DayCount[] | null
}

export function productPage(ctx: OrgContext, state: EditorState): SafeHtml {
  const slug = ctx.membership.organization.slug
  const isNew = state.etag === null
  const canEdit = hasRole(ctx.membership.role, 'editor')
  const fieldErrors = placeErrors(state.errors, state.pageRows, state.form)
  const heading = isNew ? 'New product' : (state.title ?? state.form.gtin)
  return orgPage(
    ctx,
    'products',
    heading,
    html`<p><a href="${orgPath(slug, '/products')}">Products</a></p><h1>${heading}</h1>${
      isNew ? null : html`<p class="muted">GTIN <code>${state.form.gtin}</code></p>`
    }${state.notice ? notice(state.notice.kind, state.notice.text) : null}${errorSummary(state.errors, fieldErrors)}
${state.scanDays ? html`<h2>Scans</h2>${dayChart(state.scanDays, 'Scans of the last 30 days')}` : null}
${state.preview ? previewSection(state.preview, state.form.published) : null}
${
  isNew
    ? null
    : html`<div class="actions"><a class="button secondary" href="${orgPath(slug, `/codes?gtin=${state.form.gtin}`)}">Make a code</a>${
        canEdit
          ? html`<a class="button secondary" href="${orgPath(slug, `/products/${state.form.gtin}/delete`)}">Delete</a>`
          : null
      }</div>`
}
${canEdit ? editor(ctx, state, fieldErrors) : html`<p class="muted">Editors and owners can change products.</p>`}`,
  )
}

function previewSection(preview: ScanPreview, published: boolean): SafeHtml {
  const intro = published
    ? html`<p>A scan of <code>${preview.link}</code>, by the scanner's language, as the resolver answers it.</p>`
    : notice(
        'warn',
        html`<p>Not published: every scan of <code>${preview.link}</code> answers “not found” now. Once it is published, scans go where this table says.</p>`,
      )
  return html`<h2>Where a scan goes</h2>${intro}
${scrollingTable(
  'Where a scan goes',
  html`<table><thead><tr><th scope="col">Scanner's language</th><th scope="col">${published ? 'Opens' : 'Will open'}</th></tr></thead><tbody>${preview.outcomes.map(
    (o) =>
      html`<tr><td>${o.language ?? 'any other'}</td><td>${
        o.location === null
          ? html`<span class="muted">answer ${o.status}</span>`
          : html`<code>${o.location}</code>`
      }${o.via === null ? null : html`<br><span class="hint">through the custom domain ${o.via}</span>`}</td></tr>`,
  )}</tbody></table>`,
)}`
}

/** Where each error is shown: form field ID → messages. */
type FieldErrors = Map<string, string[]>

function editor(ctx: OrgContext, state: EditorState, errors: FieldErrors): SafeHtml {
  const f = state.form
  const slug = ctx.membership.organization.slug
  const isNew = state.etag === null
  const action = isNew ? orgPath(slug, '/products') : orgPath(slug, `/products/${f.gtin}`)
  const rows = [...f.pages, { name: '', linkType: 'gs1:pip', titles: {}, content: {} }]
  return html`<h2>${isNew ? 'Product' : 'Edit'}</h2><form method="post" action="${action}" class="stack wide" novalidate>${formGuard(ctx.csrf)}${
    state.etag === null ? null : html`<input type="hidden" name="etag" value="${state.etag}">`
  }
${isNew ? input('gtin', 'GTIN', f.gtin, errors, { hint: '8, 12, 13 or 14 digits, with the check digit.', inputmode: 'numeric' }) : null}
<div><label for="f-brand">Brand</label><select id="f-brand" name="brand">${state.brands.map(
    (b) => html`<option value="${b.slug}"${b.slug === f.brand ? html` selected` : null}>${b.name}</option>`,
  )}</select>${
    state.brands.length === 0
      ? html`<span class="hint">No brands yet: <a href="${orgPath(ctx.membership.organization.slug, '/brands')}">add one on the Brands page</a> first.</span>`
      : null
  }${errorText('f-brand', errors)}</div>
${input('slug', 'URL name', f.slug, errors, { hint: 'Lower-case letters, digits and hyphens; part of the product page addresses.' })}
<label class="check"><input type="checkbox" name="published"${f.published ? html` checked` : null}> Published (scans resolve it)</label>
${input('languages', 'Languages', f.languages.join(', '), errors, { hint: 'Language tags such as en, de, fr-ca, separated by commas. After changing them, update the form to get their fields.' })}
${input('defaultLanguage', 'Default language', f.defaultLanguage, errors, { hint: 'One of the languages; scans in other languages open it.' })}
<fieldset><legend>Name in each language</legend>${f.languages.map((lang) =>
    input(`name.${lang}`, lang, f.names[lang] ?? '', errors, {}),
  )}</fieldset>
${rows.map((page, row) => pageFieldset(page, row, f, errors, row === f.pages.length))}
<div class="actions"><button type="submit" name="action" value="save">${isNew ? 'Create product' : 'Save'}</button><button type="submit" name="action" value="refresh" class="secondary">Update the form</button></div></form>`
}

function pageFieldset(
  page: PageForm,
  row: number,
  f: ProductForm,
  errors: FieldErrors,
  spare: boolean,
): SafeHtml {
  const id = `page-${row}`
  return html`<fieldset id="${id}"><legend>${spare ? 'Add a page' : `Page ${row + 1}: ${page.name || 'unnamed'}`}</legend>${errorText(id, errors)}
${input(`page.${row}.name`, 'URL name', page.name, errors, { hint: spare ? 'Leave empty to add no page.' : undefined })}
<div><label for="f-page.${row}.linkType">Link type</label><select id="f-page.${row}.linkType" name="page.${row}.linkType">${SELECTABLE_LINK_TYPES.map(
    (name) =>
      html`<option value="gs1:${name}"${`gs1:${name}` === page.linkType ? html` selected` : null}>${linkTypeTitle(name) ?? name} (${name})</option>`,
  )}</select>${errorText(`f-page.${row}.linkType`, errors)}</div>
<label class="check"><input type="radio" name="default" value="${row}"${!spare && row === f.defaultPage ? html` checked` : null}> The default page (a scan without a link type opens it)</label>
${f.languages.map(
  (lang) =>
    html`${input(`page.${row}.title.${lang}`, `Title (${lang})`, page.titles[lang] ?? '', errors, {})}<div><label for="f-page.${row}.content.${lang}">Text (${lang})</label><textarea id="f-page.${row}.content.${lang}" name="page.${row}.content.${lang}" rows="2">${page.content[lang] ?? ''}</textarea></div>`,
)}
${spare ? null : html`<label class="check"><input type="checkbox" name="page.${row}.remove"> Remove this page</label>`}</fieldset>`
}

function input(
  name: string,
  label: string,
  value: string,
  errors: FieldErrors,
  o: { hint?: string | undefined; inputmode?: string },
): SafeHtml {
  const id = `f-${name}`
  const messages = errors.get(id)
  const described = [o.hint ? `${id}-hint` : null, messages ? `${id}-error` : null]
    .filter((x) => x !== null)
    .join(' ')
  return html`<div><label for="${id}">${label}</label><input id="${id}" name="${name}" type="text" value="${value}"${
    o.inputmode ? html` inputmode="${o.inputmode}"` : null
  }${described ? html` aria-describedby="${described}"` : null}${messages ? html` aria-invalid="true"` : null}>${
    o.hint ? html`<span class="hint" id="${id}-hint">${o.hint}</span>` : null
  }${errorText(id, errors)}</div>`
}

function errorText(id: string, errors: FieldErrors): SafeHtml | null {
  const messages = errors.get(id)
  return messages ? html`<span class="error-text" id="${id}-error">${messages.join(' ')}</span>` : null
}

/** The list of problems at the top, each linking to its field (the GOV.UK error summary pattern). */
function errorSummary(issues: readonly Issue[], placed: FieldErrors): SafeHtml | null {
  if (issues.length === 0) return null
  const links = [...placed.entries()].flatMap(([id, messages]) =>
    messages.map((m) => html`<li><a href="#${id}">${fieldLabel(id)}: ${m}</a></li>`),
  )
  return notice('bad', html`<p><strong>The product was not saved.</strong></p><ul>${links}</ul>`)
}

const TOP_LABELS: Readonly<Record<string, string>> = {
  'f-gtin': 'GTIN',
  'f-brand': 'Brand',
  'f-slug': 'URL name',
  'f-languages': 'Languages',
  'f-defaultLanguage': 'Default language',
}

const PAGE_MEMBER_LABELS: Readonly<Record<string, string>> = {
  name: 'URL name',
  linkType: 'link type',
  title: 'title',
  content: 'text',
}

/** What the error summary calls a field: what its label (and its page's legend) say. */
function fieldLabel(id: string): string {
  const page = /^(?:f-)?page[.-](\d+)(?:\.(\w+))?(?:\.([\w-]+))?$/.exec(id)
  if (page !== null) {
    const where = `Page ${Number(page[1]) + 1}`
    const member = PAGE_MEMBER_LABELS[page[2] ?? '']
    if (member === undefined) return where
    return page[3] === undefined ? `${where}, ${member}` : `${where}, ${member} (${page[3]})`
  }
  const name = /^f-name\.([\w-]+)$/.exec(id)
  if (name !== null) return `Name (${name[1]})`
  return TOP_LABELS[id] ?? 'Product'
}

/** Puts each catalog error (path relative to the product body) on the field it is about. */
function placeErrors(issues: readonly Issue[], pageRows: readonly number[], f: ProductForm): FieldErrors {
  const placed: FieldErrors = new Map()
  const add = (id: string, message: string) => placed.set(id, [...(placed.get(id) ?? []), message])
  for (const e of issues) add(fieldOf(e.path, pageRows, f), formMessage(e))
  return placed
}

function fieldOf(path: string | null, pageRows: readonly number[], f: ProductForm): string {
  if (path === null) return 'f-slug'
  const page = /^pages\[(\d+)\](?:\.(\w+))?(?:\.([\w-]+))?/.exec(path)
  if (page !== null) {
    const row = pageRows[Number(page[1])] ?? 0
    const member = page[2]
    if (member === 'name' || member === 'linkType') return `f-page.${row}.${member}`
    if (member === 'titles' || member === 'content') {
      const lang = page[3] ?? f.languages[0] ?? ''
      return `f-page.${row}.${member === 'titles' ? 'title' : 'content'}.${lang}`
    }
    return `page-${row}`
  }
  if (path === 'pages') return 'f-page.0.name'
  const name = /^names\.([\w-]+)/.exec(path)
  if (name !== null && f.languages.includes(name[1] ?? '')) return `f-name.${name[1]}`
  const top = path.split(/[.[]/)[0] ?? ''
  if (top === 'names') return 'f-languages'
  if (['gtin', 'brand', 'slug', 'languages', 'defaultLanguage'].includes(top)) return `f-${top}`
  return 'f-slug'
}

export function deleteProductPage(ctx: OrgContext, gtin: string, name: string): SafeHtml {
  const slug = ctx.membership.organization.slug
  return orgPage(
    ctx,
    'products',
    'Delete product',
    html`<h1>Delete “${name}”?</h1><p>GTIN <code>${gtin}</code>: every scan of it answers “not found” from then on, on every resolver, and its pages and codes stop working. This cannot be undone; export the catalog first to keep a copy.</p>
<form method="post" action="${orgPath(slug, `/products/${gtin}/delete`)}" class="actions">${formGuard(ctx.csrf)}<button type="submit" class="danger">Delete product</button><a href="${orgPath(slug, `/products/${gtin}`)}">Cancel</a></form>`,
  )
}
