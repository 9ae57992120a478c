/**
 * Where a scan of a catalog entry goes (a product, an item of another key, a prefix rule with a sample value it
 * answers), worked out by the resolver itself, with no guessing of its rules here: a scan per language of the entry
 * (published or not) in an in-memory catalog, the `Location` read back; and for every page, without a lot and per
 * lot, the URL the resolver's own functions give a scan that opens it (`scanView` for the lot's pages and the validity
 * windows, `expandedHref` and `withQuery` for external links, `redirectQuery` for the pinned lot, `pickLanguage` for
 * the scanner's language).
 */

import { GTIN_KEY, isRuleEntry, keyOfEntry, ruleMembers } from '../catalog/entry-id.ts'
import { aiInfo, checkAiValue, percentEncode } from '../gs1/index.ts'
import type { CatalogPage, CatalogProduct } from '../resolver/catalog.ts'
import type { ResolverConfig } from '../resolver/config.ts'
import { aisInHref, expandedHref, scanValues, withQuery } from '../resolver/external.ts'
import { createResolver } from '../resolver/index.ts'
import { pickLanguage } from '../resolver/language.ts'
import { type KeyLink, linkPath } from '../resolver/link.ts'
import { createMemoryCatalog } from '../resolver/memory-catalog.ts'
import { parseGtinPath, parseKeyPath } from '../resolver/path.ts'
import { type PageView, pagePath, productView, scanView } from '../resolver/product-view.ts'
import { publishedProducts } from '../resolver/published-products.ts'
import { redirectQuery } from '../resolver/query.ts'
import type { BrandRef } from '../services/catalog/brands.ts'
import type { CanonicalProduct } from '../services/catalog/rows.ts'
import { sampleValue, takesLotQualifier } from './entry-keys.ts'

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
  /** The Digital Link scanned (on the resolver host); a lot of a key that takes none in its path is its `?10=`. */
  readonly link: string
  readonly pages: readonly PagePreview[]
}

export interface ScanPreview {
  /** The Digital Link of the entry (of a rule: of its sample value) on the resolver host. */
  readonly link: string
  readonly outcomes: readonly ScanOutcome[]
  /** The product's pages, then each lot's. */
  readonly contexts: readonly ScanContext[]
}

/** The value whose scans a rule's preview shows, as typed; or why it cannot be scanned. */
export type PreviewSample =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly value: string; readonly message: string }

/**
 * The value a rule's preview scans: the one typed, which must start with the rule's prefix and be a valid value of
 * its key (as the resolver parses its path), else the rule's prefix padded to a valid value (`sampleValue`).
 */
export function previewSample(
  rule: { readonly key: string; readonly value: string },
  typed: string | null,
): PreviewSample {
  const value = (typed ?? '').trim()
  if (value === '') {
    const sample = sampleValue(rule.key, rule.value)
    if (sample !== null) return { ok: true, value: sample }
    return { ok: false, value, message: `No valid value of (${rule.key}) starts with ${rule.value}.` }
  }
  if (!value.startsWith(rule.value))
    return { ok: false, value, message: `This rule answers only values that start with ${rule.value}.` }
  if (parseKeyPath(`/${rule.key}/${percentEncode(value)}`) !== null) return { ok: true, value }
  const info = aiInfo(rule.key)
  const problem = info === undefined ? null : checkAiValue(info, value)
  return { ok: false, value, message: problem?.message ?? `This is not a valid value of (${rule.key}).` }
}

/** A language no product is likely to be published in, to show the fallback to the default language. */
const OTHER_LANGUAGE = 'ja'

/**
 * Where scans of the entry go. `product.gtin` is its identity (`src/catalog/entry-id.ts`); a prefix rule's scans are
 * those of `sample`, a value of its key that starts with its prefix (checked by the caller: see `previewSample`).
 */
