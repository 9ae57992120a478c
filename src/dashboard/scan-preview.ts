/**
 * Where a scan of a product goes, worked out by the resolver itself, with no guessing of its rules here: a scan per
 * language of the product (published or not) in an in-memory catalog, the `Location` read back; and for every page,
 * without a lot and per lot, the URL the resolver's own functions give a scan that opens it (`scanView` for the lot's
 * pages and the validity windows, `expandedHref` and `withQuery` for external links, `redirectQuery` for the pinned
 * lot, `pickLanguage` for the scanner's language).
 */

import { percentEncode } from '../gs1/index.ts'
import type { CatalogPage, CatalogProduct } from '../resolver/catalog.ts'
import type { ResolverConfig } from '../resolver/config.ts'
import { aisInHref, expandedHref, scanValues, withQuery } from '../resolver/external.ts'
import { createResolver } from '../resolver/index.ts'
import { pickLanguage } from '../resolver/language.ts'
import { linkPath } from '../resolver/link.ts'
import { createMemoryCatalog } from '../resolver/memory-catalog.ts'
import { parseGtinPath } from '../resolver/path.ts'
import { type PageView, pagePath, productView, scanView } from '../resolver/product-view.ts'
import { publishedProducts } from '../resolver/published-products.ts'
import { redirectQuery } from '../resolver/query.ts'
import type { BrandRef } from '../services/catalog/brands.ts'
import type { CanonicalProduct } from '../services/catalog/rows.ts'

export interface ScanOutcome {
  /** The scanner's `Accept-Language`, or null for a scanner whose languages the product has none of. */
  readonly language: string | null
  readonly status: number
  /** The page the scan ends on (absolute), or null. */
  readonly location: string | null
  /** The brand's custom domain the scan passed through on its way, or null. */
  readonly via: string | null
}

/** Where one page leads a scanner of one language. */
export interface PageTarget {
  /** The scanner's language, or null for any other. */
  readonly language: string | null
  /** The language of the page it opens. */
  readonly served: string
  /** The absolute URL: the expanded external link, or the hosted page on the resolver (or the custom domain). */
  readonly url: string
}

export interface PagePreview {
  readonly name: string
  readonly linkType: string
  /** What a scan without a link type opens. */
  readonly isDefault: boolean
  readonly external: boolean
  /** A page of the lot itself (replacing the product's page of its name, or added). */
  readonly ofLot: boolean
  /** Null while the page exists; its window (as stored) when it is outside it now. */
  readonly notNow: { readonly from: string | null; readonly until: string | null } | null
  readonly targets: readonly PageTarget[]
}

/** The pages a scan sees: without a lot, or of one lot. */
export interface ScanContext {
  readonly lot: string | null
  /** The Digital Link scanned (on the resolver host). */
  readonly link: string
  readonly pages: readonly PagePreview[]
}

export interface ScanPreview {
  /** The Digital Link of the product on the resolver host. */
  readonly link: string
  readonly outcomes: readonly ScanOutcome[]
  /** The product's pages, then each lot's. */
  readonly contexts: readonly ScanContext[]
}

/** A language no product is likely to be published in, to show the fallback to the default language. */
const OTHER_LANGUAGE = 'ja'

export async function scanPreview(
  product: CanonicalProduct,
  brand: BrandRef,
  config: ResolverConfig,
  now: number,
): Promise<ScanPreview> {
  const [published] = publishedProducts({
    organizations: [],
    brands: [
      {
        slug: brand.slug,
        name: brand.name,
        organization: '',
        customDomain: brand.customDomain,
        customDomainActive: brand.customDomainActive,
      },
    ],
    products: [{ ...product, published: true }],
  })
  const link = `${config.resolverUrl}/01/${product.gtin}`
  if (published === undefined) return { link, outcomes: [], contexts: [] }
  const resolver = createResolver({
    catalog: createMemoryCatalog([published]),
    config,
    answerMemoSize: 0,
    clock: () => now,
  })
  const languages: (string | null)[] = [...product.languages]
  if (!product.languages.some((l) => l.split('-')[0] === OTHER_LANGUAGE)) languages.push(null)
  const outcomes: ScanOutcome[] = []
  for (const language of languages) {
    const scan = await follow(resolver, link, language ?? OTHER_LANGUAGE, published.customDomain)
    outcomes.push({ language, ...scan })
  }
  const origin =
    published.customDomain === null
      ? new URL(config.resolverUrl).origin
      : `${config.customDomainScheme}://${published.customDomain}`
  const at = { product, published, languages, origin, resolverUrl: config.resolverUrl, now }
  const lots = Object.keys(product.lots ?? {})
  const contexts = [null, ...lots].flatMap((lot) => scanContext(at, lot) ?? [])
  return { link, outcomes, contexts }
}

