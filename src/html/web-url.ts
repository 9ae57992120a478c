/** Absolute web URLs that catalog text may point to or load from: a link's target, a hosted page's image. */

/** Link targets in hosted page text: absolute `http` or `https` (DESIGN §11). */
export const LINK_PROTOCOLS: readonly string[] = ['http:', 'https:']
/** A hosted page's image loads over `https` only (DESIGN §11), never mixed content. */
export const IMAGE_PROTOCOLS: readonly string[] = ['https:']

/**
 * The URL serialized (WHATWG URL Standard §4.5) when `value` is an absolute URL with one of `protocols`, a host
 * and no userinfo, else null. Relative and protocol-relative references have no base here, so they are refused;
 * userinfo is refused as it is for external page links (`https://shop.example@evil.example` misleads).
 *
 * @example
 * webUrl('https://example.com/a b', LINK_PROTOCOLS) // 'https://example.com/a%20b'
 * webUrl('javascript:alert(1)', LINK_PROTOCOLS) // null
 */
export function webUrl(value: string, protocols: readonly string[]): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (!protocols.includes(url.protocol) || url.host === '') return null
  if (url.username !== '' || url.password !== '') return null
  return url.href
}
