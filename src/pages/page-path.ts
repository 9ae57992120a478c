/** Recognising `/{locale}/{brand}/{product}/{page}` cheaply, so that every other path falls through to the resolver. */
import { isLanguageTag } from '../resolver/language.ts'

/** A request path of the product pages. */
export interface PagePath {
  /** Lower-case language tag (DESIGN §6: tags in URLs are lower case). */
  readonly locale: string
  /** Decoded brand slug, product slug and page name. */
  readonly brand: string
  readonly product: string
  readonly page: string
  /** The path as it should be written: lower-case locale, no trailing slash, other segments as sent. */
  readonly canonical: string
  /** True when a segment does not percent-decode, or decodes to a control character: a path that names nothing. */
  readonly invalid: boolean
}

/** Control characters (NUL above all, which Postgres text cannot hold) are in no slug or page name. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 32 || c === 127) return true
  }
  return false
}

/** The decoded segment, or null when it does not decode or decodes to something no slug can be. */
function decode(segment: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(segment)
  } catch {
    return null
  }
  return hasControlCharacter(decoded) ? null : decoded
}

/**
 * Reads a raw request path (a trailing slash tolerated, as the resolver does). Null unless it has exactly
 * four non-empty segments and the first is a language tag: GS1 Digital Links start with digits, and the
 * resolver's other paths have fewer segments.
 */
export function parsePagePath(rawPath: string): PagePath | null {
  // Every scan of a GS1 Digital Link (`/01/…`) leaves here without a split.
  const first = rawPath.charCodeAt(1) | 32
  if (first < 97 || first > 122) return null
  const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath
  const segments = path.split('/')
  if (segments.length !== 5 || segments[0] !== '') return null
  const [, tag = '', brand = '', product = '', page = ''] = segments
  if (!isLanguageTag(tag) || brand === '' || product === '' || page === '') return null
  const locale = tag.toLowerCase()
  const decoded = [decode(brand), decode(product), decode(page)]
  return {
    locale,
    brand: decoded[0] ?? '',
    product: decoded[1] ?? '',
    page: decoded[2] ?? '',
    canonical: `/${locale}/${brand}/${product}/${page}`,
    invalid: decoded.includes(null),
  }
}
