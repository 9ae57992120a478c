/** Public types of the EPC binary codec for `eh`/`ex` Digital Link segments (TDS 2.3, EPCB 1.0). */

import type { AiPair } from '../gs1/index.ts'

/** One GS1 element: the GS1 core's pair of AI and value. */
export type { AiPair }

/** The SGTIN family: the schemes the codec first carried, whose behaviour the others keep. */
export type SgtinScheme = 'SGTIN-96' | 'SGTIN-198' | 'SGTIN+' | 'DSGTIN+' | 'DSGTIN++' | 'SGTIN++'

/**
 * Every TDS 2.3 EPC binary scheme that carries a GS1 key (TDS 2.3 Table 14-1): the fixed-length TDS 1.x
 * schemes (partition tables), CPI-var, the '+' schemes of TDS 2.0 and the '++' schemes of TDS 2.3.
 */
export type EpcScheme =
  | SgtinScheme
  | 'SSCC-96'
  | 'SSCC+'
  | 'SSCC++'
  | 'SGLN-96'
  | 'SGLN-195'
  | 'SGLN+'
  | 'SGLN++'
  | 'GRAI-96'
  | 'GRAI-170'
  | 'GRAI+'
  | 'GRAI++'
  | 'GIAI-96'
  | 'GIAI-202'
  | 'GIAI+'
  | 'GIAI++'
  | 'GSRN-96'
  | 'GSRN+'
  | 'GSRN++'
  | 'GSRNP-96'
  | 'GSRNP+'
  | 'GSRNP++'
  | 'GDTI-96'
  | 'GDTI-113'
  | 'GDTI-174'
  | 'GDTI+'
  | 'GDTI++'
  | 'CPI-96'
  | 'CPI-var'
  | 'CPI+'
  | 'CPI++'
  | 'SGCN-96'
  | 'SGCN+'
  | 'SGCN++'
  | 'ITIP-110'
  | 'ITIP-212'
  | 'ITIP+'
  | 'ITIP++'

/** A decoded EPC as the parts of an uncompressed GS1 Digital Link. */
export interface DecodedLink {
  scheme: EpcScheme
  /**
   * The primary key: `{ai: '01', value: GTIN-14}`, `{ai: '00', value: SSCC}`, `{ai: '414', value: GLN}`, …
   */
  key: AiPair
  /**
   * Key qualifiers in Digital Link path order for the key (01: 22, 10, 21, 235; 414: 254, 7040; 8010: 8011;
   * …).
   */
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

/**
 * What the encoder takes: a validated Digital Link's primary key, key qualifiers and attributes. A GTIN link
 * may also be given as `gtin` (GTIN-8 to GTIN-14), as before keys other than 01 existed.
 */
export type LinkInput =
  | { key: AiPair; qualifiers: ReadonlyArray<AiPair>; attributes: ReadonlyArray<AiPair> }
  | { gtin: string; qualifiers: ReadonlyArray<AiPair>; attributes: ReadonlyArray<AiPair> }

/** Encoder options. */
export interface EncodeOptions {
  /**
   * Digits of the GS1 Company Prefix in the key (6–12). The fixed-length schemes (SGTIN-96, SSCC-96, …) split
   * the key at it (TDS 2.3 §7: "determine the number of digits L in the GS1 Company Prefix"), so they are
   * only candidates when it is known; the '+' schemes need no partition.
   */
  gcpLength?: number
  /** Write this scheme or refuse, e.g. SGTIN-96 for a 96-bit tag; by default the smallest candidate wins. */
  scheme?: EpcScheme
}

/** Why a link cannot be encoded. */
export type EncodeRejection =
  | 'invalid-link'
  | 'missing-serial'
  | 'unsupported-key'
  | 'unencodable-ai'
  | 'too-long'

export type EncodeResult =
  | { ok: true; segment: string; scheme: EpcScheme }
  | { ok: false; reason: EncodeRejection; message: string }

/** Segment form: `eh` + lower-case hex or `ex` + base64url (EPCB §4.2.1, §4.2.2). */
export type SegmentForm = 'hex' | 'base64'
