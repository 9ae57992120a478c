/** Public API of the EPC binary codec: `eh`/`ex` compressed Digital Link segments (TDS 2.3, EPCB 1.0). */
export { decodeHex, decodeSegment } from './decode.ts'
export { encodeLink } from './encode.ts'
export { toDigitalLinkPath } from './link-path.ts'
export type {
  AiPair,
  DecodedLink,
  DecodeResult,
  EncodeRejection,
  EncodeResult,
  EpcRejection,
  EpcScheme,
  LinkInput,
  SegmentForm,
} from './types.ts'