/** Scans `link` and follows a redirect to the same link on the brand's custom domain, as a phone would. */
async function follow(
  resolver: (request: Request) => Promise<Response>,
  link: string,
  language: string,
  customDomain: string | null,
): Promise<Omit<ScanOutcome, 'language'>> {
  let url = link
  let via: string | null = null
  for (let hop = 0; hop < 2; hop++) {
    const response = await resolver(new Request(url, { headers: { 'accept-language': language } }))
    const location = response.headers.get('location')
    const next = location === null ? null : new URL(location, url)
    // Only the hop to the brand's domain: an external page may well be a Digital Link on another host.
    if (next !== null && hop === 0 && next.hostname === customDomain && next.pathname.startsWith('/01/')) {
      via = next.host
      url = next.href
      continue
    }
    return { status: response.status, location: next?.href ?? null, via }
  }
  return { status: 508, location: null, via }
}

interface PreviewInput {
  readonly product: CanonicalProduct
  readonly published: CatalogProduct
  readonly languages: readonly (string | null)[]
  /** Where hosted pages are: the resolver, or the brand's active custom domain. */
  readonly origin: string
  readonly resolverUrl: string
  readonly now: number
}

/** Every page a scan of the lot (or of no lot) sees, those outside their window now included and marked. */
function scanContext(at: PreviewInput, lot: string | null): ScanContext | null {
  const { product, published, now } = at
  const link = parseGtinPath(`/${product.gtin}${lot === null ? '' : `/10/${percentEncode(lot)}`}`)
  if (link === null) return null
  const every = scanView(productView(withoutWindows(published), { keep: false }), lot, now)
  const current = scanView(productView(published, { keep: false }), lot, now)
  const shown = new Set(current.pages.map((p) => p.page.name))
  const own = new Set((lot === null ? [] : (published.lots?.[lot] ?? [])).map((p) => p.name))
  const pages = every.pages.map((page): PagePreview => {
    const name = page.page.name
    return {
      name,
      linkType: page.page.linkType,
      isDefault: page === every.defaultPage,
      external: page.external,
      ofLot: own.has(name),
      notNow: shown.has(name) ? null : storedWindow(product, lot, name),
      targets: at.languages.map((language) => {
        const scanner = [language ?? OTHER_LANGUAGE]
        const served = pickLanguage(page.languages, scanner, every.defaultLanguage)
        return { language, served, url: pageUrl(page, served, link, at.origin) }
      }),
    }
  })
  return { lot, link: `${at.resolverUrl}${linkPath(link)}`, pages }
}

type Link = NonNullable<ReturnType<typeof parseGtinPath>>

/**
 * Where the resolver sends a scan of `link` (no query of its own) that opens `page` in `language` (its redirect
 * rules): an external page's link expanded, the pinned lot added unless the template carries it; a hosted page on
 * the brand's origin, the pinned lot as its query.
 */
function pageUrl(page: PageView, language: string, link: Link, origin: string): string {
  if (page.external) {
    const href = expandedHref(page, language, scanValues(link, ''))
    return withQuery(href, redirectQuery(link, '', aisInHref(page, language)))
  }
  return withQuery(origin + pagePath(page, language), redirectQuery(link, ''))
}

/** The product with no page bounded in time: `scanView` then lists every page a scan of a lot could see. */
function withoutWindows(product: CatalogProduct): CatalogProduct {
  const open = (page: CatalogPage): CatalogPage => ({ ...page, validFrom: null, validUntil: null })
  const lots = product.lots
  return {
    ...product,
    pages: product.pages.map(open),
    ...(lots === undefined
      ? {}
      : { lots: Object.fromEntries(Object.entries(lots).map(([lot, pages]) => [lot, pages.map(open)])) }),
  }
}

/** The page's window as it is stored (with the offset it was written with). */
function storedWindow(product: CanonicalProduct, lot: string | null, name: string): PagePreview['notNow'] {
  const lotPage = lot === null ? undefined : product.lots?.[lot]?.pages.find((p) => p.name === name)
  const page = lotPage ?? product.pages.find((p) => p.name === name)
  return { from: page?.validFrom ?? null, until: page?.validUntil ?? null }
}
