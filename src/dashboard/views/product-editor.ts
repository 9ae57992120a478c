/**
 * The page of a product, or of an item or prefix rule of another key (`editor-subject.ts`): where scans go, and the
 * editor (names per language; pages with GS1 link types and titles, each hosted here or a link to a URL, with a
 * validity window; the pages of each lot; publish). Errors of a refused save and warnings of a stored entry are shown
 * beside their fields and listed at the top.
 */

import type { Issue } from '../../gs1/issue.ts'
import type { BrandRef } from '../../services/catalog/brands.ts'
import { hasRole, type OrgContext, orgPath } from '../context.ts'
import type { EntryForm } from '../entry-form.ts'
import { takesLotQualifier } from '../entry-keys.ts'
import { html, type SafeHtml } from '../html.ts'
import { emptyPage, type LotForm, type ProductForm, SHOWN_LANGUAGES } from '../product-form.ts'
import type { ScanPreview } from '../scan-preview.ts'
import { type FieldNotes, input, noteText } from './editor-fields.ts'
import { fieldLabel, IDENTITY_NOTE, type PlacedNotes, placeIssues } from './editor-paths.ts'
import { type EditorSubject, editorSubject, isEntryForm } from './editor-subject.ts'
import { formGuard, notice } from './forms.ts'
import { orgPage } from './layout.ts'
import { OFFSETS_LIST, pageFieldset, SUGGESTED_OFFSETS } from './page-fields.ts'
import { dayChart, type ScanDays } from './scan-chart.ts'
import { previewSection } from './scan-preview.ts'

export interface EditorState {
  /** A product's form, or an item's or rule's (`EntryForm`). */
  readonly form: ProductForm | EntryForm
  /** The stored entry's ETag (If-Match of the save); null for a new one. */
  readonly etag: string | null
  /** Why the save was refused, at body paths (the form's rows are the body's pages and lots, in order). */
  readonly errors: readonly Issue[]
  /** What visitors would find wanting in the stored product (`Catalog.NoText`, `Catalog.NoName`), at body paths. */
  readonly warnings?: readonly Issue[]
  readonly brands: readonly BrandRef[]
  readonly notice?: { readonly kind: 'ok' | 'warn' | 'bad'; readonly text: string } | null
  readonly preview?: ScanPreview | null
  /** Above the preview: a rule's sample value form (which value's scans the preview shows). */
  readonly previewIntro?: SafeHtml | null
  /** The stored entry's name, for the heading (null: a new one, or one without a name). */
  readonly title: string | null
  /** Its scans of the last 30 days, per day, and those forwarded to a custom domain (a stored product, item or rule). */
  readonly scanDays?: ScanDays | null
}

export function productPage(ctx: OrgContext, state: EditorState): SafeHtml {
  const slug = ctx.membership.organization.slug
  const isNew = state.etag === null
  const canEdit = hasRole(ctx.membership.role, 'editor')
  const subject = editorSubject(slug, state.form, !isNew)
  const notes: FieldNotes = {
    errors: placeIssues(state.errors, state.form, isNew),
    warnings: placeIssues(state.warnings ?? [], state.form, isNew),
  }
  const heading = isNew ? `New ${subject.noun}` : (state.title ?? subject.unnamed)
  const actions = [
    subject.codePath === null
      ? null
      : html`<a class="button secondary" href="${subject.codePath}">Make a code</a>`,
    canEdit && subject.path !== null
      ? html`<a class="button secondary" href="${subject.path}/delete">Delete</a>`
      : null,
  ].filter((a) => a !== null)
  return orgPage(
    ctx,
    subject.section,
    heading,
    html`<p><a href="${subject.list.path}">${subject.list.label}</a></p><h1>${heading}</h1>${
      isNew
        ? null
        : html`<p class="muted" id="${IDENTITY_NOTE}">${subject.identity}</p>${noteText(IDENTITY_NOTE, notes)}`
    }${state.notice ? notice(state.notice.kind, state.notice.text) : null}${errorSummary(state.errors, notes.errors, state.form, subject)}${warningSummary(notes.warnings, state.form, canEdit, subject)}
${state.scanDays ? html`<h2>Scans</h2>${dayChart(state.scanDays, 'Scans of the last 30 days')}` : null}
${state.preview || state.previewIntro ? previewSection(state.preview ?? null, state.form.published, state.previewIntro ?? null) : null}
${actions.length === 0 ? null : html`<div class="actions">${actions}</div>`}
${canEdit ? editor(ctx, state, notes, subject) : html`<p class="muted">Editors and owners can change ${subject.section === 'products' ? 'products' : 'items and rules'}.</p>`}`,
  )
}

