/** The four linkset formats of SPEC "Linkset formats", with their `Link` header (RFC 9264 §6, JSON-LD 1.1 §6.1). */

import { renderLinksetPage } from '../html/linkset-page.ts'
import { uiLanguage } from '../html/messages.ts'
import { dropOldest } from '../lib/bounded-map.ts'
import {
  CACHE_PERSONAL,
  CACHE_RESOLVED,
  JSON_LD_CONTEXT_URL,
  LINK_LINKSET_AND_CONTEXT,
  LINK_LINKSET_ONLY,
  MEDIA_JSON,
  MEDIA_JSON_LD,
  MEDIA_LINKSET,
  VARY,
} from './constants.ts'
import { hasLocaleCookie, scannerLanguages } from './language.ts'
import { buildLinkset, type LinkTargets, withJsonLdContext } from './linkset.ts'
import type { LinksetFormat } from './negotiate.ts'
import type { ProductView } from './product-view.ts'
import { type Answer, HTML_HEADERS, headerTemplate, withHeaders } from './responses.ts'
import { withSameAs } from './same-as.ts'

export interface LinksetRequest {
  readonly view: ProductView
  /** The uncompressed link on the scanned host, without query. */
  readonly anchor: string
  readonly targets: LinkTargets
  readonly format: LinksetFormat
  readonly request: Request
  /** The uncompressed URI of a compressed scan (`same-as.ts`), else null. */
  readonly sameAs: string | null
}

const RESOLVED = { 'cache-control': CACHE_RESOLVED, vary: VARY }
const TEMPLATES: Readonly<Record<LinksetFormat, Headers>> = {
  linkset: headerTemplate({ 'content-type': MEDIA_LINKSET, ...RESOLVED }),
  json: headerTemplate({ 'content-type': MEDIA_JSON, ...RESOLVED }),
  ld: headerTemplate({ 'content-type': MEDIA_JSON_LD, ...RESOLVED }),
  html: headerTemplate({ ...HTML_HEADERS, ...RESOLVED }),
}
/** The HTML page in the language of the visitor's `locale` cookie: no shared cache may hand it to others. */
const HTML_PERSONAL = headerTemplate({ ...HTML_HEADERS, 'cache-control': CACHE_PERSONAL, vary: VARY })
/** `{"@context":"…",` — the JSON-LD form is the JSON form with this member first. */
const LD_PREFIX = `{"@context":${JSON.stringify(JSON_LD_CONTEXT_URL)},`
/** Serialised linksets kept per product view; the bound keeps scans with many serials from growing it. */
const MAX_CACHED = 64

/** The linkset JSON, serialised once per anchor, link origin and pinned versions of a product view. */
function linksetJson(r: LinksetRequest): string {
  const key = `${r.anchor} ${r.targets.origin} ${r.targets.pins}`
  const cache = r.view.linksets
  let json = cache.get(key)
  if (json === undefined) {
    json = JSON.stringify(buildLinkset(r.view, r.anchor, r.targets))
    cache.set(key, json)
    dropOldest(cache, MAX_CACHED)
  }
  return json
}

/**
 * `200` with the linkset. The JSON forms point to the JSON-LD context in `Link`; the JSON-LD and HTML forms
 * carry the context in the body, where JSON-LD 1.1 §6.1 says a context link header must be ignored.
 */
export function linksetAnswer(r: LinksetRequest): Answer {
  const json = r.format === 'linkset' || r.format === 'json'
  const link = withSameAs(`<${r.anchor}${json ? LINK_LINKSET_AND_CONTEXT : LINK_LINKSET_ONLY}`, r.sameAs)
  const body = json
    ? linksetJson(r)
    : r.format === 'ld'
      ? LD_PREFIX + linksetJson(r).slice(1)
      : linksetPage(r)
  const personal = r.format === 'html' && hasLocaleCookie(r.request.headers)
  return { status: 200, headers: withHeaders(personal ? HTML_PERSONAL : TEMPLATES[r.format], { link }), body }
}

/** The HTML form: every link listed, the JSON-LD embedded, in the scanner's language. */
function linksetPage(r: LinksetRequest): string {
  const linkset = buildLinkset(r.view, r.anchor, r.targets)
  return renderLinksetPage({
    language: uiLanguage(scannerLanguages(r.request.headers)),
    entry: linkset.linkset[0] ?? {},
    descriptionLanguage: r.view.defaultLanguage,
    jsonLd: withJsonLdContext(linkset),
    brand: r.view.product.brandName,
  })
}
