/** What the resolver derives from a catalog product, computed once per product object (the 10,000 most recent kept). */

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
    base,
    paths,
    redirects: new Map(),
  }
}

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
