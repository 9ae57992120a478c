/** What to draw for a generated code: the bwip-js encoder, its data and options (SPEC "Render 2D barcode"). */
import type { CodeResult, ErrorCorrectionLevel, Mode } from '../gs1/index.ts'
import { fnc1ElementString } from '../gs1/index.ts'
import { type Carrier, carrierOf } from './gs1-size-tables.ts'

/** One symbol to draw; equal symbols draw identical SVGs, so `key` can index a cache. */
export interface SymbolSpec {
  /** bwip-js encoder: plain `datamatrix` / `qrcode` (GS1 data is marked by a leading FNC1). */
  encoder: 'datamatrix' | 'qrcode'
  /** The encoder's text: `^FNC1`-marked AI data for GS1 modes, the URI for Digital Link modes. */
  text: string
  /** True for GS1 modes: bwip-js reads `^FNC1` in the text. */
  fnc1: boolean
  /** QR only: the exact level (SPEC rule 14: no automatic upgrade). */
  eclevel: ErrorCorrectionLevel | null
  /** Quiet zone in modules: 4 for QR, 1 for Data Matrix. */
  quietZone: number
  key: string
}

const QUIET_ZONE = { qrcode: 4, datamatrix: 1 } as const

// bwip-js writes FNC1 as `^FNC1` when `parsefnc` is set. GS1 values never hold `^` (it is in none of
// the GS1 character sets 82, 39 or 64), so the caret needs no escaping.
const FNC1 = '^FNC1'

/**
 * The GS1 element string with FNC1 in first position and after every variable-length value that is
 * followed by more data (GS1 General Specifications §7.8.5). `datamatrix` / `qrcode` with a leading FNC1
 * are GS1 Data Matrix (`]d2`) and GS1 QR (`]Q3`). This replaces bwip-js's `gs1datamatrix` / `gs1qrcode`,
 * whose bracketed input cannot carry a `(` inside a value.
 */
export function gs1SymbolData(result: Pick<CodeResult, 'primaryKey' | 'ais'>): string {
  const pairs = [result.primaryKey, ...result.ais].map((p) => ({ ai: p.key, value: p.value }))
  return fnc1ElementString(pairs).replaceAll('^', FNC1)
}

function isQr(mode: Mode): boolean {
  return mode === 'GS1_QR' || mode === 'QR_GS1_DIGITAL_LINK_URI'
}

function isGs1(mode: Mode): boolean {
  return mode === 'GS1_DATAMATRIX' || mode === 'GS1_QR'
}

/** The carrier a mode's symbol is in GS1's size tables (a GS1 QR Code, a Data Matrix with a Digital Link…). */
export function carrierOfMode(mode: Mode): Carrier {
  return carrierOf(isQr(mode) ? 'qrcode' : 'datamatrix', isGs1(mode))
}

/** The symbol for a generated code with its mode; the level is ignored for Data Matrix. */
export function symbolFor(
  result: Pick<CodeResult, 'primaryKey' | 'ais' | 'barcodeText'>,
  mode: Mode,
  level: ErrorCorrectionLevel | null,
): SymbolSpec {
  const encoder = isQr(mode) ? 'qrcode' : 'datamatrix'
  const fnc1 = isGs1(mode)
  const text = fnc1 ? gs1SymbolData(result) : result.barcodeText
  const eclevel = encoder === 'qrcode' ? (level ?? 'L') : null
  return {
    encoder,
    text,
    fnc1,
    eclevel,
    quietZone: QUIET_ZONE[encoder],
    key: `${encoder}|${eclevel}|${fnc1}|${text}`,
  }
}
