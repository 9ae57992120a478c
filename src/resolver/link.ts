/** The parsed GS1 Digital Link the resolver works on, and its canonical uncompressed path. */

import { type AiPair, percentEncode } from '../gs1/index.ts'

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

/** `/01/{gtin}/{ai}/{value}…`: the uncompressed form used in the anchor and the custom-domain redirect. */
export function linkPath(link: GtinLink): string {
  let path = `/01/${link.gtin}`
  for (const q of link.qualifiers) path += `/${q.ai}/${percentEncode(q.value)}`
  return path
}

/** The value of a key qualifier, or null. */
export function qualifierValue(link: GtinLink, ai: string): string | null {
  for (const q of link.qualifiers) if (q.ai === ai) return q.value
  return null
}
