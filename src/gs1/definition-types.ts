/** Types of a code definition after validation, and the options of validation and generation. */
import type { ExtensionParameter } from './digital-link.ts'

/** Output modes (SPEC "Code definition"). */
export const MODES = [
  'GS1_DATAMATRIX',
  'DATAMATRIX_GS1_DIGITAL_LINK_URI',
  'GS1_QR',
  'QR_GS1_DIGITAL_LINK_URI',
] as const
export type Mode = (typeof MODES)[number]

/** QR error-correction levels (SPEC rule 14). */
export const ERROR_CORRECTION_LEVELS = ['L', 'M', 'Q', 'H'] as const
export type ErrorCorrectionLevel = (typeof ERROR_CORRECTION_LEVELS)[number]

/** EPC compression of a Digital Link (DESIGN §6). */
export const COMPRESSIONS = ['EPC_HEX', 'EPC_BASE64'] as const
export type Compression = (typeof COMPRESSIONS)[number]

export interface DefinitionOptions {
  /** Batch and render require `mode` (SPEC). */
  requireMode?: boolean
  /** Render accepts `errorCorrectionLevel`; elsewhere a non-null value is rejected. */
  render?: boolean
}

/** A `{key, value}` pair as in the definition. */
export interface KeyValue {
  key: string
  value: string
}

/** A valid code definition with normalised values and defaults applied. */
export interface Definition {
  mode: Mode | null
  reference: string | null
  language: string | null
  errorCorrectionLevel: ErrorCorrectionLevel | null
  compression: Compression | null
  primaryKey: KeyValue
  ais: KeyValue[]
  digitalLinkStem: string | null
  linkType: string | null
  context: string | null
  extensionParameters: ExtensionParameter[]
}

export function isDigitalLinkMode(mode: Mode | null): boolean {
  return mode === 'DATAMATRIX_GS1_DIGITAL_LINK_URI' || mode === 'QR_GS1_DIGITAL_LINK_URI'
}

export function isQrMode(mode: Mode | null): boolean {
  return mode === 'GS1_QR' || mode === 'QR_GS1_DIGITAL_LINK_URI'
}
