/** The parsed GS1 Digital Link the resolver works on, and its canonical uncompressed path. */

import type { AiPair } from '../gs1/index.ts'

/** One Application Identifier and its (decoded) value: the GS1 core's pair, read-only. */
export type AiValue = Readonly<AiPair>

/** A valid GTIN link: what both the path parser and the EPC decoder produce. */
export interface GtinLink {
  /** GTIN-14. */
  readonly gtin: string
  /** Key qualifiers in GS1 order: 22, 10, 21, or 235 alone (GS1 DL URI Syntax §4.9). */
  readonly qualifiers: readonly AiValue[]
  /**
   * Query built from the non-qualifier AIs of a compressed link, placed before the scan's own query
   * (SPEC "GET /{compressedLink}" rule 3); '' for an uncompressed link.
   */
  readonly attributeQuery: string
}

const HEX = '0123456789ABCDEF'

/** RFC 3986 unreserved characters stay raw. */
function isUnreserved(c: number): boolean {
  return (
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 45 ||
    c === 46 ||
    c === 95 ||
    c === 126
  )
}

/**
 * Percent-encodes an AI value for a path segment or a query value: every byte outside the RFC 3986
 * unreserved set, upper-case hex (GS1 DL URI Syntax, percent-encoding of XCHAR; SYNTAX-NOTES §2.3 item 6).
 */
export function encodeAiValue(value: string): string {
  let i = 0
  while (i < value.length && isUnreserved(value.charCodeAt(i))) i++
  if (i === value.length) return value
  let out = value.slice(0, i)
  const bytes = new TextEncoder().encode(value.slice(i))
  for (const b of bytes) {
    out += isUnreserved(b) ? String.fromCharCode(b) : `%${HEX[b >> 4]}${HEX[b & 15]}`
  }
  return out
}

/** `/01/{gtin}/{ai}/{value}…`: the uncompressed form used in the anchor and the custom-domain redirect. */
export function linkPath(link: GtinLink): string {
  let path = `/01/${link.gtin}`
  for (const q of link.qualifiers) path += `/${q.ai}/${encodeAiValue(q.value)}`
  return path
}

/** The value of a key qualifier, or null. */
export function qualifierValue(link: GtinLink, ai: string): string | null {
  for (const q of link.qualifiers) if (q.ai === ai) return q.value
  return null
}
