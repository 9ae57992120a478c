/** The parsed GS1 Digital Link the resolver works on, and its canonical uncompressed path. */

import { type AiPair, percentEncode } from '../gs1/index.ts'

/** One Application Identifier and its (decoded) value: the GS1 core's pair, read-only. */
export type AiValue = Readonly<AiPair>

/** A valid link of a GS1 key: what both the path parsers and the EPC decoder produce. */
export interface KeyLink {
  /** The primary key's AI: `01` (GTIN), `00` (SSCC), `414` (GLN), … */
  readonly key: string
  /** The key's value; a GTIN has 14 digits. */
  readonly value: string
  /** Key qualifiers in the dictionary's order for the key (01: 22, 10, 21, or 235 alone; GS1 DL URI Syntax §4.9). */
  readonly qualifiers: readonly AiValue[]
  /**
   * Query built from the non-qualifier AIs of a compressed link, placed before the scan's own query
   * (SPEC "GET /{compressedLink}" rule 3); '' for an uncompressed link.
   */
  readonly attributeQuery: string
}

/** `/{key}/{value}/{ai}/{value}…`: the uncompressed form used in the anchor and the custom-domain redirect. */
export function linkPath(link: KeyLink): string {
  return `/${link.key}/${percentEncode(link.value)}${qualifierPath(link)}`
}

/** The qualifiers' part of the path, `/10/ABC/21/7` ('' when none). */
export function qualifierPath(link: KeyLink): string {
  let path = ''
  for (const q of link.qualifiers) path += `/${q.ai}/${percentEncode(q.value)}`
  return path
}

/** The value of a key qualifier, or null. */
export function qualifierValue(link: KeyLink, ai: string): string | null {
  for (const q of link.qualifiers) if (q.ai === ai) return q.value
  return null
}

/** The GTIN of a GTIN link (AI 01), else null. */
export function gtinOf(link: KeyLink): string | null {
  return link.key === '01' ? link.value : null
}
