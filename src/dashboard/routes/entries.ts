/**
 * Items and prefix rules of every other GS1 key than the GTIN (DESIGN §12): the list, an entry's page with its scan
 * preview (a rule's for a sample value), the product editor for them, delete. Saved through the catalog's entry
 * service, as products are: its import rules, `If-Match`, audit and `NOTIFY`.
 */

import { catalogWarnings } from '../../catalog/warnings.ts'
import type { Issue } from '../../gs1/issue.ts'
import { brandRefs } from '../../services/catalog/brands.ts'
import { deleteEntry, putEntry, relativeToEntry } from '../../services/catalog/entries.ts'
import { type Access, type OrgContext, organizationScope, orgPath, userActor } from '../context.ts'
import { editorState, rerender } from '../editor-page.ts'
import {
  type EntryForm,
  type EntryKind,
  emptyEntryForm,
  entryBody,
  entryIdentity,
  formOfEntry,
  identityRefusal,
  otherErrors,
  readEntryForm,
  valueField,
} from '../entry-form.ts'
import { isEntryKey } from '../entry-keys.ts'
import { addressedId, CATALOG_KINDS, formId, storedById, storedEntry } from '../entry-store.ts'
import { pageAnswer, redirectAnswer } from '../http.ts'
import { asksForUpdate, formProblems } from '../product-form.ts'
import { recentScanDays } from '../recent-scans.ts'
import type { RouteDefinition } from '../router.ts'
import { previewSample, scanPreview } from '../scan-preview.ts'
import { keepStoredSpelling } from '../stored-spelling.ts'
import { entryPath } from '../views/editor-subject.ts'
import { ERRORS, errorBody } from '../views/errors.ts'
import { defaultName } from '../views/format.ts'
import { ownedElsewhereMessage } from '../views/forms.ts'
import { deleteEntryPage, type EditorState, productPage } from '../views/product-editor.ts'
import { sampleForm } from '../views/scan-preview.ts'
import { entryList } from './entry-list.ts'

const viewer = { access: 'org', role: 'viewer', section: 'items' } as const
const editor = { access: 'org', role: 'editor', section: 'items' } as const

/** The routes of one kind: `/items/{key}/{value}`, `/rules/{key}/{prefix}`. */
function kindRoutes(kind: EntryKind): RouteDefinition<Access>[] {
  const list = kind === 'rule' ? 'rules' : 'items'
  const one = `/orgs/:org/${list}/:key/:${valueField(kind)}`
  return [
    { method: 'GET', pattern: `/orgs/:org/${list}/new`, handler: { ...editor, handle: showNew(kind) } },
    { method: 'POST', pattern: `/orgs/:org/${list}`, handler: { ...editor, handle: create(kind) } },
    { method: 'GET', pattern: one, handler: { ...viewer, handle: show(kind) } },
    { method: 'POST', pattern: one, handler: { ...editor, handle: save(kind) } },
    { method: 'GET', pattern: `${one}/delete`, handler: { ...editor, handle: confirmDelete(kind) } },
    { method: 'POST', pattern: `${one}/delete`, handler: { ...editor, handle: remove(kind) } },
  ]
}

export const ENTRY_ROUTES: readonly RouteDefinition<Access>[] = [
  { method: 'GET', pattern: '/orgs/:org/items', handler: { ...viewer, handle: entryList } },
  ...kindRoutes('item'),
  ...kindRoutes('rule'),
]

function done(kind: EntryKind): Readonly<Record<string, string>> {
  return {
    created: `The ${kind} is created.`,
    saved: `The ${kind} is saved. Every resolver answers with it within a second.`,
    unchanged: 'Nothing changed.',
  }
}

function showNew(kind: EntryKind) {
  return async (ctx: OrgContext): Promise<Response> => {
    const state = await editorState(ctx, {
      form: emptyEntryForm(kind, { brand: '', language: 'en' }),
      etag: null,
      errors: [],
      title: null,
    })
    if (state.brands.length === 0) {
      const text = `${kind === 'rule' ? 'A rule' : 'An item'} belongs to a brand, and this organization has none yet: add one on the Brands page first.`
      return pageAnswer(ctx.https, productPage(ctx, { ...state, notice: { kind: 'warn', text } }))
    }
    // From a list filtered by key, the new entry is of that key.
    const key = ctx.query.get('key') ?? ''
    const form = { ...state.form, brand: state.brands[0]?.slug ?? '', key: isEntryKey(key, kind) ? key : '' }
    return pageAnswer(ctx.https, productPage(ctx, { ...state, form }))
  }
}

function show(kind: EntryKind) {
  return async (ctx: OrgContext): Promise<Response> => {
    const stored = await storedEntry(ctx, kind)
    if (stored === null) return notFound(ctx)
    const { product } = stored
    const state = await editorState(ctx, {
      form: formOfEntry(product),
      etag: stored.etag,
      errors: [],
      warnings: catalogWarnings([product]).map(relativeToEntry('products')),
      title: defaultName(product),
      notice: noticeOf(ctx, kind),
    })
    const brand = state.brands.find((b) => b.slug === product.brand)
    const sample = kind === 'rule' ? previewSample(state.form as EntryForm, ctx.query.get('sample')) : null
    const config = ctx.deps.config
    const preview =
      brand === undefined || (sample !== null && !sample.ok)
        ? null
        : await scanPreview(product, brand, config, ctx.now, sample?.value ?? null)
    const path = entryPath(ctx.membership.organization.slug, state.form as EntryForm)
    const previewIntro = sample === null ? null : sampleForm(path, (state.form as EntryForm).value, sample)
    // A rule's scans are counted under the rule, whichever of its values was scanned.
    const scanDays = await recentScanDays(ctx, stored.id)
    return pageAnswer(ctx.https, productPage(ctx, { ...state, preview, previewIntro, scanDays }))
  }
}

