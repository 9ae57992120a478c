/** Resolving a valid GTIN link on a resolver host: find the product, then redirect or answer the linkset (SPEC). */
import type { AnswerMemo } from './answer-memo.ts'
import type { Catalog, CatalogProduct } from './catalog.ts'
import type { CompiledConfig } from './config.ts'
import { ERROR_NOT_FOUND, LINK_LINKSET_AND_CONTEXT } from './constants.ts'
import { type ErrorDetail, errorResponse } from './errors.ts'
import { aisInHref, expandedHref, scanLot, scanValues, withQuery } from './external.ts'
import type { ScanHost } from './hosts.ts'
import { hasLocaleCookie, pickLanguage, scannerLanguages } from './language.ts'
import { type KeyLink, linkPath } from './link.ts'
import { linksetAnswer } from './linkset-response.ts'
import { negotiate } from './negotiate.ts'
import { type ProductView, pagePath, productView, scanView } from './product-view.ts'
import { effectiveQuery, linkTypeParam, pinnedQuery, redirectQuery } from './query.ts'
import { answerResponse, redirectAnswer, redirectHeaders } from './responses.ts'
import { sameAsLink, withSameAs } from './same-as.ts'
import type { OnScan } from './scan-event.ts'
import { reportScan, type ScanTemplate, scanTemplate } from './scan-report.ts'
import { LINK_TYPE_LINKSET, type PageTarget, selectTarget } from './target.ts'

export interface ResolveContext {
  readonly config: CompiledConfig
  readonly catalog: Catalog
  readonly memo: AnswerMemo
  /** The time in epoch milliseconds, for pages with a validity window (DESIGN §11). */
  readonly now: () => number
  /** The analytics port (DESIGN §9), or none. */
  readonly onScan?: OnScan
}

/** One scan: where it was made, what it asked for. */
export interface Scan {
  /** The request URL as received (the key of remembered answers). */
  readonly url: string
  readonly request: Request
  readonly head: boolean
  readonly host: ScanHost
  /** The scan's own raw query ('' when none). */
  readonly query: string
  /** For a compressed link, the uncompressed request URI every answer names with `rel="owl:sameAs"` (`same-as.ts`). */
  readonly sameAs: string | null
}

const NO_LANGUAGES: readonly string[] = []

/** Links on a brand's custom domain use the configured scheme and no port (DESIGN §3). */
function customOrigin(ctx: ResolveContext, domain: string): string {
  return `${ctx.config.customScheme}://${domain}`
}

/**
 * Resolves a syntactically valid link. The GTIN alone decides whether the product exists: unknown lots or
 * serials never give `404` (GS1-Conformant Resolver 1.2 §2.5.9, walking up internally).
 */
export function resolveLink(ctx: ResolveContext, scan: Scan, link: KeyLink): Response | Promise<Response> {
  if (link.key !== '01') return resolveKey(ctx, scan, link)
  // The hot path: a cached product is answered synchronously; otherwise one promise hop, no async frames.
  const known = ctx.catalog.peekByGtin?.(link.value)
  if (known !== undefined) return respond(ctx, scan, link, known)
  return ctx.catalog.findByGtin(link.value).then((product) => respond(ctx, scan, link, product))
}

/** A link of another key than the GTIN: the catalog's entry for it, when the catalog keeps such entries. */
function resolveKey(ctx: ResolveContext, scan: Scan, link: KeyLink): Response | Promise<Response> {
  const { catalog } = ctx
  if (catalog.findByKey === undefined) return respond(ctx, scan, link, null)
  const known = catalog.peekByKey?.(link.key, link.value)
  if (known !== undefined) return respond(ctx, scan, link, known)
  return catalog.findByKey(link.key, link.value).then((entry) => respond(ctx, scan, link, entry))
}

/** Whether the catalog keeps this very product object, so that what is derived from it may be kept too. */
function keeps(catalog: Catalog, link: KeyLink, product: CatalogProduct): boolean {
  if (link.key !== '01') return catalog.peekByKey?.(link.key, link.value) === product
  return catalog.peekByGtin === undefined || catalog.peekByGtin(link.value) === product
}

/** The analytics template of this scan's answer, or null when nobody listens (nothing is built then). */
function template(
  ctx: ResolveContext,
  scan: Scan,
  link: KeyLink,
  query: string,
  product: CatalogProduct | null,
  outcome: ScanTemplate['outcome'],
  served: { linkType: string | null; language: string | null } = NOTHING_SERVED,
): ScanTemplate | null {
  if (ctx.onScan === undefined) return null
  return scanTemplate(link, query, scan.host, product, outcome, {
    ...served,
    compressed: scan.sameAs !== null,
  })
}

const NOTHING_SERVED = { linkType: null, language: null }

