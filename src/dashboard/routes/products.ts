/** Products of an organization: the list, a product's page with its scan preview, the editor, delete. */

import { validateCatalog } from '../../catalog/validate.ts'
import { catalogWarnings } from '../../catalog/warnings.ts'
import { normaliseGtin } from '../../gs1/gtin.ts'
import type { Issue } from '../../gs1/issue.ts'
import { brandRefs } from '../../services/catalog/brands.ts'
import {
  deleteProduct,
  getProduct,
  listProducts,
  putProduct,
  relativeToProduct,
} from '../../services/catalog/products.ts'
import { type Access, type OrgContext, organizationScope, orgPath, userActor } from '../context.ts'
import { editorState, rerender } from '../editor-page.ts'
import { pageAnswer, redirectAnswer } from '../http.ts'
import {
  asksForUpdate,
  emptyForm,
  formOfProduct,
  formProblems,
  type ProductForm,
  productBody,
  readProductForm,
} from '../product-form.ts'
import { recentScanDays } from '../recent-scans.ts'
import type { RouteDefinition } from '../router.ts'
import { scanPreview } from '../scan-preview.ts'
import { keepStoredSpelling } from '../stored-spelling.ts'
import { ERRORS, errorBody } from '../views/errors.ts'
import { defaultName } from '../views/format.ts'
import { ownedElsewhereMessage } from '../views/forms.ts'
import { deleteProductPage, type EditorState, productPage } from '../views/product-editor.ts'
import { type ProductQuery, productsPage } from '../views/products.ts'

const viewer = { access: 'org', role: 'viewer', section: 'products' } as const
const editor = { access: 'org', role: 'editor', section: 'products' } as const

/** Products per page of the list. */
export const PRODUCTS_PAGE_SIZE = 50

export const PRODUCT_ROUTES: readonly RouteDefinition<Access>[] = [
  { method: 'GET', pattern: '/orgs/:org/products', handler: { ...viewer, handle: list } },
  { method: 'GET', pattern: '/orgs/:org/products/new', handler: { ...editor, handle: showNew } },
  { method: 'POST', pattern: '/orgs/:org/products', handler: { ...editor, handle: create } },
  { method: 'GET', pattern: '/orgs/:org/products/:gtin', handler: { ...viewer, handle: show } },
  { method: 'POST', pattern: '/orgs/:org/products/:gtin', handler: { ...editor, handle: save } },
  {
    method: 'GET',
    pattern: '/orgs/:org/products/:gtin/delete',
    handler: { ...editor, handle: confirmDelete },
  },
  { method: 'POST', pattern: '/orgs/:org/products/:gtin/delete', handler: { ...editor, handle: remove } },
]

const DONE: Readonly<Record<string, string>> = {
  created: 'The product is created.',
  saved: 'The product is saved. Every resolver answers with it within a second.',
  unchanged: 'Nothing changed.',
  deleted: 'The product is deleted: its scans answer “not found”.',
}

async function list(ctx: OrgContext): Promise<Response> {
  const published = ctx.query.get('published')
  const query: ProductQuery = {
    q: (ctx.query.get('q') ?? '').slice(0, 200),
    brand: ctx.query.get('brand') ?? '',
    published: published === 'yes' || published === 'no' ? published : '',
    after: /^\d{14}$/.test(ctx.query.get('after') ?? '') ? (ctx.query.get('after') as string) : '',
  }
  const db = ctx.deps.database.db
  const page = await listProducts(db, ctx.membership.organization.id, {
    limit: PRODUCTS_PAGE_SIZE,
    ...(query.q ? { q: query.q } : {}),
    ...(query.brand ? { brand: query.brand } : {}),
    ...(query.published ? { published: query.published === 'yes' } : {}),
    ...(query.after ? { after: query.after } : {}),
  })
  const brands = await brandRefs(db, ctx.membership.organization.id)
  const done = DONE[ctx.query.get('done') ?? ''] ?? null
  return pageAnswer(ctx.https, productsPage(ctx, { query, brands, ...page, done }))
}