function noticeOf(ctx: OrgContext, kind: EntryKind): EditorState['notice'] {
  const text = done(kind)[ctx.query.get('done') ?? '']
  return text === undefined ? null : { kind: 'ok', text }
}

function create(kind: EntryKind) {
  return async (ctx: OrgContext): Promise<Response> => {
    const form = readEntryForm(ctx.form, kind)
    if (asksForUpdate(ctx.form)) return rerender(ctx, form, null, null)
    const refusal = identityRefusal(form)
    if (refusal !== null) {
      const brands = await brandRefs(ctx.deps.database.db, ctx.membership.organization.id)
      const others = otherErrors(
        form,
        brands.map((b) => b.slug),
      )
      const errors = [refusal, ...formProblems(form), ...others]
      return rerender(ctx, form, null, null, errors, 422)
    }
    return write(ctx, form, null)
  }
}

function save(kind: EntryKind) {
  return async (ctx: OrgContext): Promise<Response> => {
    const id = addressedId(ctx, kind)
    if (id === null) return notFound(ctx)
    // The entry's key and value come from its address: a stored entry's identity is not edited.
    const { key, value } = entryIdentity(id)
    const form = { ...readEntryForm(ctx.form, kind), key, value }
    const etag = ctx.form.get('etag') ?? ''
    if (asksForUpdate(ctx.form)) return rerender(ctx, form, etag, null)
    return write(ctx, form, etag)
  }
}

/** Saves through the catalog service; a stale ETag or a refusal re-renders the form with what was typed. */
async function write(ctx: OrgContext, form: EntryForm, etag: string | null): Promise<Response> {
  const chosen = ctx.form.get('default') ?? '0'
  if (ctx.form.get(`page.${chosen}.remove`) === 'on' && form.pages.length > 0) {
    const message = 'The default page is marked for removal: choose another default page first.'
    return rerender(ctx, form, etag, null, [{ code: 'Catalog.DefaultPage', path: null, message }], 422)
  }
  const problems = formProblems(form)
  if (problems.length > 0) return rerender(ctx, form, etag, null, problems, 422)
  const id = formId(form)
  const result = await putEntry(ctx.deps.database.db, CATALOG_KINDS[form.kind], {
    scope: organizationScope(ctx),
    id,
    body: await bodyToSave(ctx, form, id, etag),
    ifMatch: etag,
    ifNoneMatch: etag === null ? '*' : null,
    actor: userActor(ctx),
  })
  if (result.ok) {
    const status =
      result.status === 'created' ? 'created' : result.status === 'updated' ? 'saved' : 'unchanged'
    return redirectAnswer(ctx.https, `${entryPath(ctx.membership.organization.slug, form)}?done=${status}`)
  }
  if (result.reason === 'invalid') return rerender(ctx, form, etag, null, result.errors, 422)
  if (result.reason === 'precondition' && etag !== null) {
    const current = await storedById(ctx, form.kind, id)
    const text = current
      ? `Someone else changed this ${form.kind} while you edited it. Your version is below: check it, then save again to replace theirs.`
      : `This ${form.kind} was deleted while you edited it. Save to create it again.`
    return rerender(ctx, form, current?.etag ?? null, { kind: 'warn', text }, [], 409)
  }
  const message =
    result.reason === 'precondition'
      ? `This organization has ${form.kind === 'rule' ? 'a rule for this prefix' : 'an item with this value'} of (${form.key}) already.`
      : ownedElsewhereMessage(`This ${valueField(form.kind)}`)
  const refusal: Issue = { code: 'Catalog.Ownership', path: valueField(form.kind), message }
  return rerender(ctx, form, etag, null, [refusal], 409)
}

/**
 * The form's entry body; for the version the form was opened on, with its stored spelling wherever the form's means
 * the same (`stored-spelling.ts`), so that saving it unchanged changes nothing.
 */
async function bodyToSave(
  ctx: OrgContext,
  form: EntryForm,
  id: string,
  etag: string | null,
): Promise<Record<string, unknown>> {
  const body = entryBody(form)
  if (etag === null) return body
  const stored = await storedById(ctx, form.kind, id)
  return stored === null || stored.etag !== etag ? body : keepStoredSpelling(body, stored.product)
}

function confirmDelete(kind: EntryKind) {
  return async (ctx: OrgContext): Promise<Response> => {
    const stored = await storedEntry(ctx, kind)
    if (stored === null) return notFound(ctx)
    const { product } = stored
    const name = defaultName(product) ?? product.slug
    return pageAnswer(ctx.https, deleteEntryPage(ctx, formOfEntry(product), name))
  }
}

function remove(kind: EntryKind) {
  return async (ctx: OrgContext): Promise<Response> => {
    const id = addressedId(ctx, kind)
    if (id === null) return notFound(ctx)
    const result = await deleteEntry(ctx.deps.database.db, CATALOG_KINDS[kind], {
      organizationId: ctx.membership.organization.id,
      id,
      ifMatch: null,
      actor: userActor(ctx),
    })
    if (result !== 'deleted') return notFound(ctx)
    const slug = ctx.membership.organization.slug
    return redirectAnswer(ctx.https, orgPath(slug, `/items?done=deleted-${kind}`))
  }
}

function notFound(ctx: OrgContext): Response {
  return pageAnswer(ctx.https, errorBody(ERRORS.notFound), { status: 404 })
}