/** The answer once the product is known (or known to be missing). */
function respond(ctx: ResolveContext, scan: Scan, link: KeyLink, product: CatalogProduct | null): Response {
  const { host, request } = scan
  // SPEC Addresses: a custom domain resolves only its own brand's products.
  if (product === null || (host.domain !== null && product.customDomain !== host.domain)) {
    reportScan(ctx.onScan, request, template(ctx, scan, link, scan.query, product, 'not_found'))
    return notFound(scan, 'status')
  }
  const query = effectiveQuery(link, scan.query)
  const whole = productView(product, { keep: keeps(ctx.catalog, link, product) })
  const view = scanView(whole, scanLot(link, query), whole.timed ? ctx.now() : 0)
  const linkType = linkTypeParam(scan.query)
  const negotiation = negotiate(request.headers.get('accept'))
  if (negotiation.linkset || linkType === LINK_TYPE_LINKSET) {
    // Redirect rule 2: a linkset request is answered on the scanned host, with links to the custom domain;
    // links of other products lead to {resolver_url}, also from {short_url}.
    const origin =
      product.customDomain === null ? ctx.config.resolver.origin : customOrigin(ctx, product.customDomain)
    const answer = linksetAnswer({
      view,
      anchor: host.origin + linkPath(link),
      targets: { origin, pins: pinnedQuery(link, query), link, query, values: scanValues(link, query) },
      format: negotiation.format,
      request,
      sameAs: scan.sameAs,
    })
    const reported = template(ctx, scan, link, query, product, 'linkset')
    reportScan(ctx.onScan, request, reported)
    if (isBareScan(scan, link, query, view))
      ctx.memo.remember(scan.url, request, product, answer, reported ?? NO_TEMPLATE)
    return answerResponse(answer, scan.head)
  }
  if (product.customDomain !== null && host.domain === null) {
    // Redirect rule 2: the same uncompressed link on the brand's custom domain, same query. The hop is counted under
    // its own outcome: while the domain's DNS points elsewhere, it is all the brand's analytics ever see of the scan.
    reportScan(ctx.onScan, request, template(ctx, scan, link, query, product, 'domain_redirect'))
    const path = linkPath(link)
    const location = withQuery(customOrigin(ctx, product.customDomain) + path, query)
    return answerResponse(redirectAnswer(redirectHeaders(location, linksetLink(scan, path))), false)
  }
  const target = selectTarget(view, linkType)
  if (target.kind !== 'page') {
    reportScan(ctx.onScan, request, template(ctx, scan, link, query, product, 'not_found'))
    return notFound(scan, 'noPageOfType')
  }
  return pageRedirect(ctx, scan, link, query, view, target)
}

/**
 * A scan of `/01/{gtin}` alone (no qualifiers, no query, not compressed) of a product without validity windows: its
 * answer depends only on the product, the host and the request's headers, so it can be kept (page views, the answer
 * memo).
 */
function isBareScan(scan: Scan, link: KeyLink, query: string, view: ProductView): boolean {
  return query === '' && link.qualifiers.length === 0 && scan.sameAs === null && !view.timed
}

/**
 * The `Link` header of a redirect: the anchor's linkset and the JSON-LD context (SPEC redirect rule 5), and the
 * uncompressed URI of a compressed scan.
 */
function linksetLink(scan: Scan, path: string): string {
  return withSameAs(`<${scan.host.origin}${path}${LINK_LINKSET_AND_CONTEXT}`, scan.sameAs)
}

/** `404`; for a compressed scan with its uncompressed URI in `Link`, which the resolver did read. */
function notFound(scan: Scan, detail: ErrorDetail): Response {
  const response = errorResponse(404, ERROR_NOT_FOUND, scan.request, scan.head, detail)
  if (scan.sameAs !== null) response.headers.set('link', sameAsLink(scan.sameAs))
  return response
}

/** Redirect rules 1, 3 and 4: to the page in the scanner's language, the query passed on. */
function pageRedirect(
  ctx: ResolveContext,
  scan: Scan,
  link: KeyLink,
  query: string,
  view: ProductView,
  target: PageTarget,
): Response {
  const { host, request } = scan
  const page = target.page
  const scanner = target.productLanguage ? NO_LANGUAGES : scannerLanguages(request.headers)
  const language = pickLanguage(page.languages, scanner, view.defaultLanguage)
  // The Vary header cannot name one cookie; a CDN must not give this visitor's pick to the next scanner.
  const personal = scanner !== NO_LANGUAGES && hasLocaleCookie(request.headers)
  const served = { linkType: page.page.linkType, language }
  const reported = template(ctx, scan, link, query, view.product, 'redirect', served)
  reportScan(ctx.onScan, request, reported)
  const bare = !personal && isBareScan(scan, link, query, view)
  if (page.external) {
    // DESIGN §11: the brand's own URL, never rewritten for a custom domain.
    const href = expandedHref(page, language, scanValues(link, query))
    const location = withQuery(href, redirectQuery(link, query, aisInHref(page, language)))
    const answer = redirectAnswer(redirectHeaders(location, linksetLink(scan, linkPath(link)), personal))
    if (bare) ctx.memo.remember(scan.url, request, view.product, answer, reported ?? NO_TEMPLATE)
    return answerResponse(answer, false)
  }
  // Redirect rule 1: a path on the scanned host; absolute on {resolver_url} for a scan on {short_url}.
  const origin = host.kind === 'short' ? ctx.config.resolver.origin : ''
  if (!bare) {
    const location = withQuery(origin + pagePath(page, language), redirectQuery(link, query))
    return answerResponse(
      redirectAnswer(redirectHeaders(location, linksetLink(scan, linkPath(link)), personal)),
      false,
    )
  }
  // A bare `/01/{gtin}` scan: the answer depends only on the page, the host and the language.
  let byLanguage = page.redirects.get(host)
  if (byLanguage === undefined) {
    byLanguage = new Map()
    page.redirects.set(host, byLanguage)
  }
  let answer = byLanguage.get(language)
  if (answer === undefined) {
    const location = origin + pagePath(page, language)
    answer = redirectAnswer(redirectHeaders(location, linksetLink(scan, linkPath(link))))
    byLanguage.set(language, answer)
  }
  ctx.memo.remember(scan.url, request, view.product, answer, reported ?? NO_TEMPLATE)
  return answerResponse(answer, false)
}

/**
 * What a remembered answer reports when the resolver has no analytics port: reportScan does nothing without one,
 * so remembered answers need no template built.
 */
const NO_TEMPLATE: ScanTemplate = {
  organizationId: null,
  gtin: null,
  host: 'resolver',
  outcome: 'redirect',
  linkType: null,
  language: null,
  lot: false,
  serial: false,
  expiry: false,
  compressed: false,
}
