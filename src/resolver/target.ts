/** Which page a `linkType` value asks for (SPEC "Accepted linkType values"). */
import { toLinkTypeName } from '../gs1/link-types.ts'
import type { PageView, ProductView } from './product-view.ts'

/** A page; `productLanguage` when it must open in the product's default language (`gs1:defaultLink`). */
export interface PageTarget {
  readonly kind: 'page'
  readonly page: PageView
  readonly productLanguage: boolean
}

export type Target = PageTarget | { readonly kind: 'linkset' } | { readonly kind: 'missing' }

const LINKSET: Target = { kind: 'linkset' }
const MISSING: Target = { kind: 'missing' }
export const LINK_TYPE_LINKSET = 'linkset'

function toPage(page: PageView | null | undefined, productLanguage = false): Target {
  return page === null || page === undefined ? MISSING : { kind: 'page', page, productLanguage }
}

/** The page of a link type: the default page when it has that type, else the first page of that type. */
function pageOfType(view: ProductView, name: string): PageView | undefined {
  const d = view.defaultPage
  if (d !== null && d.linkTypeName === name) return d
  return view.pages.find((p) => p.linkTypeName === name)
}

/**
 * Resolves the `linkType` value (already percent-decoded, case-sensitive): none or `gs1:defaultLinkMulti`
 * → default page in the scanner's language; `gs1:defaultLink` → default page in the product's language;
 * `linkset`; a GS1 link type as CURIE or one of the three URI forms; or a page's URL name.
 */
export function selectTarget(view: ProductView, value: string | null): Target {
  if (value === null) return toPage(view.defaultPage)
  if (value === LINK_TYPE_LINKSET) return LINKSET
  const name = toLinkTypeName(value)
  if (name === 'defaultLink') return toPage(view.defaultPage, true)
  if (name === 'defaultLinkMulti') return toPage(view.defaultPage)
  if (name !== null) return toPage(pageOfType(view, name))
  return toPage(view.pages.find((p) => p.page.name === value))
}
