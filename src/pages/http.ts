/** HTML responses of the product pages: security headers, ETag and `304`, HEAD, the locale cookie. */

import { HTML_CSP, PAGE_CSP } from '../html/layout.ts'
import { CONTENT_TYPE_HTML, LOCALE_COOKIE } from '../resolver/constants.ts'
import { headResponse } from '../resolver/responses.ts'

/** Product pages may be cached briefly by browsers and CDNs; a publish shows within five minutes. */
export const CACHE_PAGE = 'public, max-age=300'
/** Errors and the language switch (it sets a cookie) are never cached. */
export const CACHE_NONE = 'no-store'
/** The error pages speak the visitor's language, read from the cookie and Accept-Language. */
export const VARY_LANGUAGE = 'Cookie, Accept-Language'
/** Pages carry lot and serial numbers in their query: never send them on. */
export const REFERRER_POLICY = 'no-referrer'
export const ALLOW_PAGES = 'GET, HEAD, OPTIONS'
/** DESIGN §6: the language picked on the pages is kept a year. */
export const LOCALE_MAX_AGE = 31536000

/** Headers of every HTML response of the pages; only a product page may load its (https) image. */
function htmlHeaders(cache: string, vary: string | null, csp: string = HTML_CSP): Headers {
  const headers = new Headers({
    'content-type': CONTENT_TYPE_HTML,
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
    'cache-control': cache,
  })
  if (vary !== null) headers.set('vary', vary)
  return headers
}

const HEX = '0123456789abcdef'

/** A strong ETag: the first 128 bits of the body's SHA-256. */
export async function etagOf(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)))
  let hex = ''
  for (const b of digest.subarray(0, 16)) hex += (HEX[b >> 4] ?? '') + (HEX[b & 15] ?? '')
  return `"${hex}"`
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly and `*` matches any current representation. */
export function noneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false
  const tag = etag.startsWith('W/') ? etag.slice(2) : etag
  for (const item of header.split(',')) {
    const candidate = item.trim()
    if (candidate === '*' || (candidate.startsWith('W/') ? candidate.slice(2) : candidate) === tag)
      return true
  }
  return false
}

/** A cacheable `200` page with its ETag, or `304` when the client holds it already; HEAD has no body. */
export async function pageResponse(request: Request, html: string, head: boolean): Promise<Response> {
  const etag = await etagOf(html)
  if (noneMatch(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers: { etag, 'cache-control': CACHE_PAGE } })
  }
  const headers = htmlHeaders(CACHE_PAGE, null, PAGE_CSP)
  headers.set('etag', etag)
  return head ? headResponse(200, headers, html) : new Response(html, { status: 200, headers })
}

/** An error page: never cached, in the visitor's language (hence the Vary). */
export function errorPageResponse(status: number, html: string, head: boolean): Response {
  const headers = htmlHeaders(CACHE_NONE, VARY_LANGUAGE)
  if (status === 405) headers.set('allow', ALLOW_PAGES)
  return head ? headResponse(status, headers, html) : new Response(html, { status, headers })
}

/** A redirect to a path on this host or an absolute URL; `cookie` makes it uncacheable. */
export function redirect(status: 303 | 307 | 308, location: string, cookie: string | null = null): Response {
  const headers = new Headers({
    location,
    'cache-control': cookie === null ? CACHE_PAGE : CACHE_NONE,
    'referrer-policy': REFERRER_POLICY,
  })
  if (cookie !== null) headers.set('set-cookie', cookie)
  return new Response(null, { status, headers })
}

/** `204` for OPTIONS on a page path. */
export function optionsResponse(): Response {
  return new Response(null, { status: 204, headers: { allow: ALLOW_PAGES } })
}

/** `locale=fr; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`, plus `Secure` on an https origin. */
export function localeCookie(language: string, origin: string): string {
  const secure = origin.startsWith('https:') ? '; Secure' : ''
  return `${LOCALE_COOKIE}=${language}; Path=/; Max-Age=${LOCALE_MAX_AGE}; SameSite=Lax; HttpOnly${secure}`
}