async function showNew(ctx: OrgContext): Promise<Response> {
  const state = await editorState(ctx, {
    form: emptyForm({ brand: '', language: 'en' }),
    etag: null,
    errors: [],
    title: null,
  })
  if (state.brands.length === 0) {
    const text =
      'A product belongs to a brand, and this organization has none yet: import a catalog with one first.'
    return pageAnswer(ctx.https, productPage(ctx, { ...state, notice: { kind: 'warn', text } }))
  }
  return pageAnswer(
    ctx.https,
    productPage(ctx, { ...state, form: { ...state.form, brand: state.brands[0]?.slug ?? '' } }),
  )
}

async function show(ctx: OrgContext): Promise<Response> {
  const stored = await getProduct(ctx.deps.database.db, ctx.membership.organization.id, ctx.params.gtin ?? '')
  if (stored === null) return notFound(ctx)
  if (ctx.params.gtin !== stored.product.gtin) {
    return redirectAnswer(
      ctx.https,
      orgPath(ctx.membership.organization.slug, `/products/${stored.product.gtin}`),
    )
  }
  const state = await editorState(ctx, {
    form: formOfProduct(stored.product),
    etag: stored.etag,
    errors: [],
    warnings: catalogWarnings([stored.product]).map(relativeToProduct),
    title: defaultName(stored.product),
    notice: noticeOf(ctx),
  })
  const brand = state.brands.find((b) => b.slug === stored.product.brand)
  const preview =
    brand === undefined ? null : await scanPreview(stored.product, brand, ctx.deps.config, ctx.now)
  const scanDays = await recentScanDays(ctx, stored.product.gtin)
  return pageAnswer(ctx.https, productPage(ctx, { ...state, preview, scanDays }))
}

function noticeOf(ctx: OrgContext): EditorState['notice'] {
  const text = DONE[ctx.query.get('done') ?? '']
  return text === undefined ? null : { kind: 'ok', text }
}

async function create(ctx: OrgContext): Promise<Response> {
  const form = readProductForm(ctx.form)
  if (asksForUpdate(ctx.form)) return rerender(ctx, form, null, null)
  const gtin = normaliseGtin(form.gtin)
  if (gtin === null) {
    const message = 'Enter a GTIN of 8, 12, 13 or 14 digits with the right check digit.'
    const gtinError = { code: 'Catalog.CheckDigit', path: 'gtin', message }
    const others = [...formProblems(form), ...(await otherErrors(ctx, form))]
    return rerender(ctx, form, null, null, [gtinError, ...others], 422)
  }
  return write(ctx, { ...form, gtin }, null)
}

/**
 * What else is wrong with a new product whose GTIN is wrong: the rest is checked as if the GTIN were valid, so
 * that the form lists every error at once instead of one more on each submit.
 */
async function otherErrors(ctx: OrgContext, form: ProductForm): Promise<Issue[]> {
  const brands = await brandRefs(ctx.deps.database.db, ctx.membership.organization.id)
  const known = {
    organizations: new Set<string>(),
    brands: new Set(brands.map((b) => b.slug)),
    domains: new Map(),
  }
  const checked = validateCatalog({ products: [{ ...productBody(form), gtin: ANY_VALID_GTIN }] }, known)
  if (checked.ok) return []
  return checked.errors.map(relativeToProduct).filter((e) => e.path !== 'gtin')
}

/** A GTIN-14 with a right check digit, standing in for a mistyped one while the rest is checked. */
const ANY_VALID_GTIN = '00000000000000'

async function save(ctx: OrgContext): Promise<Response> {
  const form = readProductForm(ctx.form)
  const gtin = normaliseGtin(ctx.params.gtin ?? '')
  if (gtin === null) return notFound(ctx)
  const etag = ctx.form.get('etag') ?? ''
  if (asksForUpdate(ctx.form)) return rerender(ctx, { ...form, gtin }, etag, null)
  return write(ctx, { ...form, gtin }, etag)
}

