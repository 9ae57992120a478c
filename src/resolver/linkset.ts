/** The linkset of one scan: a single RFC 9264 link context object shaped by SPEC "Linkset (resolver)". */
import { DEFAULT_LINK_MULTI_URI, DEFAULT_LINK_URI, JSON_LD_CONTEXT_URL, MEDIA_HTML } from './constants.ts'
import { aisInHref, expandedHref, type ScanValues, withQuery } from './external.ts'
import { hreflangTag } from './language.ts'
import type { KeyLink } from './link.ts'
import { type PageView, type ProductView, pagePath, pageTitle } from './product-view.ts'
import { pinnedQuery } from './query.ts'

/** RFC 9264 §4.2.4 target object, narrowed by GS1's linkset schema 1.2.0. */
export interface LinkTarget {
  href: string
  title: string
  hreflang?: string[]
  type?: string
  /** GS1's linkset schema 1.2.0 takes the link's context as an array. */
  context?: string[]
}

/** RFC 9264 §4.2.2 link context object: `anchor`, GS1's `description`, one member per relation type. */
export type LinkContext = { anchor: string; description?: string } & {
  [relation: string]: string | LinkTarget[]
}

export interface Linkset {
  linkset: LinkContext[]
}

/**
 * Where the links point: the hosted pages' origin and the pinned-version query ('' when none); the scan, for the
 * links of external pages (expanded over its values, pinned versions their templates do not carry added).
 */
export interface LinkTargets {
  readonly origin: string
  readonly pins: string
  readonly link: KeyLink
  readonly query: string
  readonly values: ScanValues
}

function href(page: PageView, language: string, targets: LinkTargets): string {
  if (page.external) {
    const pins = pinnedQuery(targets.link, targets.query, aisInHref(page, language))
    return withQuery(expandedHref(page, language, targets.values), pins)
  }
  const path = targets.origin + pagePath(page, language)
  return targets.pins === '' ? path : `${path}?${targets.pins}`
}

/** The page in every language it is published in. */
function pageLinks(page: PageView, targets: LinkTargets): LinkTarget[] {
  const context = page.page.context
  return page.languages.map((lang) => {
    const target: LinkTarget = {
      href: href(page, lang, targets),
      title: pageTitle(page, lang),
      hreflang: [hreflangTag(lang)],
      type: page.page.mediaType ?? MEDIA_HTML,
    }
    if (typeof context === 'string') target.context = [context]
    return target
  })
}

/**
 * Builds the linkset. Keys are full `https://ref.gs1.org/voc/…` URIs, never CURIEs (RFC 9264 §4.2.3 extension
 * relation types); `defaultLink` has `href` and `title` only (GS1-Conformant Resolver 1.2 §2.5.8), and the
 * default page is also listed under its descriptive link type.
 */
export function buildLinkset(view: ProductView, anchor: string, targets: LinkTargets): Linkset {
  const entry: LinkContext = { anchor }
  if (view.description !== null) entry.description = view.description
  const def = view.defaultPage
  if (def !== null) {
    const lang = def.languages.includes(view.defaultLanguage)
      ? view.defaultLanguage
      : (def.languages[0] ?? view.defaultLanguage)
    entry[DEFAULT_LINK_URI] = [{ href: href(def, lang, targets), title: pageTitle(def, lang) }]
    entry[DEFAULT_LINK_MULTI_URI] = pageLinks(def, targets)
  }
  for (const page of view.pages) {
    if (page.linkTypeUri === null) continue
    const existing = entry[page.linkTypeUri]
    const links = pageLinks(page, targets)
    entry[page.linkTypeUri] = Array.isArray(existing) ? existing.concat(links) : links
  }
  return { linkset: [entry] }
}

/** The `application/ld+json` form: the same linkset with the GS1 JSON-LD context (Resolver 1.2 §2.10). */
export function withJsonLdContext(linkset: Linkset): { '@context': string } & Linkset {
  return { '@context': JSON_LD_CONTEXT_URL, linkset: linkset.linkset }
}
