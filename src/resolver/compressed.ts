/** `/{eh…|ex…}` segments: decoded by the EPC codec into the same KeyLink as an uncompressed path (SPEC). */
import { decodeSegment } from '../epc/index.ts'
import { percentEncode } from '../gs1/index.ts'
import type { KeyLink } from './link.ts'

/** SPEC Limits: compressed segment length, prefix included. */
const MIN_LENGTH = 3
const MAX_LENGTH = 1024

/** True when a single path segment is meant as a compressed link (`eh` hex or `ex` base64url). */
export function isCompressedSegment(segment: string): boolean {
  return segment.charCodeAt(0) === 101 && (segment.charCodeAt(1) === 104 || segment.charCodeAt(1) === 120)
}

/**
 * Decodes a compressed segment, or null for every `400` case of SPEC "GET /{compressedLink}". The filter
 * value and any hostname inside the EPC are ignored (decoding rule 1); the codec already rejects links that
 * are not valid Digital Links.
 */
export function decodeCompressed(segment: string): KeyLink | null {
  if (segment.length < MIN_LENGTH || segment.length > MAX_LENGTH) return null
  const decoded = decodeSegment(segment)
  if (!decoded.ok) return null
  const { key, qualifiers, attributes } = decoded.link
  // Decoding rule 3: every other AI becomes a query parameter, in the order the EPC carries them.
  let attributeQuery = ''
  for (const a of attributes) {
    attributeQuery += `${attributeQuery === '' ? '' : '&'}${a.ai}=${percentEncode(a.value)}`
  }
  return {
    key: key.ai,
    value: key.value,
    qualifiers: qualifiers.map((q) => ({ ai: q.ai, value: q.value })),
    attributeQuery,
  }
}
