/** Percent-encoding for Digital Link URIs (RFC 3986 §2.1, §2.3; GS1 DL URI syntax 1.4 §4.3). */
import { charTable } from './charset.ts'

// RFC 3986 unreserved characters: the only ones emitted raw.
const UNRESERVED = charTable('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~')

const HEX = '0123456789ABCDEF'
const encoder = new TextEncoder()
const decoder = new TextDecoder('utf-8', { fatal: true })

function escapeByte(b: number): string {
  return `%${HEX[b >> 4]}${HEX[b & 15]}`
}

function encode(s: string, spaceAsPlus: boolean): string {
  let i = 0
  while (i < s.length) {
    const c = s.charCodeAt(i)
    if (c >= 128 || UNRESERVED[c] !== 1) break
    i++
  }
  if (i === s.length) return s
  let out = s.slice(0, i)
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 128) {
      if (UNRESERVED[c] === 1) out += s[i]
      else out += c === 32 && spaceAsPlus ? '+' : escapeByte(c)
      continue
    }
    // Non-ASCII: UTF-8 bytes of the whole code point (a lone surrogate becomes U+FFFD).
    const cp = s.codePointAt(i) ?? 0xfffd
    if (cp > 0xffff) i++
    for (const b of encoder.encode(String.fromCodePoint(cp))) out += escapeByte(b)
  }
  return out
}

/** Encodes every character outside `A-Z a-z 0-9 - . _ ~` as `%XX` with upper-case hex (path segments). */
export function percentEncode(s: string): string {
  return encode(s, false)
}

/**
 * The same for a query key or value. A space, which no AI value or accepted parameter can hold,
 * would be written `+` as in the engine and HTML forms; `+` itself is always `%2B`.
 */
export function percentEncodeQuery(s: string): string {
  return encode(s, true)
}

/** The value of one hex digit's character code (either case), or -1. */
export function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48
  if (c >= 65 && c <= 70) return c - 55
  if (c >= 97 && c <= 102) return c - 87
  return -1
}

/**
 * Decodes `%XX` escapes (either hex case) as UTF-8; `+` becomes a space when `plusIsSpace` (query).
 * Returns null for a malformed escape, `%00`, or bytes that are not UTF-8.
 */
export function percentDecode(s: string, plusIsSpace: boolean): string | null {
  const pct = s.indexOf('%')
  if (pct === -1) return plusIsSpace && s.includes('+') ? s.replaceAll('+', ' ') : s
  const bytes: number[] = []
  let out = ''
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 37) {
      const hi = hexValue(s.charCodeAt(i + 1))
      const lo = hexValue(s.charCodeAt(i + 2))
      const b = (hi << 4) | lo
      if (hi < 0 || lo < 0 || b === 0) return null
      bytes.push(b)
      i += 2
      continue
    }
    if (bytes.length > 0) {
      const text = flush(bytes)
      if (text === null) return null
      out += text
    }
    out += c === 43 && plusIsSpace ? ' ' : s[i]
  }
  if (bytes.length === 0) return out
  const tail = flush(bytes)
  return tail === null ? null : out + tail
}

function flush(bytes: number[]): string | null {
  try {
    return decoder.decode(new Uint8Array(bytes.splice(0)))
  } catch {
    return null
  }
}
