/** The catalog editor's page, for a product, an item or a prefix rule alike: its state, and the page shown again. */
import { brandRefs } from '../services/catalog/brands.ts'
import { getProduct } from '../services/catalog/products.ts'
import type { OrgContext } from './context.ts'
import { formId, storedById } from './entry-store.ts'
import { pageAnswer } from './http.ts'
import { isEntryForm } from './views/editor-subject.ts'
import { defaultName } from './views/format.ts'
import { type EditorState, productPage } from './views/product-editor.ts'

/** The editor's state with the organization's brands (the brand select). */
export async function editorState(
  ctx: OrgContext,
  partial: Omit<EditorState, 'brands'>,
): Promise<EditorState> {
  return { ...partial, brands: await brandRefs(ctx.deps.database.db, ctx.membership.organization.id) }
}

/**
 * The name the stored entry the form edits has now (not what the form says: a refused save changed nothing); null
 * for a new entry, or one deleted meanwhile.
 */
async function storedName(
  ctx: OrgContext,
  form: EditorState['form'],
  etag: string | null,
): Promise<string | null> {
  if (etag === null) return null
  const stored = isEntryForm(form)
    ? await storedById(ctx, form.kind, formId(form))
    : await getProduct(ctx.deps.database.db, ctx.membership.organization.id, form.gtin)
  return stored === null ? null : defaultName(stored.product)
}

/** The editor shown again with what was typed, a notice and the errors at their fields; nothing changed. */
export async function rerender(
  ctx: OrgContext,
  form: EditorState['form'],
  etag: string | null,
  notice: EditorState['notice'],
  errors: EditorState['errors'] = [],
  status = 200,
): Promise<Response> {
  const title = await storedName(ctx, form, etag)
  const state = await editorState(ctx, { form, etag, errors, title, notice })
  return pageAnswer(ctx.https, productPage(ctx, state), { status, changedNothing: true })
}
