/** What the resolver derives from a catalog product, computed once per product object (the 10,000 most recent kept). */

import { entryLinkPath } from '../catalog/entry-id.ts'
import { linkTypeUri, toLinkTypeName } from '../gs1/link-types.ts'
import { dropOldest } from '../lib/bounded-map.ts'
import type { CatalogPage, CatalogProduct } from './catalog.ts'
import type { ScanHost } from './hosts.ts'
import type { Answer } from './responses.ts'

export interface PageView {
  readonly page: CatalogPage
  /** Bare link-type name (`pip`), or null when the page's type is not in the GS1 Web Vocabulary. */
  readonly linkTypeName: string | null
  /** Full `https://ref.gs1.org/voc/…` URI keying the page in the linkset, or null (not listed). */
  readonly linkTypeUri: string | null
  /** Lower-case languages the page is published in, in catalog order. */
  readonly languages: readonly string[]
  /** An external page (DESIGN §11): its links lead to the brand's `href`, not to a page hosted here. */
  readonly external: boolean
  /** `/{brand}/{product}/{page}`, URL-encoded. */
  readonly base: string
  /** `/{locale}/{brand}/{product}/{page}` per language. */
  readonly paths: ReadonlyMap<string, string>
  /**
   * Bare-GTIN redirects to this page, by scanned host (an object per resolver and host, so resolvers over the
   * same products never share one) and language (resolve.ts).
   */
  readonly redirects: Map<ScanHost, Map<string, Answer>>
}

export interface ProductView {
  readonly product: CatalogProduct
  readonly pages: readonly PageView[]
  /** The page marked default (the first page if the data marks none); null for a product without pages. */
  readonly defaultPage: PageView | null
  readonly defaultLanguage: string
  /** Product name in its default language, or null (linkset `description`). */
  readonly description: string | null
  /** Serialised linksets of this product, by anchor, link origin and pinned versions (linkset-response.ts). */
  readonly linksets: Map<string, string>
  /**
   * A page has a validity window: what a scan sees depends on the time, so no answer of this product is
   * remembered beyond the scan (a boundary then takes effect at once, on every instance).
   */
  readonly timed: boolean
}

/**
 * Views of the most recently seen product objects. A bounded map, not a WeakMap: every collection of the heap
 * processes each WeakMap entry, and a resolver scanning a million products spent twice as long in collection
 * pauses that way (bench/RESULTS.md). A product the catalog has let go stays here until pushed out.
 */
const views = new Map<CatalogProduct, ProductView>()
/** As many as the answer memo keeps answers (`answer-memo.ts`); an older view is rebuilt in microseconds. */
const MAX_VIEWS = 10_000

function pageView(product: CatalogProduct, page: CatalogPage): PageView {
  const name = toLinkTypeName(page.linkType)
  const languages = Object.keys(page.titles).map((l) => l.toLowerCase())
  const base = `/${encodeURIComponent(product.brandSlug)}/${encodeURIComponent(product.productSlug)}/${encodeURIComponent(page.name)}`
  const paths = new Map<string, string>()
  for (const lang of languages) paths.set(lang, `/${lang}${base}`)
  return {
    page,
    linkTypeName: name,
    linkTypeUri: name === null ? null : linkTypeUri(name),
    languages,
    external: page.href !== null && page.href !== undefined,
    base,
    paths,
    redirects: new Map(),
  }
}

const isTimed = (page: CatalogPage) =>
  typeof page.validFrom === 'number' || typeof page.validUntil === 'number'

function buildView(product: CatalogProduct): ProductView {
  const pages = product.pages.map((p) => pageView(product, p))
  const defaultLanguage = product.defaultLanguage.toLowerCase()
  const name = product.names[product.defaultLanguage] ?? product.names[defaultLanguage]
  return {
    product,
    pages,
    defaultPage: pages.find((p) => p.page.isDefault) ?? pages[0] ?? null,
    defaultLanguage,
    description: name === undefined || name === '' ? null : name,
    linksets: new Map(),
    timed:
      product.pages.some(isTimed) || Object.values(product.lots ?? {}).some((pages) => pages.some(isTimed)),
  }
}

/** Whether the page exists at `now` (epoch milliseconds): within its window, if it has one. */
function isValidAt(page: CatalogPage, now: number): boolean {
  return !(
    (typeof page.validFrom === 'number' && now < page.validFrom) ||
    (typeof page.validUntil === 'number' && now >= page.validUntil)
  )
}

/**
 * The product as one scan sees it (DESIGN §11): the scanned lot's pages first (one named like a product page
 * replaces it, and is the default when it replaces the default; the others follow the product's), and no page
 * outside its window. The product's own view when neither applies, as for nearly every scan.
 */
export function scanView(view: ProductView, lot: string | null, now: number): ProductView {
  const lotPages = lot === null ? undefined : view.product.lots?.[lot]
  if (lotPages === undefined && !view.timed) return view
  let pages = [...view.pages]
  for (const page of lotPages ?? []) {
    const at = pages.findIndex((p) => p.page.name === page.name)
    const replaced = pages[at]
    const own = pageView(view.product, { ...page, isDefault: replaced?.page.isDefault === true })
    if (replaced === undefined) pages.push(own)
    else pages[at] = own
  }
  if (view.timed) pages = pages.filter((p) => isValidAt(p.page, now))
  return {
    ...view,
    pages,
    defaultPage: pages.find((p) => p.page.isDefault) ?? pages[0] ?? null,
    linksets: new Map(),
  }
}

/**
 * The view of a product; catalogs return the same object while it is cached, so this is computed once per object.
 * `keep: false` for a product the catalog did not keep: a later scan gets another object, so its view is built
 * for this answer alone and left to die young.
 */
export function productView(product: CatalogProduct, options: { keep?: boolean } = {}): ProductView {
  let view = views.get(product)
  if (view === undefined) {
    view = buildView(product)
    if (options.keep === false) return view
    views.set(product, view)
    dropOldest(views, MAX_VIEWS)
  }
  return view
}

/** The page's path in one of its languages. */
export function pagePath(page: PageView, language: string): string {
  return page.paths.get(language) ?? `/${language}${page.base}`
}

/** The page's title in a language it is published in. */
export function pageTitle(page: PageView, language: string): string {
  const titles = page.page.titles
  return titles[language] ?? Object.entries(titles).find(([l]) => l.toLowerCase() === language)?.[1] ?? ''
}

/**
 * The resolver's link to an external page of the product (`/01/{gtin}?linkType={name}`, then `query`), which
 * redirects to it with its template expanded.
 */
export function externalPageLink(product: CatalogProduct, page: PageView, query: string): string {
  const link = `${entryLinkPath(product.gtin)}?linkType=${encodeURIComponent(page.page.name)}`
  return query === '' ? link : `${link}&${query}`
}
