/** Parses `Authorization` headers: HTTP Basic client credentials (RFC 7617, RFC 6749 §2.3.1) and Bearer tokens (RFC 6750). */

/** Longer `Authorization` values are refused unread; a token or credential pair is far shorter. */
export const MAX_AUTHORIZATION_LENGTH = 4096

export type BasicResult =
  | { ok: true; clientId: string; clientSecret: string }
  | { ok: false; reason: 'missing' | 'malformed' }

export type BearerParse =
  | { ok: true; token: string }
  | { ok: false; reason: 'missing' | 'scheme' | 'malformed' }

// RFC 9110 §11.1: the scheme is case-insensitive; credentials follow after one or more spaces.
const BASIC = /^basic +([A-Za-z0-9+/]+={0,2})$/i
const BEARER = /^bearer +([A-Za-z0-9._~+/-]+=*)$/i
/** Credentials of the Bearer scheme, well formed or not (RFC 9110 §11.4: the scheme is case-insensitive). */
const BEARER_SCHEME = /^bearer(\s|$)/i
/** A JWS compact serialisation: three base64url segments (RFC 7515 §7.1). */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/
const UTF8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads client credentials from `Authorization: Basic`. The user-id ends at the first `:` (RFC 7617
 * §2), and both halves are form-urlencoded by the client (RFC 6749 §2.3.1), so `%3A` in a secret is a colon.
 */
export function parseBasic(header: string | null): BasicResult {
  if (header === null || header.trim() === '') return { ok: false, reason: 'missing' }
  if (header.length > MAX_AUTHORIZATION_LENGTH) return { ok: false, reason: 'malformed' }
  const encoded = BASIC.exec(header.trim())?.[1]
  const decoded = encoded === undefined ? null : decodeBase64Utf8(encoded)
  const colon = decoded?.indexOf(':') ?? -1
  if (decoded == null || colon < 0) return { ok: false, reason: 'malformed' }
  const clientId = formDecode(decoded.slice(0, colon))
  const clientSecret = formDecode(decoded.slice(colon + 1))
  if (!clientId || !clientSecret) return { ok: false, reason: 'malformed' }
  return { ok: true, clientId, clientSecret }
}

/** Reads a bearer token (RFC 6750 §2.1) that has the shape of a compact JWS. */
export function parseBearer(header: string | null): BearerParse {
  if (header === null || header.trim() === '') return { ok: false, reason: 'missing' }
  if (header.length > MAX_AUTHORIZATION_LENGTH) return { ok: false, reason: 'malformed' }
  if (!BEARER_SCHEME.test(header.trim())) return { ok: false, reason: 'scheme' }
  const token = BEARER.exec(header.trim())?.[1]
  if (token === undefined || !COMPACT_JWS.test(token)) return { ok: false, reason: 'malformed' }
  return { ok: true, token }
}

function decodeBase64Utf8(encoded: string): string | null {
  try {
    const binary = atob(encoded)
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    return UTF8.decode(bytes)
  } catch {
    return null
  }
}

/** application/x-www-form-urlencoded decoding of one value: `+` is a space, then percent-decoding. */
function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return null
  }
}
