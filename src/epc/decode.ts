/** Decodes an `eh`/`ex` segment or a bare hex EPC into a GS1 Digital Link of any key; never throws. */
import { aiInfo } from '../gs1/index.ts'
import { type BitReader, checkAlphabet, createReader } from './bits.ts'
import { abortDecoding, EpcError } from './errors.ts'
import { inOneSequence, qualifierOrder } from './key-link.ts'
import { readScheme } from './read-schemes.ts'
import { SCHEMES } from './schemes.ts'
import type { AiPair, DecodedLink, DecodeResult, EpcRejection, EpcScheme } from './types.ts'
import { validateLink } from './validate.ts'

/** Segment length including the `eh`/`ex` prefix (SPEC, GET /{compressedLink}). */
const MIN_SEGMENT = 3
const MAX_SEGMENT = 1024

function reject(reason: EpcRejection, message: string): DecodeResult {
  return { ok: false, reason, message }
}

/**
 * Decodes the last path segment of a compressed link, without its slash: `eh` + hex (either case) or
 * `ex` + base64url without padding (EPCB §4.2.1, §4.2.2), read as a bit string, never through bytes.
 * @example decodeSegment('eh30164596f40c0e5cbe991a83') // SGTIN-96, GTIN 09528765123457, serial 123456789123
 */
export function decodeSegment(segment: string): DecodeResult {
  if (typeof segment !== 'string') return reject('syntax', 'the segment is not a string')
  const n = segment.length
  if (n < MIN_SEGMENT || n > MAX_SEGMENT) {
    return reject('syntax', `a compressed link segment has ${MIN_SEGMENT} to ${MAX_SEGMENT} characters`)
  }
  const kind = segment.charCodeAt(1)
  const width = segment.charCodeAt(0) !== 101 ? 0 : kind === 104 ? 4 : kind === 120 ? 6 : 0
  if (width === 0) return reject('syntax', "a compressed link segment starts with 'eh' or 'ex'")
  if (!checkAlphabet(segment, 2, width)) {
    return width === 4
      ? reject('syntax', "a character after 'eh' is not hexadecimal")
      : reject('syntax', "a character after 'ex' is not base64url (A–Z a–z 0–9 - _, no padding)")
  }
  return decodeReader(createReader(segment, 2, width))
}

/**
 * Decodes a bare hexadecimal EPC (as RFID readers print it), with the same rules as an `eh` segment.
 * @example decodeHex('3066C4409047E140075BCD15') // SGTIN-96, GTIN 09506000134352, serial 123456789
 */
export function decodeHex(hex: string): DecodeResult {
  if (typeof hex !== 'string') return reject('syntax', 'the EPC is not a string')
  if (hex.length < MIN_SEGMENT - 2 || hex.length > MAX_SEGMENT - 2) {
    return reject('syntax', `a hex EPC has ${MIN_SEGMENT - 2} to ${MAX_SEGMENT - 2} characters`)
  }
  if (!checkAlphabet(hex, 0, 4)) return reject('syntax', 'a character of the EPC is not hexadecimal')
  return decodeReader(createReader(hex, 0, 4))
}

function decodeReader(r: BitReader): DecodeResult {
  try {
    const pairs: AiPair[] = []
    const scheme = readScheme(r, pairs)
    return { ok: true, link: toLink(scheme, pairs) }
  } catch (e) {
    if (e instanceof EpcError) return reject(e.reason, e.message)
    // A safety net only: every path above rejects through EpcError, which the property tests check.
    return reject('malformed', 'internal decoder error')
  }
}

/**
 * Checked fixed-length schemes are valid as read. The others merge identical repeats and reject conflicting
 * ones (EPC-NOTES policy §10.6), are validated, then split into the key's qualifiers and the other AIs.
 */
function toLink(scheme: EpcScheme, pairs: AiPair[]): DecodedLink {
  const key = pairs[0] as AiPair
  if (SCHEMES[scheme].checked) return { scheme, key, qualifiers: pairs.slice(1), attributes: [] }
  const unique: AiPair[] = []
  for (const pair of pairs) {
    const seen = unique.find((p) => p.ai === pair.ai)
    if (seen === undefined) unique.push(pair)
    else if (seen.value !== pair.value)
      abortDecoding('conflicting-duplicate-ai', `AI (${pair.ai}) appears twice with different values`)
  }
  validateLink(unique)
  const order = qualifierOrder(key.ai)
  const qualifiers: AiPair[] = []
  for (const ai of order) {
    const q = unique.find((p) => p.ai === ai)
    if (q !== undefined) qualifiers.push(q)
  }
  if (!inOneSequence(key.ai, qualifiers))
    abortDecoding('invalid-link', `AI (${key.ai}) takes one of its qualifier sequences, not several`)
  const attributes = unique.filter((p) => p.ai !== key.ai && !order.includes(p.ai))
  // SPEC "GET /{compressedLink}": the decoded link must be a valid Digital Link, so every other AI must be
  // one a Digital Link query may carry (the encoder refuses the others alike).
  const foreign = attributes.find((p) => aiInfo(p.ai)?.dlAttribute !== true)
  if (foreign !== undefined)
    abortDecoding('invalid-link', `AI (${foreign.ai}) is not a valid Digital Link data attribute`)
  return { scheme, key, qualifiers, attributes }
}
