/** A stored page's extras (DESIGN §11: external link, image, validity window) as the resolver's `CatalogPage` holds them. */
import type { CatalogPage, CatalogProduct } from './catalog.ts'

/** The extras as the catalog file and the database write them (windows as RFC 3339 text). */
export interface StoredPageExtras {
  readonly image?: { readonly src: string; readonly alt: Readonly<Record<string, string>> }
  readonly href?: string | Readonly<Record<string, string>>
  readonly type?: string
  readonly context?: string
  readonly validFrom?: string
  readonly validUntil?: string
}

/** `page` with the extras it has; a page without any is returned as it is. */
export function withPageExtras(page: CatalogPage, extras: StoredPageExtras | null | undefined): CatalogPage {
  if (extras === null || extras === undefined) return page
  const { image, href, type, context, validFrom, validUntil } = extras
  if ([image, href, type, context, validFrom, validUntil].every((v) => v === undefined)) return page
  return {
    ...page,
    image: image ?? null,
    href: href ?? null,
    mediaType: type ?? null,
    context: context ?? null,
    validFrom: validFrom === undefined ? null : Date.parse(validFrom),
    validUntil: validUntil === undefined ? null : Date.parse(validUntil),
  }
}

/** Pages by lot, from pages that each name their lot; undefined when there are none (the common case). */
export function groupLots(
  pages: readonly { readonly lot: string; readonly page: CatalogPage }[],
): CatalogProduct['lots'] {
  if (pages.length === 0) return undefined
  const lots: Record<string, CatalogPage[]> = {}
  for (const { lot, page } of pages) {
    const list = lots[lot] ?? []
    list.push(page)
    lots[lot] = list
  }
  return lots
}
