/**
 * Public API of the EPC binary codec: `eh` (hex) / `ex` (base64url) compressed GS1 Digital Link segments
 * (GS1 DL compression of EPC binary strings 1.0, "EPCB") for every TDS 2.3 EPC binary scheme that carries a
 * GS1 key. Pure: no I/O, no clock.
 *
 * | key (AI) [qualifiers]  | fixed-length (TDS 1.x)             | '+' (TDS 2.0)   | '++' (TDS 2.3, read) |
 * |------------------------|------------------------------------|-----------------|----------------------|
 * | GTIN (01) [22, 10, 21] | SGTIN-96, SGTIN-198                | SGTIN+, DSGTIN+ | SGTIN++, DSGTIN++    |
 * | SSCC (00)              | SSCC-96                            | SSCC+           | SSCC++               |
 * | GLN (414) [254, 7040]  | SGLN-96, SGLN-195                  | SGLN+           | SGLN++               |
 * | GRAI (8003)            | GRAI-96, GRAI-170                  | GRAI+           | GRAI++               |
 * | GIAI (8004) [7040]     | GIAI-96, GIAI-202                  | GIAI+           | GIAI++               |
 * | GSRN (8018) [8019]     | GSRN-96                            | GSRN+           | GSRN++               |
 * | GSRNP (8017) [8019]    | GSRNP-96                           | GSRNP+          | GSRNP++              |
 * | GDTI (253)             | GDTI-96, GDTI-174, GDTI-113 (read) | GDTI+           | GDTI++               |
 * | CPID (8010) [8011]     | CPI-96, CPI-var                    | CPI+            | CPI++                |
 * | GCN (255)              | SGCN-96                            | SGCN+           | SGCN++               |
 * | ITIP (8006) [10, 21]   | ITIP-110, ITIP-212                 | ITIP+           | ITIP++               |
 *
 * CPI-var is variable-length. The '+' and '++' schemes carry further AIs as +AIDC data (TDS 15.3); the
 * hostname of a '++' scheme is skipped. GID-96, USDoD-96 and ADI-var carry no GS1 key: `unsupported-header`.
 * `encodeLink` writes the smallest scheme that carries the link; fixed-length schemes are candidates when the
 * GS1 Company Prefix length is given (`gcpLength`), since their partition depends on it.
 */
export { decodeHex, decodeSegment } from './decode.ts'
export { encodeLink } from './encode.ts'
export { toDigitalLinkPath } from './link-path.ts'
export type {
  AiPair,
  DecodedLink,
  DecodeResult,
  EncodeOptions,
  EncodeRejection,
  EncodeResult,
  EpcRejection,
  EpcScheme,
  LinkInput,
  SegmentForm,
  SgtinScheme,
} from './types.ts'
