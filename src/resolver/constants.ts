/** Header values, media types and URIs the resolver emits, computed once (GS1-Conformant Resolver 1.2, RFC 9264). */
import { GS1_VOC_BASE, linkTypeUri } from '../gs1/link-types.ts'

export const MEDIA_LINKSET = 'application/linkset+json'
export const MEDIA_JSON = 'application/json'
export const MEDIA_JSON_LD = 'application/ld+json'
export const MEDIA_HTML = 'text/html'
export const CONTENT_TYPE_HTML = 'text/html; charset=utf-8'

/** DESIGN §6: the cookie holding the language picked on the product pages, which the resolver honours. */
export const LOCALE_COOKIE = 'locale'

/** The JSON-LD context of the GS1-Conformant Resolver standard, release 1.2.0 (its artefacts page). */
export const JSON_LD_CONTEXT_URL = 'https://ref.gs1.org/standards/resolver/1.2.0/linkset-context'
/** JSON-LD 1.1 §6.1: the link relation naming a context for a plain JSON document. */
export const JSON_LD_CONTEXT_REL = 'http://www.w3.org/ns/json-ld#context'

export { GS1_VOC_BASE }
export const DEFAULT_LINK_URI = linkTypeUri('defaultLink')
export const DEFAULT_LINK_MULTI_URI = linkTypeUri('defaultLinkMulti')

/** SPEC redirect rule 5; the linkset is derived from the same data, so it is cached alike. */
export const CACHE_RESOLVED = 'public, s-maxage=600, stale-while-revalidate=600'
export const CACHE_DESCRIPTION = 'public, max-age=3600'
/** A redirect whose language came from the visitor's `locale` cookie: no shared cache may hand it to others. */
export const CACHE_PERSONAL = 'private, max-age=0'
/** Errors are never cached: publishing a product must take effect at once, and a 500 is retried. */
export const CACHE_ERROR = 'no-store'
export const VARY = 'Accept, Accept-Language'
export const ALLOW = 'GET, HEAD, OPTIONS'

export const CORS_ALLOW_ORIGIN = '*'
export const CORS_ALLOW_METHODS = ALLOW
export const CORS_ALLOW_HEADERS = 'Accept, Accept-Language'
export const CORS_EXPOSE_HEADERS = 'Location, Link, Content-Type'
/** SPEC Limits: preflight cache. */
export const CORS_MAX_AGE = '86400'

/** Entries of the `Link` header, RFC 8288 §3; one header line, as GS1's test suite keeps only the last one. */
export const LINK_CONTEXT_ENTRY = `<${JSON_LD_CONTEXT_URL}>; rel="${JSON_LD_CONTEXT_REL}"; type="${MEDIA_JSON_LD}"`
/** Appended to `<` + anchor: the linkset of the anchor (RFC 9264 §6) then the JSON-LD context. */
export const LINK_LINKSET_AND_CONTEXT = `?linkType=linkset>; rel="linkset"; type="${MEDIA_LINKSET}", ${LINK_CONTEXT_ENTRY}`
/** Appended to `<` + anchor: the linkset of the anchor only (documents that carry their own context). */
export const LINK_LINKSET_ONLY = `?linkType=linkset>; rel="linkset"; type="${MEDIA_LINKSET}"`

/** Resolver error codes, SPEC "Errors" item 5. */
export const ERROR_INVALID = 'INVALID_GS1_DIGITAL_LINK'
export const ERROR_NOT_FOUND = 'NOT_FOUND'
export const ERROR_METHOD = 'METHOD_NOT_ALLOWED'
export const ERROR_INTERNAL = 'INTERNAL_ERROR'

export const STATUS_REDIRECT = 307
export const WELL_KNOWN_PATH = '/.well-known/gs1resolver'
