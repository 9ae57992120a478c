/**
 * The X-dimension (module size) ranges of 2D symbols per application, from the GS1 General Specifications'
 * symbol specification tables (GS1 General Specifications, Release 26.0, ratified January 2026, §5.12.3
 * "GS1 symbol specification tables"). Sections are cited, not table numbers: Release 25.0 and 26.0 number their
 * figures differently, their sections alike.
 *
 * Sources, as read for this file (the GenSpecs PDF itself was not read whole; each row names what it rests on):
 * - retail-dl: §5.12.3.1, symbol specification table 1 addendum 2 ("2D barcodes at retail POS", Release 26.0
 *   Table 5-46): QR Code with a GS1 Digital Link URI 0.396 / 0.495 / 0.990 mm, quiet zone 4X. The table's
 *   GS1 DataMatrix and Data Matrix (Digital Link) rows are given the same range by GS1's 2D Barcodes at Retail
 *   POS Implementation Guideline as quoted by secondary sources; the rows themselves were not read.
 * - retail-distribution: §5.12.3.3, symbol specification table 3 addendum 1 (retail POS and general
 *   distribution): QR Code with a GS1 Digital Link URI 0.743 / 0.990 / 0.990 mm. Its Data Matrix rows could not
 *   be sourced and are left out.
 * - healthcare: §5.12.3.6, symbol specification table 6 (regulated healthcare non-retail consumer trade items):
 *   GS1 DataMatrix 0.254 / 0.380 / 0.990 mm. GS1 QR Code has no row: "The GS1 QR Code is not used in regulated
 *   healthcare for UDI" (GS1 US UDI Implementation Guideline R2.3 §4.1). Data Matrix with a Digital Link URI
 *   could not be sourced and is left out.
 * - direct-marking: §5.12.3.7, symbol specification table 7 (direct part marking), label-based rows for items
 *   other than medical devices: GS1 DataMatrix and GS1 QR Code 0.254 / 0.300 / 0.615 mm.
 * - tobacco: symbol specification table 12 (EU tobacco unit packs): QR Code 0.380 to 0.990 mm; its target could
 *   not be sourced (the middle of the range is used when no size is asked).
 * - general: no GS1 table. Any X-dimension from 0.100 mm (the smallest in any table, direct part marking A) to
 *   10 mm, target 0.495 mm (the retail tables' target). The default when `application` is not sent.
 */

/** The four carriers of SPEC's modes, as the tables name them. */
export type Carrier = 'gs1-datamatrix' | 'datamatrix-dl' | 'gs1-qr' | 'qr-dl'

export const CARRIER_NAMES: Readonly<Record<Carrier, string>> = {
  'gs1-datamatrix': 'GS1 DataMatrix (GS1_DATAMATRIX)',
  'datamatrix-dl': 'Data Matrix with a GS1 Digital Link URI (DATAMATRIX_GS1_DIGITAL_LINK_URI)',
  'gs1-qr': 'GS1 QR Code (GS1_QR)',
  'qr-dl': 'QR Code with a GS1 Digital Link URI (QR_GS1_DIGITAL_LINK_URI)',
}

/** An X-dimension range in millimetres. */
export interface XRange {
  readonly min: number
  readonly target: number
  readonly max: number
}

export interface SizeTable {
  /** Where the values come from (section and table), for messages and the docs. */
  readonly source: string
  readonly rows: Readonly<Partial<Record<Carrier, XRange>>>
}

const RETAIL_POS: XRange = { min: 0.396, target: 0.495, max: 0.99 }
const LABEL_DPM: XRange = { min: 0.254, target: 0.3, max: 0.615 }

export const SIZE_TABLES = {
  'retail-dl': {
    source: 'GS1 General Specifications 26.0 §5.12.3.1, symbol specification table 1 addendum 2',
    rows: { 'gs1-datamatrix': RETAIL_POS, 'datamatrix-dl': RETAIL_POS, 'qr-dl': RETAIL_POS },
  },
  'retail-distribution': {
    source: 'GS1 General Specifications 26.0 §5.12.3.3, symbol specification table 3 addendum 1',
    rows: { 'qr-dl': { min: 0.743, target: 0.99, max: 0.99 } },
  },
  healthcare: {
    source: 'GS1 General Specifications 26.0 §5.12.3.6, symbol specification table 6',
    rows: { 'gs1-datamatrix': { min: 0.254, target: 0.38, max: 0.99 } },
  },
  'direct-marking': {
    source: 'GS1 General Specifications 26.0 §5.12.3.7, symbol specification table 7 (label-based)',
    rows: { 'gs1-datamatrix': LABEL_DPM, 'gs1-qr': LABEL_DPM },
  },
  tobacco: {
    source: 'GS1 General Specifications 26.0 §5.12.3, symbol specification table 12',
    rows: {
      'gs1-qr': { min: 0.38, target: 0.685, max: 0.99 },
      'qr-dl': { min: 0.38, target: 0.685, max: 0.99 },
    },
  },
  general: {
    source: 'no GS1 symbol specification table',
    rows: {
      'gs1-datamatrix': { min: 0.1, target: 0.495, max: 10 },
      'datamatrix-dl': { min: 0.1, target: 0.495, max: 10 },
      'gs1-qr': { min: 0.1, target: 0.495, max: 10 },
      'qr-dl': { min: 0.1, target: 0.495, max: 10 },
    },
  },
} as const satisfies Record<string, SizeTable>

export type Application = keyof typeof SIZE_TABLES

export const APPLICATIONS = Object.keys(SIZE_TABLES) as readonly Application[]

export const DEFAULT_APPLICATION: Application = 'general'

/** The carrier of a symbol: its symbology and whether it carries GS1 element strings (FNC1) or a URI. */
export function carrierOf(encoder: 'qrcode' | 'datamatrix', fnc1: boolean): Carrier {
  if (encoder === 'qrcode') return fnc1 ? 'gs1-qr' : 'qr-dl'
  return fnc1 ? 'gs1-datamatrix' : 'datamatrix-dl'
}

/** The table's range for the carrier, or null when the table has no row for it. */
export function rangeOf(application: Application, carrier: Carrier): XRange | null {
  const rows: Partial<Record<Carrier, XRange>> = SIZE_TABLES[application].rows
  return rows[carrier] ?? null
}

/** The carriers a table lists, named for a message. */
export function carriersOf(application: Application): string[] {
  return Object.keys(SIZE_TABLES[application].rows).map((c) => CARRIER_NAMES[c as Carrier])
}

/** `0.396 to 0.990 mm`. */
export function rangeText(range: XRange): string {
  return `${mm(range.min)} to ${mm(range.max)} mm`
}

/** Millimetres with three decimals, as the tables print them. */
export function mm(value: number): string {
  return value.toFixed(3)
}
