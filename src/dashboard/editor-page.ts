/** The catalog editor's page, for a product, an item or a prefix rule alike: its state, and the page shown again. */
import { brandRefs } from '../services/catalog/brands.ts'
import type { OrgContext } from './context.ts'
import { pageAnswer } from './http.ts'
import { type EditorState, productPage } from './views/product-editor.ts'

/** The editor's state with the organization's brands (the brand select). */
export async function editorState(
  ctx: OrgContext,
  partial: Omit<EditorState, 'brands'>,
): Promise<EditorState> {
  return { ...partial, brands: await brandRefs(ctx.deps.database.db, ctx.membership.organization.id) }
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
  const state = await editorState(ctx, { form, etag, errors, title: null, notice })
  return pageAnswer(ctx.https, productPage(ctx, state), { status, changedNothing: true })
}