/** Saves through the catalog service; a stale ETag or a refusal re-renders the form with what was typed. */
async function write(ctx: OrgContext, form: ProductForm, etag: string | null): Promise<Response> {
  // Removing the default page would silently send every scan to another page: the editor picks the new one.
  const chosen = ctx.form.get('default') ?? '0'
  if (ctx.form.get(`page.${chosen}.remove`) === 'on' && form.pages.length > 0) {
    const message = 'The default page is marked for removal: choose another default page first.'
    const refusal = { code: 'Catalog.DefaultPage', path: null, message }
    return rerender(ctx, form, etag, null, [refusal], 422)
  }
  const problems = formProblems(form)
  if (problems.length > 0) return rerender(ctx, form, etag, null, problems, 422)
  const result = await putProduct(ctx.deps.database.db, {
    scope: organizationScope(ctx),
    gtin: form.gtin,
    body: await bodyToSave(ctx, form, etag),
    ifMatch: etag,
    ifNoneMatch: etag === null ? '*' : null,
    actor: userActor(ctx),
  })
  const slug = ctx.membership.organization.slug
  if (result.ok) {
    const done = result.status === 'created' ? 'created' : result.status === 'updated' ? 'saved' : 'unchanged'
    return redirectAnswer(ctx.https, orgPath(slug, `/products/${result.view.product.gtin}?done=${done}`))
  }
  if (result.reason === 'invalid') return rerender(ctx, form, etag, null, result.errors, 422)
  if (result.reason === 'precondition' && etag !== null) {
    const current = await getProduct(ctx.deps.database.db, ctx.membership.organization.id, form.gtin)
    const text = current
      ? 'Someone else changed this product while you edited it. Your version is below: check it, then save again to replace theirs.'
      : 'This product was deleted while you edited it. Save to create it again.'
    return rerender(ctx, form, current?.etag ?? null, { kind: 'warn', text }, [], 409)
  }
  const message =
    result.reason === 'precondition'
      ? `A product with GTIN ${form.gtin} exists already.`
      : result.reason === 'conflict'
        ? ownedElsewhereMessage('This GTIN', 'the number')
        : result.message
  return rerender(ctx, form, etag, null, [{ code: 'Catalog.Ownership', path: 'gtin', message }], 409)
}

/**
 * The form's product body; for the version the form was opened on, with its stored spelling wherever the form's
 * means the same (`stored-spelling.ts`), so that saving it unchanged changes nothing.
 */
async function bodyToSave(
  ctx: OrgContext,
  form: ProductForm,
  etag: string | null,
): Promise<Record<string, unknown>> {
  const body = productBody(form)
  if (etag === null) return body
  const stored = await getProduct(ctx.deps.database.db, ctx.membership.organization.id, form.gtin)
  return stored === null || stored.etag !== etag ? body : keepStoredSpelling(body, stored.product)
}

async function confirmDelete(ctx: OrgContext): Promise<Response> {
  const stored = await getProduct(ctx.deps.database.db, ctx.membership.organization.id, ctx.params.gtin ?? '')
  if (stored === null) return notFound(ctx)
  const name = defaultName(stored.product) ?? stored.product.slug
  return pageAnswer(ctx.https, deleteProductPage(ctx, stored.product.gtin, name))
}

async function remove(ctx: OrgContext): Promise<Response> {
  const result = await deleteProduct(ctx.deps.database.db, {
    organizationId: ctx.membership.organization.id,
    gtin: ctx.params.gtin ?? '',
    ifMatch: null,
    actor: userActor(ctx),
  })
  if (result !== 'deleted') return notFound(ctx)
  return redirectAnswer(ctx.https, orgPath(ctx.membership.organization.slug, '/products?done=deleted'))
}

function notFound(ctx: OrgContext): Response {
  return pageAnswer(ctx.https, errorBody(ERRORS.notFound), { status: 404 })
}