export async function scanPreview(
  product: CanonicalProduct,
  brand: BrandRef,
  config: ResolverConfig,
  now: number,
  sample: string | null = null,
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
  const scanned = scannedKey(product.gtin, sample)
  const link = `${config.resolverUrl}${scanned.path}`
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
    const scan = await follow(resolver, link, language ?? OTHER_LANGUAGE, published.customDomain, scanned.key)
    outcomes.push({ language, ...scan })
  }
  const origin =
    published.customDomain === null
      ? new URL(config.resolverUrl).origin
      : `${config.customDomainScheme}://${published.customDomain}`
  const at = { product, published, languages, origin, resolverUrl: config.resolverUrl, now, scanned }
  const lots = Object.keys(product.lots ?? {})
  const contexts = [null, ...lots].flatMap((lot) => scanContext(at, lot) ?? [])
  return { link, outcomes, contexts }
}

/** The key and value a scan of the entry names, and its path: a rule's is its sample value's. */
interface ScannedKey {
  readonly key: string
  readonly value: string
  /** `/{key}/{value}`, the value percent-encoded. */
  readonly path: string
}

function scannedKey(id: string, sample: string | null): ScannedKey {
  const { key, value } = keyOfEntry(id)
  const scanned = isRuleEntry(id) ? (sample ?? ruleMembers(id).prefix) : value
  return { key, value: scanned, path: `/${key}/${percentEncode(scanned)}` }
}

/** Scans `link` and follows a redirect to the same link on the brand's custom domain, as a phone would. */
async function follow(
  resolver: (request: Request) => Promise<Response>,
  link: string,
  language: string,
  customDomain: string | null,
  key: string,
): Promise<Omit<ScanOutcome, 'language'>> {
  let url = link
  let via: string | null = null
  for (let hop = 0; hop < 2; hop++) {
    const response = await resolver(new Request(url, { headers: { 'accept-language': language } }))
    const location = response.headers.get('location')
    const next = location === null ? null : new URL(location, url)
    // Only the hop to the brand's domain: an external page may well be a Digital Link on another host.
    if (
      next !== null &&
      hop === 0 &&
      next.hostname === customDomain &&
      next.pathname.startsWith(`/${key}/`)
    ) {
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
  readonly scanned: ScannedKey
}

/** Every page a scan of the lot (or of no lot) sees, those outside their window now included and marked. */
function scanContext(at: PreviewInput, lot: string | null): ScanContext | null {
  const { product, published, now } = at
  const scan = lotScan(at.scanned, lot)
  if (scan === null) return null
  const { link, query } = scan
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
        return { language, served, url: pageUrl(page, served, { link, query }, at.origin) }
      }),
    }
  })
  return { lot, link: `${at.resolverUrl}${withQuery(linkPath(link), query)}`, pages }
}

/** A scan of the key's value (with the lot): the lot in the path where the key takes it (01, 8006), else `?10=`. */
function lotScan(scanned: ScannedKey, lot: string | null): { link: KeyLink; query: string } | null {
  const inPath = lot !== null && takesLotQualifier(scanned.key)
  const path = inPath ? `${scanned.path}/10/${percentEncode(lot)}` : scanned.path
  const link = scanned.key === GTIN_KEY ? parseGtinPath(path.slice(3)) : parseKeyPath(path)
  if (link === null) return null
  return { link, query: lot === null || inPath ? '' : `10=${percentEncode(lot)}` }
}

/**
 * Where the resolver sends a scan of `link` with `query` (a lot, for a key that takes none in its path) that opens
 * `page` in `language` (its redirect rules): an external page's link expanded, the query passed on and the pinned
 * lot added unless the template carries it; a hosted page on the brand's origin, the same query.
 */
function pageUrl(
  page: PageView,
  language: string,
  scan: { readonly link: KeyLink; readonly query: string },
  origin: string,
): string {
  const { link, query } = scan
  if (page.external) {
    const href = expandedHref(page, language, scanValues(link, query))
    return withQuery(href, redirectQuery(link, query, aisInHref(page, language)))
  }
  return withQuery(origin + pagePath(page, language), redirectQuery(link, query))
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