function editor(ctx: OrgContext, state: EditorState, notes: FieldNotes, subject: EditorSubject): SafeHtml {
  const f = state.form
  const isNew = state.etag === null
  const rows = [...f.pages, emptyPage()]
  return html`<h2>${isNew ? capitalised(subject.noun) : 'Edit'}</h2><form method="post" action="${subject.action}" class="stack wide" novalidate>${formGuard(ctx.csrf)}${
    state.etag === null ? null : html`<input type="hidden" name="etag" value="${state.etag}">`
  }
${isNew ? subject.newFields(notes) : null}
<div><label for="f-brand">Brand</label><select id="f-brand" name="brand">${state.brands.map(
    (b) => html`<option value="${b.slug}"${b.slug === f.brand ? html` selected` : null}>${b.name}</option>`,
  )}</select>${
    state.brands.length === 0
      ? html`<span class="hint">No brands yet: <a href="${orgPath(ctx.membership.organization.slug, '/brands')}">add one on the Brands page</a> first.</span>`
      : null
  }${noteText('f-brand', notes)}</div>
${input('slug', 'URL name', f.slug, notes, { hint: `Lower-case letters, digits and hyphens; part of the ${subject.noun} page addresses.` })}
<label class="check"><input type="checkbox" name="published"${f.published ? html` checked` : null}> Published (scans resolve it)</label>
${input('languages', 'Languages', f.languages.join(', '), notes, { hint: 'Language tags such as en, de, fr-ca, separated by commas. After changing them, update the form to get their fields.' })}<input type="hidden" name="${SHOWN_LANGUAGES}" value="${f.languages.join(',')}">
${input('defaultLanguage', 'Default language', f.defaultLanguage, notes, { hint: 'One of the languages; scans in other languages open it.' })}
<fieldset><legend>Name in each language</legend>${f.languages.map((lang) =>
    input(`name.${lang}`, lang, f.names[lang] ?? '', notes),
  )}</fieldset>
${rows.map((page, row) => {
  const spare = row === f.pages.length
  return pageFieldset(
    page,
    {
      prefix: `page.${row}`,
      fieldset: `page-${row}`,
      legend: spare ? 'Add a page' : `Page ${row + 1}: ${page.name || 'unnamed'}`,
      spare,
      defaultRadio: { value: String(row), checked: !spare && row === f.defaultPage },
      otherKey: isEntryForm(f),
    },
    f.languages,
    notes,
  )
})}
${lotsSection(f, notes, subject.noun)}
<datalist id="${OFFSETS_LIST}">${SUGGESTED_OFFSETS.map((o) => html`<option value="${o}"></option>`)}</datalist>
<div class="actions"><button type="submit" name="action" value="save">${isNew ? `Create ${subject.noun}` : 'Save'}</button><button type="submit" name="action" value="refresh" class="secondary">Update the form</button></div></form>`
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/** The product's lots with their pages, and an empty lot to add one. */
function lotsSection(f: ProductForm, notes: FieldNotes, noun: string): SafeHtml {
  const lots: LotForm[] = [...f.lots, { value: '', pages: [] }]
  // A key whose links take no lot qualifier (all but 01 and 8006) names it in the query: `?10=`.
  const named = isEntryForm(f) && !takesLotQualifier(f.key) ? ', named as ?10= in its link' : ''
  return html`<h3>Lots</h3><p class="hint" id="lots-hint">A scan of a lot (its batch or lot number, AI 10, exactly as printed: capitals count${named}) sees the lot's pages first: a page with the URL name of a ${noun} page replaces it (the default page too), the others are added, such as a recall notice for one lot.</p>
${lots.map((lot, k) => lotFieldset(lot, k, k === f.lots.length, f.languages, notes, isEntryForm(f)))}`
}

function lotFieldset(
  lot: LotForm,
  k: number,
  spare: boolean,
  languages: readonly string[],
  notes: FieldNotes,
  otherKey: boolean,
): SafeHtml {
  const rows = [...lot.pages, emptyPage()]
  return html`<fieldset class="lot" id="lot-${k}"><legend>${spare ? 'Add a lot' : `Lot ${lot.value}`}</legend>${noteText(`lot-${k}`, notes)}
${input(`lot.${k}.value`, 'Lot', lot.value, notes, { describedBy: 'lots-hint', hint: spare ? 'Leave empty to add no lot. Fill in its first page below; update the form for more.' : undefined, autocomplete: 'off' })}
${rows.map((page, row) => {
  const pageSpare = row === lot.pages.length
  return pageFieldset(
    page,
    {
      prefix: `lot.${k}.page.${row}`,
      fieldset: `lot-${k}-page-${row}`,
      legend: pageSpare ? 'Add a page to this lot' : `Lot page ${row + 1}: ${page.name || 'unnamed'}`,
      spare: pageSpare,
      defaultRadio: null,
      otherKey,
    },
    languages,
    notes,
  )
})}
${spare ? null : html`<label class="check"><input type="checkbox" name="lot.${k}.remove"> Remove this lot and its pages</label>`}</fieldset>`
}

/** The list of problems at the top, each linking to its field (the GOV.UK error summary pattern). */
function errorSummary(
  issues: readonly Issue[],
  placed: PlacedNotes,
  f: ProductForm,
  subject: EditorSubject,
): SafeHtml | null {
  if (issues.length === 0) return null
  return notice(
    'bad',
    html`<p><strong>The ${subject.noun} was not saved.</strong></p><ul>${summaryItems(placed, f, true)}</ul>`,
  )
}

/** The stored entry's warnings: it is saved, but visitors would find it wanting (a page without text, no name). */
function warningSummary(
  placed: PlacedNotes,
  f: ProductForm,
  linked: boolean,
  subject: EditorSubject,
): SafeHtml | null {
  if (placed.size === 0) return null
  return notice(
    'warn',
    html`<p><strong>Warnings:</strong> the ${subject.noun} is saved, but visitors would find it wanting.</p><ul>${summaryItems(placed, f, linked)}</ul>`,
  )
}

function summaryItems(placed: PlacedNotes, f: ProductForm, linked: boolean): SafeHtml[] {
  return [...placed.entries()].flatMap(([id, messages]) =>
    messages.map((m) =>
      linked
        ? html`<li><a href="#${id}">${fieldLabel(id, f)}: ${m}</a></li>`
        : html`<li>${fieldLabel(id, f)}: ${m}</li>`,
    ),
  )
}

export function deleteProductPage(ctx: OrgContext, gtin: string, name: string): SafeHtml {
  return deletePage(ctx, editorSubject(ctx.membership.organization.slug, { gtin }, true), name)
}

/** Asks before deleting a stored item or rule. */
export function deleteEntryPage(
  ctx: OrgContext,
  entry: Pick<EntryForm, 'kind' | 'key' | 'value'>,
  name: string,
): SafeHtml {
  return deletePage(ctx, editorSubject(ctx.membership.organization.slug, entry, true), name)
}

function deletePage(ctx: OrgContext, subject: EditorSubject, name: string): SafeHtml {
  const path = subject.path ?? subject.list.path
  const after =
    subject.noun === 'rule'
      ? 'every scan of a value it answered goes to a shorter rule of its key, or answers “not found”, from then on, on every resolver'
      : subject.noun === 'item'
        ? 'every scan of it goes to a prefix rule of its key that answers it, or answers “not found”, from then on, on every resolver, and its pages stop working'
        : 'every scan of it answers “not found” from then on, on every resolver, and its pages and codes stop working'
  return orgPage(
    ctx,
    subject.section,
    `Delete ${subject.noun}`,
    html`<h1>Delete “${name}”?</h1><p>${subject.identity}: ${after}. This cannot be undone; export the catalog first to keep a copy.</p>
<form method="post" action="${path}/delete" class="actions">${formGuard(ctx.csrf)}<button type="submit" class="danger">Delete ${subject.noun}</button><a href="${path}">Cancel</a></form>`,
  )
}
