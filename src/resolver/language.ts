/** The scanner's languages (locale cookie, then Accept-Language by weight) and the choice among a page's (DESIGN §6). */

import { LOCALE_COOKIE } from './constants.ts'

const MAX_TAG = 35
const NO_LANGUAGES: readonly string[] = []

/** A plausible BCP 47 tag: 2 to 35 letters, digits and hyphens, starting with a letter (so `01` never is one). */
export function isLanguageTag(tag: string): boolean {
  if (tag.length < 2 || tag.length > MAX_TAG) return false
  for (let i = 0; i < tag.length; i++) {
    const c = tag.charCodeAt(i) | 32
    const letter = c >= 97 && c <= 122
    if (!(letter || (i > 0 && ((c >= 48 && c <= 57) || c === 45)))) return false
  }
  return true
}

/** The tag trimmed and lower-cased when it is one (see `isLanguageTag`), else null. */
function normaliseTag(raw: string): string | null {
  const tag = raw.trim()
  return isLanguageTag(tag) ? tag.toLowerCase() : null
}

/** The `locale` cookie, lower case, or null. */
function cookieLanguage(cookie: string | null): string | null {
  if (cookie === null || !cookie.includes(LOCALE_COOKIE)) return null
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=')
    if (eq !== -1 && part.slice(0, eq).trim() === LOCALE_COOKIE) return normaliseTag(part.slice(eq + 1))
  }
  return null
}

/** True when the request carries a `locale` cookie naming a language (the visitor's own pick). */
export function hasLocaleCookie(headers: Headers): boolean {
  return cookieLanguage(headers.get('cookie')) !== null
}

/** RFC 9110 §12.5.4 weight; malformed weights give -1 so that the entry is skipped, not the header. */
function weight(params: string): number {
  for (const p of params.split(';')) {
    const eq = p.indexOf('=')
    if (eq !== -1 && p.slice(0, eq).trim().toLowerCase() === 'q') {
      const q = Number(p.slice(eq + 1).trim())
      return Number.isFinite(q) && q >= 0 && q <= 1 ? q : -1
    }
  }
  return 1
}

/** Accept-Language tags by descending weight (stable), without `*`, q=0 and malformed entries. */
export function acceptLanguages(header: string | null): string[] {
  if (header === null || header === '') return []
  const entries: { tag: string; q: number }[] = []
  for (const item of header.split(',')) {
    const semi = item.indexOf(';')
    const tag = normaliseTag(semi === -1 ? item : item.slice(0, semi))
    const q = semi === -1 ? 1 : weight(item.slice(semi + 1))
    if (tag !== null && q > 0) entries.push({ tag, q })
  }
  entries.sort((a, b) => b.q - a.q)
  return entries.map((e) => e.tag)
}

/** The scanner's languages in order: the language picked on {resolver_url} (the `locale` cookie), then Accept-Language. */
export function scannerLanguages(headers: Headers): readonly string[] {
  const acceptLanguage = headers.get('accept-language')
  const cookie = headers.get('cookie')
  if (acceptLanguage === null && cookie === null) return NO_LANGUAGES
  const picked = cookieLanguage(cookie)
  const accepted = acceptLanguages(acceptLanguage)
  return picked === null ? accepted : [picked, ...accepted]
}

/** The primary language subtag. */
function primary(tag: string): string {
  const dash = tag.indexOf('-')
  return dash === -1 ? tag : tag.slice(0, dash)
}

/**
 * The language to open among `available` (lower-case tags a page is published in): each scanner language in
 * order, exact tag first, then the same language (bare, then any region); then the product's default
 * language; then the page's first language (DESIGN §6 "Which language a redirect opens").
 */
export function pickLanguage(
  available: readonly string[],
  scanner: readonly string[],
  fallback: string,
): string {
  for (const tag of scanner) {
    if (available.includes(tag)) return tag
    const lang = primary(tag)
    if (available.includes(lang)) return lang
    const prefix = `${lang}-`
    for (const a of available) if (a.startsWith(prefix)) return a
  }
  if (available.includes(fallback)) return fallback
  return available[0] ?? fallback
}

/** BCP 47 case for `hreflang` (DESIGN §6): `fr-ca` → `fr-CA`, `zh-hant` → `zh-Hant`. */
export function hreflangTag(tag: string): string {
  const parts = tag.split('-')
  for (let i = 1; i < parts.length; i++) {
    const p = parts[i] as string
    if (p.length === 2) parts[i] = p.toUpperCase()
    else if (p.length === 4) parts[i] = p.charAt(0).toUpperCase() + p.slice(1)
  }
  return parts.join('-')
}
