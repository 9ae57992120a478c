/** Public types of the EPC binary codec for `eh`/`ex` Digital Link segments (TDS 2.3, EPCB 1.0). */

import type { AiPair } from '../gs1/index.ts'

/** One GS1 element: the GS1 core's pair of AI and value. */
export type { AiPair }

/** The six SGTIN-family schemes a compressed link may carry (TDS 2.3 Table 14-1). */
export type EpcScheme = 'SGTIN-96' | 'SGTIN-198' | 'SGTIN+' | 'DSGTIN+' | 'DSGTIN++' | 'SGTIN++'

/** A decoded EPC as the parts of an uncompressed GS1 Digital Link. */
export interface DecodedLink {
  scheme: EpcScheme
  /** GTIN-14 (AI 01). */
  gtin: string
  /** Key qualifiers in Digital Link path order: 22, 10, 21, 235. */
  qualifiers: AiPair[]
  /** Every other AI (prioritised date first, then +AIDC data), in encoded order. */
  attributes: AiPair[]
}

/**
 * Why a segment does not decode; the names follow `code` in the shared EPC vectors. All of them map to
 * `400 INVALID_GS1_DIGITAL_LINK` in the resolver.
 */
export type EpcRejection =
  | 'syntax'
  | 'unsupported-header'
  | 'malformed'
  | 'unknown-ai'
  | 'trailing-data'
  | 'conflicting-duplicate-ai'
  | 'invalid-link'

export type DecodeResult =
  | { ok: true; link: DecodedLink }
  | { ok: false; reason: EpcRejection; message: string }

/** What the encoder takes: a validated Digital Link's GTIN, key qualifiers (21 required) and attributes. */
export interface LinkInput {
  gtin: string
  qualifiers: ReadonlyArray<AiPair>
  attributes: ReadonlyArray<AiPair>
}

/** Why a link cannot be encoded. */
export type EncodeRejection = 'invalid-link' | 'missing-serial' | 'unencodable-ai' | 'too-long'

export type EncodeResult =
  | { ok: true; segment: string }
  | { ok: false; reason: EncodeRejection; message: string }

/** Segment form: `eh` + lower-case hex or `ex` + base64url (EPCB §4.2.1, §4.2.2). */
export type SegmentForm = 'hex' | 'base64'
