/** The product pages as a pure Web-Fetch handler: `/{locale}/{brand}/{product}/{page}` on {resolver_url} and custom domains. */

import { renderErrorPage } from '../html/error-page.ts'
import { messages, uiLanguage } from '../html/messages.ts'
import type { Catalog, CatalogProduct } from '../resolver/catalog.ts'
import { compileConfig, type ResolverConfig } from '../resolver/config.ts'
import { ERROR_INTERNAL, ERROR_METHOD, ERROR_NOT_FOUND } from '../resolver/constants.ts'
import { configuredHost, configuredHosts, customDomainHost, type ScanHost } from '../resolver/hosts.ts'
import { scannerLanguages } from '../resolver/language.ts'
import { externalPageLink, type PageView, pagePath, productView, scanView } from '../resolver/product-view.ts'
import { type RequestTarget, splitRequestUrl } from '../resolver/request-url.ts'
import { errorPageResponse, localeCookie, optionsResponse, pageResponse, redirect } from './http.ts'
import { type PagePath, parsePagePath } from './page-path.ts'
import { decodeParam, rawParam, SET_LOCALE, withoutParam, withQuery } from './page-query.ts'
import { renderProductPage } from './product-page.ts'

export { type PagePath, parsePagePath } from './page-path.ts'

export interface PagesDeps {
  readonly catalog: Catalog
  readonly config: ResolverConfig
  /** Now, in ms since the epoch (the century of two-digit expiry years); `Date.now` by default. */
  readonly clock?: () => number
  /** Told about every failure (the visitor gets the `500` page). */
  readonly onError?: (error: unknown, request: Request) => void
}

/** Answers a product-page path, or null for any other path (the resolver answers those). */
export type PagesHandler = (request: Request) => Promise<Response | null>

interface Visit {
  readonly request: Request
  readonly head: boolean
  readonly path: PagePath
  /** Raw query without `?`. */
  readonly query: string
}

/** The error page in the visitor's language: the path's locale, then the `locale` cookie and Accept-Language. */
function errorPage(visit: Visit, status: number, error: string): Response {
  const language = uiLanguage([visit.path.locale, ...scannerLanguages(visit.request.headers)])
  const text = status === 404 ? messages(language).page.notFound : undefined
  return errorPageResponse(status, renderErrorPage({ status, error, language, text }), visit.head)
}

function notFound(visit: Visit): Response {
  return errorPage(visit, 404, ERROR_NOT_FOUND)
}

/**
 * `?setLocale=fr`: `303` to the page in that language with the rest of the query as sent, storing the choice
 * in the `locale` cookie the resolver reads (DESIGN §6). A language the page lacks only drops the parameter.
 */
function switchLanguage(visit: Visit, host: ScanHost, page: PageView, raw: string): Response {
  const language = decodeParam(raw).toLowerCase()
  const query = withoutParam(visit.query, SET_LOCALE)
  if (!page.languages.includes(language)) {
    return redirect(303, withQuery(pagePath(page, visit.path.locale), query), null)
  }
  return redirect(303, withQuery(pagePath(page, language), query), localeCookie(language, host.origin))
}

/** Everything after the host is known to serve pages. */
async function answerOnHost(deps: Required<PagesDeps>, visit: Visit, host: ScanHost): Promise<Response> {
  const { path } = visit
  const product: CatalogProduct | null = await deps.catalog.findBySlug(path.brand, path.product)
  // SPEC Addresses: a custom domain serves only its own brand's products.
  if (product === null || (host.domain !== null && product.customDomain !== host.domain))
    return notFound(visit)
  // The lot's pages and the pages within their window, as the resolver showed them (DESIGN §11).
  const lot = rawParam(visit.query, '10')
  const whole = productView(product, { keep: keeps(deps.catalog, path, product) })
  const view = scanView(whole, lot === null ? null : decodeParam(lot), deps.clock())
  const page = view.pages.find((p) => p.page.name === path.page)
  if (page === undefined) return notFound(visit)
  // A page that has become a link elsewhere: the resolver leads there, its template expanded for this visit.
  if (page.external)
    return redirect(307, externalPageLink(product, page, withoutParam(visit.query, 'linkType')))
  const target = withQuery(pagePath(page, path.locale), visit.query)
  if (host.kind === 'resolver' && product.customDomain !== null) {
    // Like the resolver (redirect rule 2): a brand with an active custom domain is shown there.
    return redirect(307, customOrigin(deps, product) + target)
  }
  const set = rawParam(visit.query, SET_LOCALE)
  if (set !== null) return switchLanguage(visit, host, page, set)
  if (!page.languages.includes(path.locale)) return notFound(visit)
  const html = renderProductPage({ view, page, locale: path.locale, query: visit.query, now: deps.clock() })
  return pageResponse(visit.request, html, visit.head)
}

/** Whether the catalog keeps this very product object, so that its view may be kept too (see `productView`). */
function keeps(catalog: Catalog, path: PagePath, product: CatalogProduct): boolean {
  return catalog.peekBySlug === undefined || catalog.peekBySlug(path.brand, path.product) === product
}

function customOrigin(deps: Required<PagesDeps>, product: CatalogProduct): string {
  return `${deps.config.customDomainScheme}://${product.customDomain}`
}

/**
 * The pages for a request whose URL is already split (the service's resolver port splits it once): null at
 * once, without a promise, for a path that is no product-page path; else the answer. Never rejects.
 */
export type PagesRoute = (request: Request, target: RequestTarget) => Promise<Response> | null

/** Creates the pages route (see `PagesRoute`); `createPagesHandler` is the same behind the Web-Fetch signature. */
export function createPagesRoute(deps: PagesDeps): PagesRoute {
  const config = compileConfig(deps.config)
  const hosts = configuredHosts(config)
  const full: Required<PagesDeps> = { clock: Date.now, onError: () => {}, ...deps }
  async function answer(visit: Visit, target: RequestTarget): Promise<Response> {
    const { request, path } = visit
    try {
      if (request.method === 'OPTIONS') return optionsResponse()
      if (request.method !== 'GET' && !visit.head) return errorPage(visit, 405, ERROR_METHOD)
      if (path.invalid) return notFound(visit)
      const host =
        configuredHost(config, hosts, target.authority) ??
        (await customDomainHost(config, hosts, full.catalog, target.authority))
      // The short host only redirects to {resolver_url}; unknown hosts serve nothing (DESIGN §3).
      if (host === null || host.kind === 'short') return notFound(visit)
      if (path.canonical !== target.path) return redirect(308, withQuery(path.canonical, target.query))
      return await answerOnHost(full, visit, host)
    } catch (error) {
      try {
        full.onError(error, request)
      } catch {
        // A failing error hook must not change the answer.
      }
      return errorPage(visit, 500, ERROR_INTERNAL)
    }
  }
  return function pages(request: Request, target: RequestTarget): Promise<Response> | null {
    const path = parsePagePath(target.path)
    if (path === null) return null
    return answer({ request, head: request.method === 'HEAD', path, query: target.query }, target)
  }
}

/**
 * Creates the pages handler. Like the resolver it never listens and reaches storage only through `catalog`;
 * the resolver port asks it first and falls through to the resolver on `null`.
 *
 * @example
 * const pages = createPagesHandler({ catalog, config })
 * const resolve = createResolver({ catalog, config })
 * const fetch = async (request: Request) => (await pages(request)) ?? resolve(request)
 */
export function createPagesHandler(deps: PagesDeps): PagesHandler {
  const pages = createPagesRoute(deps)
  return async (request: Request): Promise<Response | null> => pages(request, splitRequestUrl(request.url))
}
