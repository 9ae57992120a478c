/** Opaque bearer tokens of the dashboard (session cookies, set-password and invitation links): 256 random bits, stored as SHA-256. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

const TOKEN_BYTES = 32
const TOKEN = /^[A-Za-z0-9_-]{43}$/

export interface OpaqueToken {
  /** What the holder gets (cookie value, link parameter): base64url, 43 characters. */
  readonly token: string
  /** What the database keeps: the token's SHA-256 in hex. */
  readonly hash: string
}

/** A new random token and its hash. */
export function newOpaqueToken(): OpaqueToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  return { token, hash: hashOpaqueToken(token) }
}

/**
 * The stored form of a token. A fast hash is enough: the token carries 256 random bits, so a leaked table cannot
 * be reversed, and looking a session up by its hash keeps the comparison out of the application's hands.
 */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** True for a string shaped like the tokens {@link newOpaqueToken} issues (anything else is not looked up). */
export function isOpaqueToken(value: string): boolean {
  return TOKEN.test(value)
}

/** A value derived from a token for another purpose (the CSRF token of a session), not reversible to the token. */
export function deriveToken(token: string, purpose: string): string {
  return createHash('sha256').update(`${purpose}\u0000${token}`).digest('base64url')
}

/** Compares two strings in constant time (for equal lengths; unequal lengths are simply unequal). */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
