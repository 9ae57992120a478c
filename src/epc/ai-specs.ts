/** Table F rows parsed once into lookup objects, plus Table K lengths and Table B integer bit counts. */
import { tableFRows, tableKLengths } from './table-f.ts'

/** Encoding method codes of `table-f.ts` (TDS 2.3 §14.5.x). */
export type MethodKind = 'N' | 'B' | 'A' | 'V' | 'X' | 'D' | 'T' | 'R' | 'P' | 'C' | 'S' | 'Q' | 'M'

/** One value component: fixed digits/bits (N, B) or length-indicator bits and maximum length (A, V, X). */
export interface Component {
  kind: MethodKind
  digits: number
  bits: number
  li: number
  max: number
}

export interface AiSpec {
  ai: string
  first: Component
  second: Component | null
}

function parseComponent(code: string): Component {
  const kind = code[0] as MethodKind
  const [a = 0, b = 0] = code.slice(1).split('.').map(Number)
  if (kind === 'N') return { kind, digits: a, bits: 4 * a, li: 0, max: a }
  if (kind === 'B') return { kind, digits: a, bits: b, li: 0, max: a }
  return { kind, digits: 0, bits: 0, li: a, max: b }
}

function buildSpecs(): Map<string, AiSpec> {
  const specs = new Map<string, AiSpec>()
  for (const [ai, code] of tableFRows()) {
    const [first = '', second] = code.split('+')
    specs.set(ai, { ai, first: parseComponent(first), second: second ? parseComponent(second) : null })
  }
  return specs
}

/** Table F by AI. An AI missing here is one the encoding does not know (TDS 15.3). */
export const AI_SPECS: ReadonlyMap<string, AiSpec> = buildSpecs()

/** Table K: AI length by its first two digits as a number 0–99; 0 = no such AI. */
export const AI_LENGTHS: Uint8Array = tableKLengths()

/** Largest maximum length of any Table F component (AIs 91–99: 90 characters). */
export const MAX_VALUE_LENGTH = 90

function numericBitTable(): Uint16Array {
  const t = new Uint16Array(MAX_VALUE_LENGTH + 1)
  let limit = 1n
  for (let n = 1; n <= MAX_VALUE_LENGTH; n++) {
    limit *= 10n
    t[n] = (limit - 1n).toString(2).length
  }
  return t
}

/**
 * Bits of an n-digit numeric string as an integer, ceil(n·log2 10), computed exactly as the bit length
 * of 10^n − 1 (Table B column b; TDS 14.5.6.1). Index = n.
 */
export const NUMERIC_BITS: Uint16Array = numericBitTable()

/** AI 21 as the serial of every SGTIN+ family scheme (Table F row 21, TDS 14.6.1.3). */
export const SERIAL_SPEC = AI_SPECS.get('21') as AiSpec

/** Prioritised date type indicator → AI (TDS 2.3 §14.5.3); index = 4-bit value, 7–15 reserved. */
export const DATE_TYPE_AIS: ReadonlyArray<string> = ['11', '13', '15', '16', '17', '7006', '7007']
